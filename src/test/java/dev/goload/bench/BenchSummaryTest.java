package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ladder verdict reads only the steady state: warm-up intervals of the .hlog and the counters' totals. */
class BenchSummaryTest {
    @TempDir
    Path work;

    /**
     * One ladder step: a run record, its interval CSV (three one-second intervals, the last the drain's) and one push
     * histogram per interval.
     */
    private void step(int reqPerSec, long warmupPushMicros, long steadyPushMicros, long shed) throws IOException {
        Path dir = Files.createDirectories(work.resolve("rate-" + reqPerSec));
        Files.writeString(dir.resolve("goload-20260101-000000-x.json"), """
                {"schema":"goload.run/2","durationSec":3,"loader":{"cpuSeconds":0.3,"cpuCoresAvg":0.1},
                 "counters":{"shedCapReq":%d,"shedBehindReq":0,"pushErrReq":0,"offeredReq":300,"achievedReq":300},
                 "intervals":3}
                """.formatted(shed));
        Files.writeString(dir.resolve("goload-20260101-000000-x.intervals.csv"), """
                interval,seconds,loader_cpu_cores,pushed_total,acked_total,rss_mb,last
                0,1.000,0.900,100,0,50,false
                1,1.000,0.100,300,0,51,false
                2,1.000,0.100,300,0,52,true
                """);
        try (OutputStream out = Files.newOutputStream(dir.resolve("x.hlog"))) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            for (long v : new long[] {warmupPushMicros, steadyPushMicros, steadyPushMicros}) {
                Histogram h = new Histogram(3);
                h.recordValue(v);
                h.setTag("push");
                w.outputIntervalHistogram(h);
            }
        }
    }

    @Test
    void aStepHoldsOnItsSteadyStateAndFailsOnShedOrASlowSteadyP99() throws IOException {
        Files.writeString(work.resolve("bench.properties"), "warmup=1\npushBatch=100\ncommand=scripts/bench --quick\n");
        step(1000, 900_000, 2_000, 0);  // a slow warm-up interval is discarded
        step(2000, 2_000, 20_000, 0);   // steady p99 of 20 ms
        step(3000, 2_000, 2_000, 1);    // a shed request
        JsonNode s = new BenchSummary(work).summary();
        JsonNode ladder = s.path("ladder");
        assertEquals(3, ladder.size());
        JsonNode first = ladder.get(0);
        assertEquals(100_000, first.path("offeredMsgPerSec").asLong());
        assertEquals(2, first.path("pushMsSteady").path("count").asLong(), "the warm-up interval's histogram is left out");
        assertEquals(2.0, first.path("pushMsSteady").path("max").asDouble(), 0.01);
        assertEquals(2.0, first.path("pushMsSteady").path("p99").asDouble(), 0.01);
        assertEquals(200.0, first.path("achievedMsgPerSecSteady").asDouble(), 1e-9, "interval 1 only: warm-up and the drain excluded");
        assertTrue(first.path("held").asBoolean());
        assertFalse(ladder.get(1).path("held").asBoolean(), "p99 above the target");
        assertFalse(ladder.get(2).path("held").asBoolean(), "a shed request");
        assertEquals(100_000.0, s.path("highestHeldMsgPerSec").asDouble());
        assertFalse(s.path("targets").path("heldMsgPerSec").path("met").asBoolean());
    }
}
