package dev.goload.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * {@link RecordMerge} the record). The merged run is read by {@code report}, {@code compare} and thresholds like any
 * other.
 */
public final class RunMerge {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where the merged run went. */
    public record Result(Path record, Path hlog, Path csv, int shards, String mode, String verdict) {}

    private RunMerge() {}

    public static Result merge(List<Path> inputs, Path outDir) throws IOException {
        List<ShardInputs.Shard> shards = ShardInputs.read(inputs);
        JsonNode first = shards.getFirst().json();
        String runId = first.path("runId").asText();
        long periodMs = reportSeconds(first) * 1000L;
        HlogMerge hlog = new HlogMerge(periodMs);
        for (ShardInputs.Shard s : shards) {
            hlog.add(s.index(), s.hlog(), Instant.parse(s.json().path("startedAt").asText()).toEpochMilli());
        }
        List<String> tags = tags(first);
        checkLogsMatchRecords(shards, hlog, tags);

        Files.createDirectories(outDir);
        Path record = outDir.resolve(runId + ".json");
        Path hlogOut = outDir.resolve(runId + ".hlog");
        Path csvOut = outDir.resolve(runId + ".intervals.csv");
        long t0 = first.path("shard").path("t0EpochMs").asLong(
                Instant.parse(first.path("startedAt").asText()).toEpochMilli());
        hlog.write(hlogOut, runId, t0, tags);
        CsvMerge.merge(shards.stream().map(ShardInputs.Shard::csv).toList(), hlog, csvOut);

        ObjectNode merged = RecordMerge.merge(shards, hlog, tags);
        ArrayNode artifacts = JSON.createArrayNode();
        artifacts.addObject().put("kind", "record").put("path", record.toString());
        artifacts.addObject().put("kind", "intervalsCsv").put("path", csvOut.toString());
        artifacts.addObject().put("kind", "hlog").put("path", hlogOut.toString());
        for (ShardInputs.Shard s : shards) {
            artifacts.addObject().put("kind", "shardRecord").put("path", s.record().toString());
        }
        merged.set("artifacts", artifacts);
        merged.set("artifactErrors", JSON.createArrayNode());
        JsonFiles.writeAtomically(record, merged);
        return new Result(record, hlogOut, csvOut, shards.size(), merged.path("mode").asText(),
                merged.path("verdict").path("result").asText());
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
