package dev.goload.modes.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Resolves the tenants of a cloud run (goload-behavior.md §2.3 setup step 2): the tenants file written by
 * {@code -mode provision} (format §2.4), or — broker target without a file — synthesized broker-only identities.
 * Only reads the file; never logs a key.
 */
public final class CloudTenants {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The outcome: the tenants, and the note printed when they were synthesized (null otherwise). */
    public record Resolved(List<CloudTenant> tenants, String synthesizedNote) {}

    /** The file could not be used; the message never contains a key. */
    public static final class TenantsFileException extends Exception {
        public TenantsFileException(String message) {
            super(message);
        }
    }

    private CloudTenants() {}

    /**
     * @param limit first N tenants (0 = all); with synthesized tenants the count (≤ 0 ⇒ 1)
     */
    public static Resolved resolve(String target, String file, int limit) throws TenantsFileException {
        List<CloudTenant> all;
        try {
            all = read(Path.of(file));
        } catch (TenantsFileException e) {
            if (target.equals("proxy")) {
                throw e;
            }
            int n = Math.max(1, limit);
            List<CloudTenant> synth = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                synth.add(CloudTenant.synthesized(i));
            }
            return new Resolved(synth, String.format(
                    "[cloud] no tenants file (%s) -> synthesized %d broker-only tenant identities", e.getMessage(), n));
        }
        if (limit > 0 && limit < all.size()) {
            all = all.subList(0, limit);
        }
        return new Resolved(List.copyOf(all), null);
    }

    /** Reads a tenants file, sorted by idx. */
    public static List<CloudTenant> read(Path file) throws TenantsFileException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new TenantsFileException("open " + file + ": no such file or directory");
        } catch (IOException e) {
            // Jackson's message may quote file content (a key): report only the location.
            throw new TenantsFileException(file + ": not a valid tenants file (" + e.getClass().getSimpleName() + ")");
        }
        if (root == null || !root.path("tenants").isArray()) {
            throw new TenantsFileException(file + ": no \"tenants\" array");
        }
        List<CloudTenant> out = new ArrayList<>();
        for (JsonNode t : root.get("tenants")) {
            if (!t.path("idx").canConvertToInt()) {
                throw new TenantsFileException(file + ": a tenant without a numeric idx");
            }
            out.add(new CloudTenant(t.get("idx").asInt(), t.path("tenantSlug").asText(""),
                    t.path("clusterSlug").asText(""), t.path("brokerTenant").asText(""), t.path("apiKey").asText("")));
        }
        out.sort(Comparator.comparingInt(CloudTenant::idx));
        return out;
    }
}
