package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderEvidence;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record {@link RunRecordWriter} writes matches goload.run-2.schema.json, and the schema rejects broken ones. */
class RunRecordSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void writtenOpenLoopRecordValidates() throws Exception {
        Path file = write("openloop", Map.of("activePartitions", 4, "arrival", "poisson", "pushBatch", 100));
        RecordSchema.assertValid(file);
        JsonNode rec = JSON.readTree(file.toFile());
        assertEquals("goload.run/2", rec.path("schema").asText());
        assertEquals(RunRecordWriter.counters(RunCounters.Snapshot.ZERO).keySet().size(), rec.path("counters").size());
    }

    @Test
    void theLogIsBasedAtTheFirstIntervalsStartNotAtTheWritersOpening() throws Exception {
        Path sub = dir.resolve("base");
        RunHeader header = new RunHeader("run-b", "openloop", "0.1.0", "http1", "c", Map.of(), null,
                new RunHeader.Broker("http://127.0.0.1:1", false, false));
        long opened = 1_780_000_000_000L;
        long t0 = opened + 7_250; // the warm-up and a coordinated start came between
        try (RunRecordWriter<Void> w = new RunRecordWriter<>(sub, header, opened)) {
            org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
            h.recordValue(100);
            h.setTag("push");
            h.setStartTimeStamp(t0);
            h.setEndTimeStamp(t0 + 1_000);
            w.onHistogram("push", h);
            w.finish(outcome("openloop"), Map.of("activePartitions", 1, "arrival", "uniform", "pushBatch", 1),
                    List.of());
        }
        String log = java.nio.file.Files.readString(sub.resolve("run-b.hlog"));
        assertTrue(log.contains("#[StartTime: " + String.format(java.util.Locale.ROOT, "%.3f", t0 / 1000.0)), log);
        var reader = new org.HdrHistogram.HistogramLogReader(sub.resolve("run-b.hlog").toFile());
        assertEquals(t0, reader.nextIntervalHistogram().getStartTimeStamp(), "absolute timestamps survive");
    }

    @Test
    void everyModeValidatesWithItsMinimalSection() throws Exception {
        for (String mode : List.of("cloud", "order", "cm", "app", "tenants", "provision")) {
            RecordSchema.assertValid(read(write(mode, Map.of())));
        }
        RecordSchema.assertValid(read(write("max", Map.of("activePartitions", 1, "pushBatch", 1))));
    }

    @Test
    void missingCountersIsRejected() throws Exception {
        ObjectNode rec = read(validRecord());
        rec.remove("counters");
        assertRejected(rec, "counters");
    }

    @Test
    void unknownModeIsRejected() throws Exception {
        ObjectNode rec = read(validRecord());
        rec.put("mode", "closedloop");
        assertRejected(rec, "mode");
    }

    @Test
    void extraTopLevelKeyIsRejected() throws Exception {
        ObjectNode rec = read(validRecord());
        rec.put("pushed", 5);
        assertRejected(rec, "pushed");
    }

    @Test
    void missingCounterKeyIsRejected() throws Exception {
        ObjectNode rec = read(validRecord());
        ((ObjectNode) rec.path("counters")).remove("popped");
        assertRejected(rec, "popped");
        ObjectNode phase = read(validRecord());
        ((ObjectNode) phase.path("phases").path(0).path("counters")).remove("acked");
        assertRejected(phase, "acked");
    }

    @Test
    void openLoopSectionWithoutPushBatchIsRejectedButOtherModesAreOpen() throws Exception {
        ObjectNode rec = read(validRecord());
        ((ObjectNode) rec.path("section")).remove("pushBatch");
        assertRejected(rec, "pushBatch");
        ObjectNode cloud = read(write("cloud", Map.of("anything", List.of(1, 2))));
        RecordSchema.assertValid(cloud);
    }

    @Test
    void wrongTypesInsideNestedObjectsAreRejected() throws Exception {
        ObjectNode rec = read(validRecord());
        ((ObjectNode) rec.path("latencyMs").path("push")).put("p99", "slow");
        assertRejected(rec, "p99");
        ObjectNode err = read(validRecord());
        ((ObjectNode) err.path("errors").path("push")).remove("total");
        assertRejected(err, "total");
        ObjectNode verdict = read(validRecord());
        ((ObjectNode) verdict.path("verdict")).put("result", "OK");
        assertRejected(verdict, "result");
        ObjectNode loader = read(validRecord());
        ((ObjectNode) loader.path("loader")).put("extra", 1);
        assertRejected(loader, "extra");
    }

    private static void assertRejected(JsonNode rec, String mentioned) {
        List<String> v = RecordSchema.violations(rec);
        assertFalse(v.isEmpty(), "the schema accepted a record without/with a bad " + mentioned);
        assertTrue(v.stream().anyMatch(s -> s.contains(mentioned)), () -> mentioned + " not named in " + v);
        assertThrows(AssertionError.class, () -> RecordSchema.assertValid(rec));
    }

    private Path validRecord() throws Exception {
        return write("openloop", Map.of("activePartitions", 4, "arrival", "uniform", "pushBatch", 100));
    }

    private static ObjectNode read(Path file) throws Exception {
        return (ObjectNode) JSON.readTree(file.toFile());
    }

    private Path write(String mode, Object section) throws Exception {
        Path sub = dir.resolve(mode + System.nanoTime());
        RunHeader header = new RunHeader("run-" + mode, mode, "0.1.0", "http1", "[config] mode=" + mode,
                Map.of("mode", mode, "rate", "600000", "api-key", "***"), 42L,
                new RunHeader.Broker("http://user:secret@127.0.0.1:6632", true, false));
        try (RunRecordWriter<Void> w = new RunRecordWriter<>(sub, header, 1_780_000_000_000L)) {
            return w.finish(outcome(mode), section, List.of(Artifact.of("extra", sub.resolve("x.log"))));
        }
    }

    /** A synthetic outcome with every part filled: counters, two phases, errors, latency, loader with rules. */
    static RunOutcome outcome(String mode) {
        RunCounters c = new RunCounters();
        c.offeredReq.add(1000);
        c.sentReq.add(990);
        c.achievedReq.add(980);
        c.pushedMsgs.add(98_000);
        c.pushErrReq.add(10);
        c.popped.add(97_000);
        c.pushErrors.record("timeout", "push timed out after 30s");
        RunCounters.Snapshot total = c.snapshot();
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (int i = 1; i <= 1000; i++) h.recordValue(i * 10L);
        Map<String, LatencySummary> latency = new LinkedHashMap<>();
        latency.put("push", LatencySummary.of(h));
        latency.put("e2e", LatencySummary.EMPTY);
        var evidence = new LoaderEvidence(0, 0, 1, "load", 0.4, 1000, 1.5, 0, 990, 10);
        var warm = new LoaderWarmUp.Result(120, 1, 8, 8, 3, 500, null);
        var loader = new RunResult.LoaderSummary(2, 0.4, 0.9, 4.1, 3, 12.5, 300L << 20, false, List.of(),
                LoaderBoundRules.DEFAULTS, warm, 0, List.of(evidence));
        Map<String, ErrorStats.Snapshot> errors = c.errorFamilies();
        var phases = List.of(new RunOutcome.Phase("load", 0, 10, total),
                new RunOutcome.Phase("drain", 10, 12, RunCounters.Snapshot.ZERO));
        JsonNode health = JSON.createObjectNode().put("status", "healthy").put("version", "0.12.0");
        return new RunOutcome(mode, "run-" + mode, 1_780_000_000_000L, 1_780_000_012_000L, "duration", phases, total,
                errors, latency, Map.of("push", h), loader, health, null, Verdict.NONE, 0, 2, 12);
    }
}
