package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
                {"schema":"goload.run/2","runId":"goload-20260101-000000-x","durationSec":3,"loader":{"cpuSeconds":0.3,"cpuCoresAvg":0.1},
                 "counters":{"shedCapReq":%d,"shedBehindReq":0,"pushErrReq":0,"offeredReq":300,"achievedReq":300},
                 "intervals":3}
                """.formatted(shed));
        Files.writeString(dir.resolve("goload-20260101-000000-x.intervals.csv"), """
                interval,seconds,loader_cpu_cores,pushed_total,acked_total,rss_mb,last
                0,1.000,0.900,100,0,50,false
                1,1.000,0.100,300,0,51,false
                2,1.000,0.100,300,0,52,true
                """);
        try (OutputStream out = Files.newOutputStream(dir.resolve("goload-20260101-000000-x.hlog"))) {
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

    static String timeV(double user, double sys, long rssKb) {
        return String.format(Locale.ROOT, """
                \tCommand being timed: "scripts/goload -mode openloop"
                \tUser time (seconds): %.2f
                \tSystem time (seconds): %.2f
                \tElapsed (wall clock) time (h:mm:ss or m:ss): 0:12.50
                \tMaximum resident set size (kbytes): %d
                \tExit status: 0
                """, user, sys, rssKb);
    }

    /** A cloud run's directory: the reference-format record, time -v, the outside samples, the broker's CPU. */
    private void cloudDir(Path dir, long popped, double user, boolean goloadRecord) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("cloud-broker-1.json"), """
                {"config":{"tenants":4},"offered":{"shedReqs":7},
                 "achieved":{"pushedMsgs":%d,"poppedMsgs":%d,"popMsgPerSecLoadPhase":900.5,"pushReqs":%d},
                 "latency":{"pushRtt":{"p50Ms":2.5,"p99Ms":9.0}},"verify":{"missing":0,"duplicate":0},"verdict":"PASS"}
                """.formatted(popped, popped, popped));
        Files.writeString(dir.resolve("time.txt"), timeV(user, 1.0, 102_400));
        Files.writeString(dir.resolve("sockets.tsv"), """
                epochMs\testablished\tsocketFds\ttimeWait\tbrokerPopped\tphase
                1000\t3\t4\t0\t\tpre
                2000\t40\t44\t\t100\tload
                2500\t60\t50\t12\t\tload
                3000\t20\t30\t30\t\tload
                6000\t10\t12\t8\t3100\tdrain
                """);
        Files.writeString(dir.resolve("broker-cpu.txt"), "4.50\n");
        if (goloadRecord) {
            Files.writeString(dir.resolve("cloud-broker-1.run.json"), """
                    {"loader":{"connections":{"opened":61,"peakOpen":60}},
                     "section":{"verification":{"ledgers":4,"ledgerBytes":2368,"ledgerBytesPerTenant":592}}}
                    """);
        }
    }

    /** A bench with {@code --ref}: goload's push phase (1,000,000 messages in 10,000 requests) under GNU time. */
    private void goloadPushWithRef(double user, double sys) throws IOException {
        Files.writeString(work.resolve("bench.properties"), "warmup=1\npushBatch=100\nref=/opt/go/goload\n");
        step(1000, 2_000, 2_000, 0);
        Path push = Files.move(work.resolve("rate-1000"), work.resolve("push"));
        Files.writeString(push.resolve("goload-20260101-000000-x.json"), """
                {"schema":"goload.run/2","runId":"goload-20260101-000000-x","durationSec":3,"loader":{"cpuSeconds":0.3,"cpuCoresAvg":0.1},
                 "counters":{"pushedMsgs":1000000,"achievedReq":10000}}
                """);
        Files.writeString(push.resolve("time.txt"), timeV(user, sys, 204_800));
    }

    @Test
    void aReferenceRunIsMeasuredLikeGoloadAndTheSummaryPrintsGoloadOverRef() throws IOException {
        goloadPushWithRef(0.5, 0.25); // 0.75 s / 1e6 msgs
        Path refPush = Files.createDirectories(work.resolve("ref/push"));
        Files.writeString(refPush.resolve("time.txt"), timeV(2.5, 0.5, 51_200)); // 3 s / 1e6 msgs
        Files.writeString(refPush.resolve("console.log"), "[12:00:01] offered=...\n[final] offered=10000 achieved=10000 "
                + "shed=0 (msgs: offered=1000000 achieved=1000000 shed=0) pushErr=0 | pushed=1000000 popped=0 lag=0 | "
                + "popErr=0 empty=0 | overall p50=0.50 p99=1.20 p999=3.00 ms\n"
                + "[final] WARNING loader-bound: pacer fell behind schedule: 3 of 10 requests (30.0 %)\n");
        cloudDir(work.resolve("cloud"), 3000, 2.0, true);
        cloudDir(work.resolve("ref/cloud"), 3000, 5.0, false);

        JsonNode s = new BenchSummary(work).summary();
        assertEquals(0.75, s.path("push").path("wholeProcess").path("cpuMicrosPerMsg").asDouble(), 1e-9);
        assertEquals(75.0, s.path("push").path("wholeProcess").path("cpuMicrosPerRequest").asDouble(), 1e-9);
        assertEquals(200.0, s.path("push").path("wholeProcess").path("peakRssMB").asDouble(), 1e-9);
        JsonNode ref = s.path("ref");
        assertEquals("/opt/go/goload", ref.path("binary").asText());
        assertEquals(1_000_000, ref.path("push").path("wholeProcess").path("msgs").asLong(), "from the [final] line");
        assertEquals(10_000, ref.path("push").path("final").path("achieved").asLong(), "requests, not the msgs: part");
        assertEquals(3.0, ref.path("push").path("wholeProcess").path("cpuMicrosPerMsg").asDouble(), 1e-9);
        assertEquals(0.25, s.path("ratios").path("push").path("cpuMicrosPerMsg").asDouble(), 1e-9);
        assertEquals(4.0, s.path("ratios").path("push").path("peakRssMB").asDouble(), 1e-9);

        JsonNode cloud = s.path("cloud");
        assertEquals(1000.0, cloud.path("cpuMicrosPerConsumedMsg").asDouble(), 1e-9, "3 s of CPU / 3,000 consumed");
        assertEquals(60, cloud.path("sampled").path("peakEstablished").asLong());
        assertEquals(30, cloud.path("sampled").path("peakTimeWait").asLong());
        assertEquals(750.0, cloud.path("sampled").path("brokerPopMsgPerSecLoadPhase").asDouble(), 1e-9,
                "(3100 - 100) popped between the load's first sample and the drain's, 4 s apart");
        assertEquals(4.0, cloud.path("sampled").path("brokerPopWindowSec").asDouble(), 1e-9);
        assertEquals(61, cloud.path("loaderConnections").path("opened").asLong());
        assertEquals(592, cloud.path("verification").path("ledgerBytesPerTenant").asLong());
        assertTrue(ref.path("cloud").path("loaderConnections").isNull(), "a tool without a run record: null");
        assertEquals(0.5, s.path("ratios").path("cloud").path("cpuSec").asDouble(), 1e-9);
        assertEquals(1.0, s.path("ratios").path("cloud").path("peakEstablished").asDouble(), 1e-9);
        assertTrue(s.path("targets").path("cloudCpuOverRef").path("met").asBoolean(), "0.5 <= 0.5");
        assertFalse(s.path("targets").path("pushWholeProcessCpuMicrosPerMsg").path("met").asBoolean(), "0.75 > 0.5");
        assertFalse(s.path("targets").has("consumeAckWholeProcessCpuMicrosPerMsg"), "not measured: not judged");
        assertTrue(ref.path("push").path("held").asBoolean(), "10,000 of 10,000 sent, none shed");
        assertEquals(1.0 / 12, s.path("targets").path("pushCpuPerMsgOverRef").path("atMost").asDouble(), 1e-12);
        assertFalse(s.path("targets").path("pushCpuPerMsgOverRef").path("met").asBoolean(), "0.25 > 1/12");
        assertFalse(s.path("targets").has("consumeCpuPerMsgOverRef"), "no reference consume run: not judged");
    }

    @Test
    void theSummaryCarriesTheFloorAndGoloadsPushOverIt() throws IOException {
        goloadPushWithRef(0.5, 0.25); // 0.75 s / 1e6 msgs
        Path floor = Files.createDirectories(work.resolve("floor"));
        Files.writeString(floor.resolve("console.log"), "{\"schema\":\"goload.floor/1\",\"answered\":10000,"
                + "\"messages\":1000000,\"complete\":true}\n");
        Files.writeString(floor.resolve("time.txt"), timeV(0.15, 0.1, 102_400)); // 0.25 s / 1e6 msgs

        JsonNode f = new BenchSummary(work).summary().path("floor");
        assertEquals(0.25, f.path("wholeProcess").path("cpuMicrosPerMsg").asDouble(), 1e-9, f.toString());
        assertEquals(3.0, f.path("goloadOverFloor").asDouble(), 1e-9, "the push phase's 0.75 over the floor's 0.25");
    }

    @Test
    void aReferenceRunThatShedIsNotHeldAndItsRatioIsNotJudged() throws IOException {
        goloadPushWithRef(0.05, 0.025);
        Path refPush = Files.createDirectories(work.resolve("ref/push"));
        Files.writeString(refPush.resolve("time.txt"), timeV(2.5, 0.5, 51_200));
        Files.writeString(refPush.resolve("console.log"), "[final] offered=10000 achieved=1200 shed=8200 (msgs: "
                + "offered=1000000 achieved=120000 shed=820000) pushErr=0 | pushed=120000 popped=0 lag=0 | popErr=0 "
                + "empty=0 | overall p50=0.50 p99=1.20 p999=3.00 ms\n");

        JsonNode s = new BenchSummary(work).summary();
        assertFalse(s.path("ref").path("push").path("held").asBoolean(), s.path("ref").toString());
        assertTrue(s.path("ratios").path("push").path("cpuMicrosPerMsg").isNumber(), "the ratio is still printed");
        assertFalse(s.path("targets").has("pushCpuPerMsgOverRef"), "but not judged: other work was measured");
    }

    @Test
    void heldNeedsNoneShedAndNoPushError() {
        assertTrue(RefComparison.held(java.util.Map.of("offered", 10.0, "achieved", 10.0, "shed", 0.0, "pushErr", 0.0)));
        assertTrue(RefComparison.held(java.util.Map.of("offered", 10.0, "achieved", 9.0, "shed", 0.0)),
                "one still in flight at the cut");
        assertFalse(RefComparison.held(java.util.Map.of("offered", 10.0, "achieved", 10.0, "shed", 1.0)));
        assertFalse(RefComparison.held(java.util.Map.of("offered", 10.0, "achieved", 10.0, "pushErr", 2.0)));
        assertFalse(RefComparison.held(java.util.Map.of()), "no [final] line: not held");
    }

    @Test
    void theVerificationCostIsTheDifferenceToItsUnverifiedTwinAndAbsentWhenATwinHasNoWholeProcessFigure()
            throws IOException {
        Files.writeString(work.resolve("bench.properties"), "warmup=1\n");
        cloudDir(work.resolve("verify-4"), 3000, 2.0, true);   // 3 s of CPU / 3,000 consumed
        cloudDir(work.resolve("noverify-4"), 3000, 1.4, true); // 2.4 s
        cloudDir(work.resolve("verify-8"), 3000, 2.0, true);
        cloudDir(work.resolve("noverify-8"), 3000, 1.4, true);
        Files.delete(work.resolve("noverify-8/time.txt"));

        JsonNode verify = new BenchSummary(work).summary().path("verify");
        assertEquals(2, verify.size());
        assertEquals(200.0, verify.get(0).path("verificationCpuMicrosPerConsumedMsg").asDouble(), 1e-9);
        assertTrue(verify.get(1).has("withoutVerification"));
        assertFalse(verify.get(1).has("verificationCpuMicrosPerConsumedMsg"), "no twin figure: no cost, never 1000 - 0");
    }

    @Test
    void aReferenceRunWithoutAFinalLineHasNoPerMessageCostAndNoRatio() throws IOException {
        Files.writeString(work.resolve("bench.properties"), "warmup=1\npushBatch=100\nref=/opt/go/goload\n");
        step(1000, 2_000, 2_000, 0);
        Path push = Files.move(work.resolve("rate-1000"), work.resolve("push"));
        Files.writeString(push.resolve("time.txt"), timeV(0.5, 0.25, 204_800));
        Path refPush = Files.createDirectories(work.resolve("ref/push"));
        Files.writeString(refPush.resolve("time.txt"), timeV(2.5, 0.5, 51_200));
        Files.writeString(refPush.resolve("console.log"), "panic: dial tcp: connection refused\n");
        cloudDir(work.resolve("cloud"), 0, 2.0, true); // nothing consumed

        JsonNode s = new BenchSummary(work).summary();
        assertEquals(0, s.path("ref").path("push").path("wholeProcess").path("msgs").asLong());
        assertTrue(s.path("ref").path("push").path("wholeProcess").path("cpuMicrosPerMsg").isNull(),
                "3 s of CPU over no message is no per-message figure: " + s.path("ref"));
        assertTrue(s.path("ratios").path("push").path("cpuMicrosPerMsg").isNull(), s.path("ratios").toString());
        assertTrue(s.path("ratios").path("push").path("peakRssMB").isNumber(), "RSS needs no message count");
        assertTrue(s.path("cloud").path("cpuMicrosPerConsumedMsg").isNull(), s.path("cloud").toString());
        assertFalse(s.path("targets").has("pushWholeProcessCpuMicrosPerMsg"),
                "goload's push counted no message either (the fixture has no pushedMsgs): not judged");
    }

    @Test
    void gnuTimeReadsHoursAndANonZeroExit() throws IOException {
        Path f = work.resolve("time.txt");
        Files.writeString(f, "Command exited with non-zero status 3\n" + timeV(1, 2, 1024)
                .replace("0:12.50", "1:02:03.50"));
        GnuTime t = GnuTime.read(f);
        assertEquals(3, t.exitCode());
        assertEquals(3.0, t.cpuSec(), 1e-9);
        assertEquals(3723.5, t.wallSec(), 1e-9);
        assertEquals(1024, t.maxRssKb());
    }

    @Test
    void cpuSecondsAreTimesCentisecondsNotADoublesSum() throws IOException {
        Path f = work.resolve("time.txt");
        Files.writeString(f, timeV(10.25, 0.67, 1024));
        assertEquals("10.92", Double.toString(GnuTime.read(f).cpuSec()), "10.25 + 0.67 summed as doubles is 10.920000000000002");
    }
}
