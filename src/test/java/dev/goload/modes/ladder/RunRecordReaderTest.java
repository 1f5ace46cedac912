package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderEvidence;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RecordSchema;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordReaderTest {
    @TempDir
    Path dir;

    /** A real goload.run/2 record as RunRecordWriter writes it: 10 s load phase, then a 2 s drain. */
    private Path v2Record(String mode, Verdict verdict) throws Exception {
        RunCounters load = new RunCounters();
        load.offeredReq.add(100);
        load.sentReq.add(99);
        load.achievedReq.add(99);
        load.pushedMsgs.add(990);
        load.popped.add(900);
        load.shedCapReq.add(1);
        load.pushErrReq.add(2);
        load.pushErrors.record("timeout", "t");
        load.pushErrors.record("timeout", "t");
        load.popErrors.record("conn", "c");
        RunCounters drain = new RunCounters();
        drain.popped.add(90);
        RunCounters.Snapshot total = load.snapshot(); // + the drain's 90 pops
        total = new RunCounters.Snapshot(total.offeredReq(), total.sentReq(), total.achievedReq(), total.shedCapReq(),
                total.shedBehindReq(), total.pushedMsgs(), total.pushErrReq(), 0, 0, 0, 990, 0, 1, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, total.errorsByKind());
        Histogram e2e = new Histogram(3_600_000_000L, 3);
        e2e.recordValue(1500);
        e2e.recordValue(9000);
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        lat.put("push", LatencySummary.of(e2e));
        lat.put("e2e", LatencySummary.of(e2e));
        var loader = new RunResult.LoaderSummary(2, 0.4, 0.9, 4.1, 3, 12.5, 300L << 20, true, List.of("cpu"),
                LoaderBoundRules.DEFAULTS, null, 0, List.of(new LoaderEvidence(0, 0, 1, "load", 0.3, 200, 1.5, 0, 200,
                0)));
        RunOutcome o = new RunOutcome(mode, "r", 1_780_000_000_000L, 1_780_000_012_000L, "duration",
                List.of(new RunOutcome.Phase("load", 0, 10, load.snapshot()),
                        new RunOutcome.Phase("drain", 10, 12, drain.snapshot())),
                total, load.errorFamilies(), lat, Map.of(), loader, null, "refused", verdict, 0, 0, 12);
        RunHeader h = new RunHeader("r", mode, "t", "http1", "c", Map.of(), null,
                new RunHeader.Broker("http://127.0.0.1:1", false, false));
        try (RunRecordWriter<Void> w = new RunRecordWriter<>(dir.resolve(mode), h, 1_780_000_000_000L)) {
            return w.finish(o, "cloud".equals(mode) ? Map.of() : Map.of("activePartitions", 4, "arrival", "uniform", "pushBatch", 10),
                    List.of());
        }
    }

    @Test
    void readsTheLoadPhaseOfAGoloadRun2Record() throws Exception {
        Path p = v2Record("openloop", Verdict.NONE);
        RecordSchema.assertValid(p);
        PointMetrics m = RunRecordReader.read(p);
        assertEquals(100.0, m.offered(), 1e-9, "100 requests x push-batch 10 over the 10 s load phase");
        assertEquals(99.0, m.achievedPush(), 1e-9);
        assertEquals(90.0, m.achievedPop(), 1e-9, "pops of the load phase only, not the drain's");
        assertEquals(10.0, m.loadSec(), 1e-9);
        assertEquals(9.0, m.p99Ms(), 0.01, "e2e when the run measured it");
        assertEquals(10, m.shedMsgs());
        assertEquals(3, m.errors(), "push and pop totals");
        assertEquals(90, m.backlogMsgs(), "left when the load phase ended");
        assertTrue(m.loaderBound());
        assertEquals("UNVERIFIED", m.verdict());
        assertEquals(1_780_000_000_000L, m.startedEpochMs());
        assertEquals(200, m.loader().intervals().getFirst().launches());
    }

    @Test
    void aVerifyingModesV2VerdictIsRead() throws Exception {
        PointMetrics m = RunRecordReader.read(v2Record("cloud", Verdict.fail(1, List.of("lost 3"))));
        assertEquals("FAIL", m.verdict());
        assertEquals(10.0, m.offered(), 1e-9, "a mode without push-batch offers one message per request");
    }

    @Test
    void readsTheOpenLoopRunRecord() throws Exception {
        Path p = dir.resolve("r.json");
        Files.writeString(p, """
                {"schema":"goload.run/1","startedAt":"2026-07-30T12:00:00Z","durationSec":10.0,
                 "config":{"pushBatch":10},
                 "counters":{"offeredReq":100,"pushedMsgs":990,"popped":900,"shedCapReq":1,"shedBehindReq":0,
                             "pushErrReq":2,"popErr":1,"ackErr":0},
                 "latencyMs":{"push":{"count":99,"p50":1.5,"p99":9.0},"e2e":{"count":0,"p50":0,"p99":0}},
                 "loader":{"loaderBound":true},"loaderBound":true}
                """);
        PointMetrics m = RunRecordReader.read(p);
        assertEquals(100.0, m.offered(), 1e-9);
        assertEquals(99.0, m.achievedPush(), 1e-9);
        assertEquals(90.0, m.achievedPop(), 1e-9);
        assertEquals(9.0, m.p99Ms(), 1e-9);
        assertEquals(10, m.shedMsgs());
        assertEquals(3, m.errors());
        assertEquals(90, m.backlogMsgs());
        assertTrue(m.loaderBound());
        assertEquals("UNVERIFIED", m.verdict());
    }

    @Test
    void readsTheLoaderEvidenceOfAnOpenLoopAndACloudRecord() throws Exception {
        String loader = """
                {"availableProcessors":2,"loaderBound":false,
                 "rules":{"cpuFraction":0.9,"latenessP99Ms":10.0,"embeddedBroker":false,"minPacerSamples":50,
                          "sustainIntervals":2,"minCpuSeconds":0.5},
                 "intervals":[{"index":0,"startSec":0.0,"endSec":1.0,"phase":"load","cpuCores":0.3,"launches":200,
                               "latenessP99Ms":1.5,"shedBehind":0,"pushesFinished":200,"pushesFailed":0,"later":1}]}""";
        Path open = dir.resolve("o.json");
        Files.writeString(open, "{\"schema\":\"goload.run/1\",\"durationSec\":1.0,\"loader\":" + loader + "}");
        Path cloud = dir.resolve("c.json");
        Files.writeString(cloud, "{\"achieved\":{},\"loadSec\":1.0,\"additions\":{\"loader\":" + loader + "}}");
        for (Path p : new Path[] {open, cloud}) {
            PointMetrics.LoaderSeries s = RunRecordReader.read(p).loader();
            assertEquals(2, s.cores());
            assertEquals(50, s.rules().minPacerSamples(), "the rules the record was measured under");
            assertEquals(1, s.intervals().size());
            assertEquals(200, s.intervals().getFirst().launches());
            assertEquals("load", s.intervals().getFirst().phase());
        }
    }

    @Test
    void aRecordWithoutEvidenceHasNoSeries() throws Exception {
        Path p = dir.resolve("old.json");
        Files.writeString(p, "{\"schema\":\"goload.run/1\",\"durationSec\":1.0,\"loader\":{\"loaderBound\":true}}");
        assertNull(RunRecordReader.read(p).loader());
    }
}
