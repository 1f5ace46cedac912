package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordReaderTest {
    @TempDir
    Path dir;

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
