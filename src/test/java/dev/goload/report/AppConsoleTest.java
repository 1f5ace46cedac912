package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.AppConfig;
import dev.goload.config.TargetOptions;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.app.AppCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class AppConsoleTest {
    static AppConfig config() {
        return new AppConfig(new TargetOptions("http://127.0.0.1:6632", "", "", 30_000, 64, -1, 1, "off"),
                new AppConfig.Load(20_000, 200, 10, 512, 4096, 2.0, Duration.ofMinutes(30), Duration.ofMinutes(5)),
                new AppConfig.Topology("appq", "appq-stage2", 5000, 1.1, 0, 300, 7200, false),
                new AppConfig.Consume(2, 16, 50, 10, true, 1000, 5),
                new AppConfig.Work(20, 0.5, 2, 500, 0.5, 3000, 5, 40),
                new AppConfig.Reliability(2, 0.2, 5, 10, 30, true),
                new AppConfig.Shape(0, 5, 0, 15, "", "run", 500_000, 1));
    }

    @Test
    void headerNumbersAreAsciiWhateverTheHostLocale() {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        Locale host = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-EG")); // Arabic-Indic digits by default
            new AppConsole(config(), new PrintStream(bos, true, StandardCharsets.UTF_8)).printHeader();
        } finally {
            Locale.setDefault(host);
        }
        String text = bos.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("  load:    target=20000 msg/s  producers=200 (single-writer/session)  pushBatch=10"
                + "  payload=512-4096B\n"), text);
        assertTrue(text.contains("  reliab:  fail=2.0%  poison=0.2%  retryLimit=5  lease=30s renew=true\n"), text);
        assertTrue(text.contains("  burst:   x2.0 for 5m0s every 30m0s\n"), text);
    }
    /** The common counters the app lines read; every other one 0. */
    private static RunCounters.Snapshot common(long pushed, long dup, long pushErr, long itemFailed, long popErr,
                                               long emptyPops, long ackErrMsgs) {
        return new RunCounters.Snapshot(0, 0, 0, 0, 0, pushed, pushErr, itemFailed, dup, 0, 0, 0, popErr, emptyPops, 0,
                ackErrMsgs, 0, 0, 0, 0, 0, 0, 0, java.util.Map.of());
    }

    @Test
    void finalBlockPutsTheAdditionsBeforeTheReferenceBlockWhoseFinalLineIsTheLastOne() {
        var t = new AppCounters.Snapshot(4, 7, 8, 9, 10, 11, 12, 0, 13, 0, 0, 998, 0, new long[] {990, 995},
                new long[] {980, 990}, new long[] {10, 5}, new long[] {1, 0}, new long[] {991, 995});
        var v = dev.goload.verify.OrderVerdict.of(1960, 7, 0, 0, 0, java.util.List.of());
        var lat = new java.util.LinkedHashMap<String, dev.goload.metrics.LatencySummary>();
        lat.put("e2e", new dev.goload.metrics.LatencySummary(1960, 20.5, 30, 45.25, 45.25, 60, 70.125, 21));
        var pushErrors = new dev.goload.metrics.ErrorStats();
        pushErrors.record("conn", "push: connection refused");
        var popErrors = new dev.goload.metrics.ErrorStats();
        for (int i = 0; i < 3; i++) popErrors.record("http_5xx", "pop: HTTP 503");
        var errors = new java.util.LinkedHashMap<String, dev.goload.metrics.ErrorStats.Snapshot>();
        errors.put("push", pushErrors.snapshot());
        errors.put("pop", popErrors.snapshot());
        errors.put("ack", new dev.goload.metrics.ErrorStats().snapshot()); // none: no line
        var loader = new dev.goload.modes.RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false,
                java.util.List.of());
        var outcome = new RunOutcome("app", "run", 0, 10_000, "duration", java.util.List.of(),
                common(1000, 2, 1, 0, 3, 6, 5), errors, lat, java.util.Map.of(), loader, null, null, Verdict.NONE, 0,
                4, 0);
        var r = new dev.goload.modes.app.AppResult(outcome, t, v, null, null, java.util.List.of(), 4, 16);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        new AppConsole(config(), new PrintStream(bos, true, StandardCharsets.UTF_8)).printFinal(r, loader, 4);
        org.junit.jupiter.api.Assertions.assertEquals("\n"
                + "[final] + cg0: deadLettered=1 settled=991 backlog=7\n"
                + "[final] + cg1: deadLettered=0 settled=995 backlog=3\n"
                + "[final] + pushItemFailed=0 ackErrMsgs=5 leaseRenewErr=0 stage2AckErr=0 foreign=0 unjudged=0"
                + " checkerEvictions=0\n"
                + "[final] + errorBackoff backoffs=0 ms=0\n"
                + "[final] + achieved push=100 msg/s (target 20000) over 10.0s, producers=4 consumers/group=16,"
                + " stop=duration\n"
                + "[final] + latency, whole run (HdrHistogram; closed loop, not coordinated-omission corrected):\n"
                + "[final] +   e2e ms p50=20.50 p90=30.00 p99=45.25 p999=60.00 max=70.12 (n=1960)\n"
                + "[final] + keep-alive reconnects=4 (requests re-sent on a fresh socket: the broker had closed their"
                + " idle one; not errors)\n"
                + "[final] + loader cpu avg=0.50 max=0.90 of 2 cores | gc pauses=3 total=12ms | peak rss=300MB"
                + " | loaderBound=false | conns opened=0 peak=0\n"
                + "[final] + errors push conn=1 (first: push: connection refused)\n"
                + "[final] + errors pop http_5xx=3 (first: pop: HTTP 503)\n"
                + "[final] pushed=1000 (dup=2, pushErr=1)\n"
                + "        cg0: popped=990 completed=980 failed=10\n"
                + "        cg1: popped=995 completed=990 failed=5\n"
                + "        stage2: pushed=10 acked=11 (popErr=12)\n"
                + "        txCommits=8 txErr=9 redeliveries=7 leaseRenews=13 popErr=3 ackErr=4 emptyPops=6\n"
                + "        order: inOrder=1960 redeliv(seq<exp)=7 VIOLATIONS(seq>exp)=0\n"
                + "        DLQ (poison) is visible via the dashboard or `queenctl dlq peek appq`.\n"
                + "VERDICT: PASS  (0 violations in 1967 checked deliveries (7 redeliveries))\n",
                bos.toString(StandardCharsets.UTF_8));
    }
    @Test
    void intervalLinesAreTheReferenceTemplateThenTheAdditionLine() {
        var before = new AppCounters.Snapshot(3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, new long[] {470, 515},
                new long[] {480, 520}, new long[] {-10, -5}, new long[] {0, 0}, new long[] {490, 525});
        var t = new AppCounters.Snapshot(3, 4, 80, 0, 80, 79, 0, 0, 6, 1, 0, 998, 0, new long[] {990, 995},
                new long[] {980, 990}, new long[] {10, 5}, new long[] {1, 0}, new long[] {991, 995});
        var q = new dev.goload.metrics.LatencySummary(900, 2.5, 10, 30.5, 30.5, 99.5, 120, 5);
        var e = new dev.goload.metrics.LatencySummary(900, 20.5, 40, 60.5, 60.5, 90.5, 100, 25);
        var push = new dev.goload.metrics.LatencySummary(100, 1.125, 2, 3.5, 3.5, 4, 5, 1.5);
        var lat = java.util.Map.of("qDelay", q, "e2e", e, "service", push);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        AppConsole console = new AppConsole(config(), new PrintStream(bos, true, StandardCharsets.UTF_8));
        console.onInterval(new IntervalSnapshot<>("app", 2, "load", false, 0, Synthetic.NOON_05 - 2000, 5.0, 8.0,
                common(498, 2, 0, 0, 0, 0, 0), common(498, 2, 0, 0, 0, 0, 0), lat, 0, 0, null, java.util.List.of(),
                before));
        bos.reset();
        console.onInterval(new IntervalSnapshot<>("app", 3, "load", false, Synthetic.NOON_05 - 2000,
                Synthetic.NOON_05, 2.0, 10.0, common(500, 0, 1, 0, 2, 10, 3), common(1000, 2, 1, 0, 2, 10, 3), lat, 0, 0,
                null, java.util.List.of(), t));
        org.junit.jupiter.api.Assertions.assertEquals("[12:00:05] push=   250/s pop=   500/s done=   485/s fail=   15/s"
                + " tx=   40/s s2=   40/s | qDelay ms p50=2 p99=30 p999=100 | e2e ms p50=20 p99=60 p999=90 | inflight=10"
                + " redeliv=4 viol=0 empty=10 errs p=1 c=2 ack=3 tx=0 (n=900)\n"
                + "[12:00:05] + dlq=1 leaseRenews=6 renewErr=1 pushRtt ms p50=1.12 p99=3.50 | interval 2.00s\n",
                bos.toString(StandardCharsets.UTF_8));
    }

    @Test
    void thePartialLastIntervalIsLeftToTheFinalBlock() {
        var t = new AppCounters.Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, new long[] {1}, new long[] {1},
                new long[] {0}, new long[] {0}, new long[] {1});
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        new AppConsole(config(), new PrintStream(bos, true, StandardCharsets.UTF_8)).onInterval(new IntervalSnapshot<>(
                "app", 4, "drain", true, 0, Synthetic.NOON_05, 0.5, 10.5, common(0, 0, 0, 0, 0, 0, 0),
                common(0, 0, 0, 0, 0, 0, 0), java.util.Map.of(), 0, 0, null, java.util.List.of(), t));
        org.junit.jupiter.api.Assertions.assertEquals("", bos.toString(StandardCharsets.UTF_8));
    }
}
