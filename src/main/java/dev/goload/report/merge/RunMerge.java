package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencySummary;
import dev.goload.modes.run.RunOutcome;
import dev.goload.report.Artifact;
import dev.goload.report.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code goload merge}: one {@code goload.run/2} record, {@code .hlog} and interval CSV for a sharded run, from its
 * shards' ({@link ShardInputs} checks them, {@link HlogMerge} adds the histograms, {@link CsvMerge} the interval rows,
 * {@link RecordMerge} the record). {@link #combine} merges in memory, so {@code cli.MergeCommand} judges the merged
 * run (its thresholds on {@link Merged#outcome}, {@code -strict}) before {@link Merged#write} writes it; the merged
 * run is then read by {@code report}, {@code compare} and thresholds like any other.
 */
public final class RunMerge {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where the merged run went. */
    public record Result(Path record, Path hlog, Path csv, int shards, String mode, String verdict) {}

    private RunMerge() {}

    /** Merges the shards at {@code inputs} into {@code outDir}, judged by nothing ({@link Merged#write}). */
    public static Result merge(List<Path> inputs, Path outDir) throws IOException {
        return combine(inputs).write(outDir, List.of(), List.of());
    }

    /**
     * Reads and checks the shards and merges them in memory; nothing is written yet, so whatever judges the merged
     * run (its thresholds) can still refuse it before a file exists.
     *
     * @throws IllegalArgumentException when the inputs are not the complete, consistent shards of one run
     */
    public static Merged combine(List<Path> inputs) throws IOException {
        List<ShardInputs.Shard> shards = ShardInputs.read(inputs);
        JsonNode first = shards.getFirst().json();
        long periodMs = reportSeconds(first) * 1000L;
        HlogMerge hlog = new HlogMerge(periodMs);
        for (ShardInputs.Shard s : shards) {
            hlog.add(s.index(), s.hlog(), Instant.parse(s.json().path("startedAt").asText()).toEpochMilli(),
                    s.untilEpochMs());
        }
        List<String> tags = tags(first);
        checkLogsMatchRecords(shards, hlog, tags);
        Map<String, LatencySummary> latency = RecordMerge.latency(shards.stream().map(ShardInputs.Shard::json)
                .toList(), hlog, tags);
        return new Merged(shards, hlog, tags, latency, RecordMerge.merge(shards, hlog, latency));
    }

    /** A merged run in memory: its record (without thresholds and artifacts yet) and its added histograms. */
    public static final class Merged {
        private final List<ShardInputs.Shard> shards;
        private final HlogMerge hlog;
        private final List<String> tags;
        private final Map<String, LatencySummary> latency;
        private final ObjectNode record;

        private Merged(List<ShardInputs.Shard> shards, HlogMerge hlog, List<String> tags,
                       Map<String, LatencySummary> latency, ObjectNode record) {
            this.shards = shards;
            this.hlog = hlog;
            this.tags = tags;
            this.latency = latency;
            this.record = record;
        }

        public String mode() {
            return record.path("mode").asText();
        }

        public String runId() {
            return record.path("runId").asText();
        }

        /** The merged record as it stands (read-only to callers). */
        public JsonNode record() {
            return record;
        }

        /** The whole merged run as a single run's engine returns it (thresholds read this). */
        public RunOutcome outcome() {
            return MergedOutcome.of(record, hlog.whole, latency);
        }

        /** The {@code -threshold} expressions the shards were run with (the same on every shard), in order. */
        public List<String> shardThresholds() {
            return ShardInputs.thresholds(shards.getFirst());
        }

        /** The expression a shard's {@code -threshold-abort} stopped it with, or null. */
        public String abortedBy() {
            for (ShardInputs.Shard s : shards) {
                for (JsonNode t : s.json().path("thresholds")) {
                    if (t.path("abort").asBoolean()) return t.path("expr").asText();
                }
            }
            return null;
        }

        /** Whether the shards ran with {@code -strict}. */
        public boolean shardsStrict() {
            return shards.getFirst().json().path("flags").path("strict").asBoolean(false);
        }

        /**
         * The shards whose loader never wrote its final record, as {@code shard I (record): incomplete: …}; the merged
         * record is then incomplete too ({@code "complete": false}) and merge exits 1, as for a failed shard.
         */
        public List<String> incompleteShards() {
            List<String> out = new ArrayList<>();
            for (ShardInputs.Shard s : shards) {
                if (!s.complete()) {
                    out.add(s.name() + ": " + dev.goload.report.html.RunRecord.of(s.json()).incompleteNote());
                }
            }
            return out;
        }

        /** The merged verdict's exit code (its shards' highest: what a single run of the mode exits with). */
        public int verdictExitCode() {
            return record.path("verdict").path("exitCode").asInt();
        }

        /**
         * Writes the merged record ({@code <run-id>.json}, with {@code thresholds} as evaluated on it), {@code .hlog}
         * and interval CSV into {@code outDir}.
         *
         * @param thresholds the record's {@code thresholds} entries (serialised as a run's record writer does)
         * @param extra      further artifacts the caller writes next to the record ({@code html}: the report)
         */
        public Result write(Path outDir, List<?> thresholds, List<Artifact> extra) throws IOException {
            String runId = runId();
            Files.createDirectories(outDir);
            Path recordOut = outDir.resolve(runId + ".json");
            Path hlogOut = outDir.resolve(runId + ".hlog");
            Path csvOut = outDir.resolve(runId + ".intervals.csv");
            JsonNode first = shards.getFirst().json();
            long t0 = first.path("shard").path("t0EpochMs").asLong(
                    Instant.parse(first.path("startedAt").asText()).toEpochMilli());
            hlog.write(hlogOut, runId, t0, tags);
            CsvMerge.merge(shards.stream().map(ShardInputs.Shard::csv).toList(),
                    shards.stream().map(ShardInputs.Shard::rows).toList(), hlog, csvOut);

            ObjectNode merged = record.deepCopy();
            merged.set("thresholds", JSON.valueToTree(thresholds));
            ArrayNode artifacts = JSON.createArrayNode();
            List<Artifact> all = new ArrayList<>(List.of(Artifact.of("record", recordOut),
                    Artifact.of("intervalsCsv", csvOut), Artifact.of("hlog", hlogOut)));
            all.addAll(extra);
            for (ShardInputs.Shard s : shards) all.add(Artifact.of("shardRecord", s.record()));
            all.forEach(a -> artifacts.add(JSON.valueToTree(a)));
            merged.set("artifacts", artifacts);
            merged.set("artifactErrors", JSON.createArrayNode());
            JsonFiles.writeAtomically(recordOut, merged);
            return new Result(recordOut, hlogOut, csvOut, shards.size(), mode(),
                    merged.path("verdict").path("result").asText());
        }
    }

    static int reportSeconds(JsonNode record) {
        JsonNode r = record.path("flags").path("report");
        int s = r.isNumber() ? r.asInt() : Integer.parseInt(r.asText("0").replaceAll("s$", ""));
        if (s <= 0) throw new IllegalArgumentException(record.path("runId").asText() + ": no report interval in flags");
        return s;
    }

    /** Every value a shard's record counted must be in its log, or the merged percentiles would be wrong. */
    private static void checkLogsMatchRecords(List<ShardInputs.Shard> shards, HlogMerge hlog, List<String> tags) {
        for (ShardInputs.Shard s : shards) {
            Map<String, Long> logged = hlog.countsByShard.getOrDefault(s.index(), Map.of());
            for (String tag : tags) {
                long rec = s.json().path("latencyMs").path(tag).path("count").asLong();
                long log = logged.getOrDefault(tag, 0L);
                if (rec != log) {
                    throw new IllegalArgumentException(s.name() + ": its .hlog holds " + log + " " + tag
                            + " values but its record counted " + rec + " (an incomplete log cannot be merged"
                            + " exactly)");
                }
            }
        }
    }

    /** The tags of a record's latency object, in order. */
    static List<String> tags(JsonNode record) {
        List<String> t = new ArrayList<>();
        for (Iterator<String> it = record.path("latencyMs").fieldNames(); it.hasNext(); ) t.add(it.next());
        return t;
    }
}
