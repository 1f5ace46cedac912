package dev.goload.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RecordSchema;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three shards run through the real reporter and record writer on a manual clock; their merge must equal, exactly, one
 * run that recorded every shard's values.
 */
class RunMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SEC = 1_000_000_000L;
    private static final long T0_MS = 1_764_590_400_000L; // 2025-12-01T12:00:00Z

    @TempDir
    Path tmp;

    private Path shardRun(int index, int count, long seed, LatencyRecorder alsoInto, RunCounters alsoCounters,
                          String rate, Verdict verdict) throws Exception {
        return ShardRunFixture.run(tmp, index, count, seed, alsoInto, alsoCounters, rate, verdict);
    }

    @Test
    void theMergeOfThreeShardsEqualsOneRunThatRecordedEverything() throws Exception {
        LatencyRecorder whole = new LatencyRecorder("push");
        RunCounters wholeCounters = new RunCounters();
        List<Path> shards = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            shards.add(shardRun(i, 3, 11 + i, whole, wholeCounters, "30000", Verdict.NONE));
        }
        RunMerge.Result res = RunMerge.merge(shards, tmp.resolve("merged"));
        JsonNode m = JSON.readTree(res.record().toFile());
        RecordSchema.assertValid(res.record());

        JsonNode c = m.path("counters");
        assertEquals(wholeCounters.offeredReq.sum(), c.path("offeredReq").asLong());
        assertEquals(wholeCounters.achievedReq.sum(), c.path("achievedReq").asLong());
        assertEquals(wholeCounters.pushedMsgs.sum(), c.path("pushedMsgs").asLong());

        whole.sampleInterval();
        LatencySummary expected = LatencySummary.of(whole.cumulative(), whole.exactMaxMicros());
        assertEquals(JSON.valueToTree(expected).toString(), m.path("latencyMs").path("push").toString(),
                "percentiles of the added histograms, not of percentiles");
        assertEquals(3, m.path("shard").path("count").asInt());
        assertTrue(m.path("shard").path("merged").asBoolean());
        assertEquals(3, m.path("section").path("shards").size());
        assertEquals(30, m.path("section").path("activePartitions").asInt(), "numbers in the section are summed");
        assertEquals(10, m.path("section").path("pushBatch").asInt(), "a setting is not a quantity: shard 0's");
        assertEquals("NONE", m.path("verdict").path("result").asText());

        // the merged log: every value of every shard, on the common 1 s grid
        Histogram sum = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        int intervals = 0;
        var reader = new org.HdrHistogram.HistogramLogReader(res.hlog().toFile());
        for (var e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
            Histogram h = (Histogram) e;
            if ("push".equals(h.getTag())) {
                assertEquals(0, (h.getStartTimeStamp() - T0_MS) % 1000, "aligned to T0 + k·1 s");
                sum.add(h);
                intervals++;
            }
        }
        assertEquals(whole.cumulative().getTotalCount(), sum.getTotalCount());
        assertEquals(5, intervals);

        List<String> csv = Files.readAllLines(res.csv());
        assertEquals(6, csv.size(), "header + 5 aligned intervals");
        assertEquals(Integer.toString(5), Integer.toString(m.path("intervals").asInt()));
    }

    @Test
    void aFailedShardFailsTheMergedVerdictWithItsFindingsNamed() throws Exception {
        LatencyRecorder whole = new LatencyRecorder("push");
        RunCounters wc = new RunCounters();
        List<Path> shards = List.of(
                shardRun(0, 2, 1, whole, wc, "30000", Verdict.pass()),
                shardRun(1, 2, 2, whole, wc, "30000", Verdict.fail(3, List.of("missing=3"))));
        JsonNode m = JSON.readTree(RunMerge.merge(shards, tmp.resolve("m")).record().toFile());
        assertEquals("FAIL", m.path("verdict").path("result").asText());
        assertEquals(3, m.path("verdict").path("exitCode").asInt());
        assertEquals("shard 1: missing=3", m.path("verdict").path("findings").get(0).asText());
    }

    @Test
    void inconsistentInputsAreRefusedByName() throws Exception {
        LatencyRecorder w = new LatencyRecorder("push");
        RunCounters wc = new RunCounters();
        Path a = shardRun(0, 3, 1, w, wc, "30000", Verdict.NONE);
        Path b = shardRun(1, 3, 2, w, wc, "30000", Verdict.NONE);
        Path otherRate = shardRun(2, 3, 3, w, wc, "40000", Verdict.NONE);
        Path dupOfA = shardRun(0, 3, 4, w, wc, "30000", Verdict.NONE);

        String missing = assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(a, b), tmp.resolve("x"))).getMessage();
        assertTrue(missing.contains("missing: 2"), missing);
        String dup = assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(a, dupOfA, b), tmp.resolve("x"))).getMessage();
        assertTrue(dup.contains("shard 0 is given twice"), dup);
        String cfg = assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(a, b, otherRate), tmp.resolve("x"))).getMessage();
        assertTrue(cfg.contains("another configuration") && cfg.contains("-rate=30000 vs 40000"), cfg);

        Path unsharded = tmp.resolve("plain.json");
        ObjectNode j = (ObjectNode) JSON.readTree(a.toFile());
        j.putNull("shard");
        JSON.writeValue(unsharded.toFile(), j);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(unsharded, b), tmp.resolve("x"))).getMessage()
                .contains("not a shard's record"));
        Path v1 = tmp.resolve("v1.json");
        Files.writeString(v1, "{\"schema\":\"goload.run/1\"}");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(v1, b), tmp.resolve("x"))).getMessage().contains("goload.run/1"));

        // a log that lost values cannot be merged exactly
        Path hlogB = b.resolveSibling("soak-1.hlog");
        List<String> lines = Files.readAllLines(hlogB);
        Files.write(hlogB, lines.subList(0, lines.size() - 2));
        Path c = shardRun(2, 3, 5, w, wc, "30000", Verdict.NONE);
        String incomplete = assertThrows(IllegalArgumentException.class,
                () -> RunMerge.merge(List.of(a, b, c), tmp.resolve("x"))).getMessage();
        assertTrue(incomplete.contains("incomplete log"), incomplete);
    }
}
