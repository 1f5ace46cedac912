package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The shard runs {@code goload merge} is given, read and checked: every input a {@code goload.run/2} record of one
 * shard of the same run — same mode, run id, shard count, T0 and configuration apart from the flags that differ per
 * shard by design — and the shards {@code 0 … N-1} each present exactly once. Anything else is refused with a message
 * that names the problem and the files.
 */
public final class ShardInputs {
    /** Flags that legitimately differ between the shards of one run. */
    static final Set<String> PER_SHARD_FLAGS = dev.goload.shard.PerShardFlags.NAMES;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One shard's run: its record and the interval files next to it. */
    public record Shard(int index, Path record, JsonNode json, Path hlog, Path csv) {
        String name() {
            return "shard " + index + " (" + record + ")";
        }

        /** False for a shard whose loader never wrote its final record (docs/run-record.md#incomplete-records). */
        public boolean complete() {
            return json.path("complete").asBoolean(true);
        }

        /** The CSV rows and .hlog intervals its record covers: all of them, or an incomplete record's intervals. */
        int rows() {
            return complete() ? Integer.MAX_VALUE : json.path("intervals").asInt(0);
        }

        /** The end of the last interval its record covers (epoch ms); {@code Long.MAX_VALUE} for a complete one. */
        long untilEpochMs() {
            return complete() ? Long.MAX_VALUE : java.time.Instant.parse(json.path("endedAt").asText()).toEpochMilli();
        }
    }

    private ShardInputs() {}

    /**
     * Reads the inputs (record files, or run directories holding one {@code goload.run/2} record each) and checks
     * them; the shards come back ordered by index.
     *
     * @throws IllegalArgumentException when the inputs are not the complete, consistent shards of one run
     */
    public static List<Shard> read(List<Path> inputs) throws IOException {
        if (inputs.size() < 2) throw new IllegalArgumentException("merge needs the records of at least two shards");
        List<Shard> shards = new ArrayList<>();
        for (Path p : inputs) shards.add(load(p));
        check(shards);
        shards.sort(java.util.Comparator.comparingInt(Shard::index));
        return shards;
    }

    static Shard load(Path input) throws IOException {
        Path record = Files.isDirectory(input) ? findRecord(input) : input;
        if (!Files.isRegularFile(record)) throw new IllegalArgumentException(input + ": no such record");
        JsonNode j;
        try {
            j = JSON.readTree(record.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(record + " is not JSON: " + e.getMessage());
        }
        String schema = j.path("schema").asText("");
        if (!schema.equals("goload.run/2")) {
            throw new IllegalArgumentException(record + " is a " + (schema.isEmpty() ? "file without a schema" : schema)
                    + " record; merge takes goload.run/2 records of sharded runs");
        }
        JsonNode shard = j.path("shard");
        if (!shard.isObject() || !shard.has("index") || !shard.has("count")) {
            throw new IllegalArgumentException(record + " is not a shard's record (no shard index): run each loader"
                    + " with -shard I/N or -shards N");
        }
        String runId = j.path("runId").asText();
        Path dir = record.toAbsolutePath().getParent();
        return new Shard(shard.path("index").asInt(), record, j, dir.resolve(runId + ".hlog"),
                dir.resolve(runId + ".intervals.csv"));
    }

    private static Path findRecord(Path dir) throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                try {
                    if ("goload.run/2".equals(JSON.readTree(p.toFile()).path("schema").asText())) found.add(p);
                } catch (IOException e) {
                    // not a record
                }
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(dir + " holds " + found.size() + " goload.run/2 records; give the"
                    + " record file itself");
        }
        return found.getFirst();
    }

    static void check(List<Shard> shards) {
        Shard first = shards.getFirst();
        int count = first.json().path("shard").path("count").asInt();
        Map<Integer, Shard> byIndex = new TreeMap<>();
        for (Shard s : shards) {
            JsonNode j = s.json();
            same(first, s, "mode", j.path("mode").asText(), first.json().path("mode").asText());
            same(first, s, "run id", j.path("runId").asText(), first.json().path("runId").asText());
            same(first, s, "shard count", Integer.toString(j.path("shard").path("count").asInt()),
                    Integer.toString(count));
            same(first, s, "T0", j.path("shard").path("t0EpochMs").asText(),
                    first.json().path("shard").path("t0EpochMs").asText());
            List<String> diff = flagDifferences(first.json().path("flags"), j.path("flags"));
            if (!diff.isEmpty()) {
                throw new IllegalArgumentException(s.name() + " ran another configuration than " + first.name()
                        + ": " + String.join(", ", diff));
            }
            if (!thresholds(s).equals(thresholds(first))) {
                throw new IllegalArgumentException(s.name() + " was judged by other thresholds than " + first.name()
                        + ": " + thresholds(s) + " vs " + thresholds(first) + " (the merged run is judged by the"
                        + " shards' thresholds, so they must be the same on every shard)");
            }
            Shard dup = byIndex.put(s.index(), s);
            if (dup != null) {
                throw new IllegalArgumentException("shard " + s.index() + " is given twice: " + dup.record() + " and "
                        + s.record());
            }
            for (Path f : List.of(s.hlog(), s.csv())) {
                if (!Files.isRegularFile(f)) throw new IllegalArgumentException(s.name() + ": " + f + " is missing");
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) if (!byIndex.containsKey(i)) missing.add(i);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the run has " + count + " shards; missing: "
                    + missing.toString().replaceAll("[\\[\\]]", ""));
        }
        if (byIndex.size() != count) {
            throw new IllegalArgumentException("shard indexes " + byIndex.keySet() + " do not fit a run of " + count);
        }
    }

    /** The {@code -threshold} expressions a shard's record was judged by, in order. */
    static List<String> thresholds(Shard s) {
        List<String> out = new ArrayList<>();
        s.json().path("thresholds").forEach(t -> out.add(t.path("expr").asText()));
        return out;
    }

    private static void same(Shard first, Shard s, String what, String value, String expected) {
        if (!value.equals(expected)) {
            throw new IllegalArgumentException(s.name() + " has " + what + " " + value + " but " + first.name()
                    + " has " + expected);
        }
    }

    /** The flags that differ, {@code -name=a vs b}, apart from {@link #PER_SHARD_FLAGS}. */
    static List<String> flagDifferences(JsonNode a, JsonNode b) {
        Map<String, String> x = new TreeMap<>();
        Map<String, String> y = new TreeMap<>();
        flags(a, x);
        flags(b, y);
        List<String> out = new ArrayList<>();
        Set<String> names = new java.util.TreeSet<>(x.keySet());
        names.addAll(y.keySet());
        for (String n : names) {
            if (PER_SHARD_FLAGS.contains(n)) continue;
            String u = x.get(n);
            String v = y.get(n);
            if (!java.util.Objects.equals(u, v)) out.add("-" + n + "=" + u + " vs " + v);
        }
        return out;
    }

    private static void flags(JsonNode n, Map<String, String> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            into.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
        }
    }
}
