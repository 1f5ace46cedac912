package dev.goload.tenancy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The tenants file (goload-behavior.md §2.4): written by {@code provision}, read by {@code cloud}, {@code order} and
 * {@code goload broker -proxy}. The only place plaintext API keys live.
 *
 * <pre>{@code
 * { "cell": "bench", "plan": "bench", "prefix": "camp", "generatedAt": "2026-07-29T10:00:00Z",
 *   "tenants": [ { "idx": 0, "tenantSlug": "camp-0000", "clusterSlug": "camp-0000", "tenantId": "<uuid>",
 *                  "clusterId": "<uuid>", "brokerTenant": "<uuid>", "apiKey": "<plaintext>", "plan": "bench" } ] }
 * }</pre>
 *
 * <p>{@link #write(Path)} is atomic: the JSON goes to {@code <file>.tmp} (created mode 0600, fsync'ed), then is
 * renamed over the file, so a reader sees the old or the new file, never half of one, and the key never sits in a
 * world-readable file even briefly. The parent directory is created (0755) when missing. Read errors never quote the
 * file's content (it holds keys). {@link #toString()} masks keys. Immutable; tenants are sorted by idx.
 */
@JsonPropertyOrder({"cell", "plan", "prefix", "generatedAt", "tenants"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record TenantsFile(
        @JsonProperty("cell") String cell,
        @JsonProperty("plan") String plan,
        @JsonProperty("prefix") String prefix,
        @JsonProperty("generatedAt") String generatedAt,
        @JsonProperty("tenants") List<Tenant> tenants) {

    private static final ObjectMapper JSON = JsonMapper.builder()
            // Jackson quotes the input around a syntax error by default: that input holds API keys.
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    public TenantsFile {
        cell = Objects.requireNonNullElse(cell, "");
        plan = Objects.requireNonNullElse(plan, "");
        prefix = Objects.requireNonNullElse(prefix, "");
        generatedAt = Objects.requireNonNullElse(generatedAt, "");
        List<Tenant> sorted = new ArrayList<>(tenants == null ? List.of() : tenants);
        sorted.removeIf(Objects::isNull);
        sorted.sort(Comparator.comparingInt(Tenant::idx));
        tenants = List.copyOf(sorted);
    }

    /** A file with no tenants yet (what {@code provision} starts from when the file does not exist). */
    public static TenantsFile empty(String cell, String plan, String prefix) {
        return new TenantsFile(cell, plan, prefix, "", List.of());
    }

    /**
     * Reads and parses {@code file}.
     *
     * @throws NoSuchFileException when it does not exist
     * @throws IOException when it cannot be read or is not a tenants file; the message never quotes the content
     */
    public static TenantsFile read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try {
            TenantsFile f = JSON.readValue(bytes, TenantsFile.class);
            if (f == null) {
                throw new IOException("not a tenants file (empty JSON)");
            }
            return f;
        } catch (JsonProcessingException e) {
            throw new IOException("invalid tenants JSON: " + e.getOriginalMessage()
                    + locationOf(e), null);
        }
    }

    /** {@link #read(Path)}, or {@code empty(cell, plan, prefix)} when the file does not exist. */
    public static TenantsFile readOrEmpty(Path file, String cell, String plan, String prefix) throws IOException {
        try {
            return read(file);
        } catch (NoSuchFileException e) {
            return empty(cell, plan, prefix);
        }
    }

    /** Atomically replaces {@code file} with this content (mode 0600); see the class comment. */
    public void write(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        if (dir != null && !Files.isDirectory(dir)) {
            if (posix) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwxr-xr-x")));
            } else {
                Files.createDirectories(dir);
            }
        }
        byte[] bytes = toJson();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        if (posix) {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(tmp);
        }
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            var buf = java.nio.ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        try {
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
        if (posix) {
            // A pre-existing file replaced by rename takes the tmp file's 0600; this only repairs odd umasks.
            Files.setPosixFilePermissions(abs, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Indented JSON with a trailing newline, exactly what {@link #write(Path)} stores. */
    public byte[] toJson() {
        try {
            String s = JSON.writeValueAsString(this);
            return (s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode tenants file", e);
        }
    }

    /** The tenant with this index, if present. */
    public Optional<Tenant> byIdx(int idx) {
        return tenants.stream().filter(t -> t.idx() == idx).findFirst();
    }

    /** Indices that hold a non-empty key (the reference's {@code have} set). */
    public Map<Integer, Tenant> withKeys() {
        Map<Integer, Tenant> out = new TreeMap<>();
        for (Tenant t : tenants) {
            if (t.hasKey()) {
                out.put(t.idx(), t);
            }
        }
        return out;
    }

    /** This file with {@code t} added or replacing the tenant of the same idx. */
    public TenantsFile put(Tenant t) {
        List<Tenant> next = new ArrayList<>(tenants.size() + 1);
        for (Tenant x : tenants) {
            if (x.idx() != t.idx()) {
                next.add(x);
            }
        }
        next.add(t);
        return new TenantsFile(cell, plan, prefix, generatedAt, next);
    }

    /** This file with new header fields and {@code generatedAt} = {@code now} (RFC 3339 UTC, seconds). */
    public TenantsFile stamped(String newCell, String newPlan, String newPrefix, Instant now) {
        return new TenantsFile(newCell, newPlan, newPrefix, now.truncatedTo(ChronoUnit.SECONDS).toString(), tenants);
    }

    @Override
    public String toString() {
        return "TenantsFile[cell=" + cell + ", plan=" + plan + ", prefix=" + prefix + ", generatedAt=" + generatedAt
                + ", tenants=" + tenants.size() + " (keys masked)]";
    }

    private static String locationOf(JsonProcessingException e) {
        var loc = e.getLocation();
        return loc == null ? "" : " at line " + loc.getLineNr() + " column " + loc.getColumnNr();
    }
}
