package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.metrics.ErrorStats;
import dev.goload.modes.RunResult;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.cloud.CloudResult;
import dev.goload.modes.cm.CmSnapshot;
import dev.goload.modes.order.OrderResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.tenants.TenantsFigures;
import dev.goload.verify.OrderLedger;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The console bytes of the cm, tenants, cloud and order formatters with fixed inputs: interval lines and the whole
 * end-of-run block, exactly. They pin what parsers read — the reference's lines (goload-behavior.md §2.3–§2.7) and
 * where goload's additions go: before the reference's {@code [final]} line in cm and tenants, inside the summary
 * before the verdict in cloud and order, whose reference prints no {@code [final]} line at all.
 */
class FinalBlockGoldenTest {
    private static final RunResult.LoaderSummary LOADER =
            new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false, List.of());
    private static final RunResult.LoaderSummary LOADER_BOUND = new RunResult.LoaderSummary(2, 1.9, 2.0, 5, 3, 12,
            300L << 20, true, List.of("loader CPU 1.95 of 2 cores"), null, null, 0, List.of(),
            new dev.goload.metrics.ConnectionFigures(40, 12, 3, 31, 28, 9L));
    private static final String RECONNECTS_TAIL = " (requests re-sent on a fresh socket: the broker had closed their"
            + " idle one; not errors)";
    private static final String LOADER_LINE = "loader cpu avg=0.50 max=0.90 of 2 cores | gc pauses=3 total=12ms"
            + " | peak rss=300MB | loaderBound=false | conns opened=0 peak=0";

    @Test
    void cmFinalBlockPutsTheAdditionsBeforeTheReferenceLine() {
        var out = new Synthetic.Out();
        new CmConsole(out.ps).fin(new CmSnapshot(10, 11, 9, 10, 45, 50, 100, 9, 10, 9, 10, 2, 3, 4, 5, 1, 2, 0),
                new dev.goload.metrics.LatencySummary(95, 40.5, 60, 140.25, 140.25, 200, 210.125, 50), LOADER_BOUND, 6, Map.of());
        assertEquals("\n"
                + "[final] + e2e n=95 p50=40.50 p99=140.25 p999=200.00 max=210.12 ms (from the scheduled instant)\n"
                + "[final] + pushGaveUp=1 popErr=2 undecodable=0\n"
                + "[final] + keep-alive reconnects=6" + RECONNECTS_TAIL + "\n"
                + "[final] + loader cpu avg=1.90 max=2.00 of 2 cores | gc pauses=3 total=12ms | peak rss=300MB"
                + " | loaderBound=true | conns opened=40 peak=31\n"
                + "[final] WARNING loader-bound: loader CPU 1.95 of 2 cores -- these figures measure the loader, not the"
                + " broker\n"
                + "[final] producedA=10 producedB=11 | db=9 cal=10 ota=45 otap=50 | acked=100 ackErr=2 pushErr=3"
                + " pushRetry=4 shed=5\n", out.text());
    }

    @Test
    void tenantsIntervalAndFinalLinesAreTheReferenceTemplates() {
        var out = new Synthetic.Out();
        TenantsConsole c = new TenantsConsole(out.ps);
        // 10 s: 605 pushed, 595 popped, 580 acked, 12344 empty; lag 7 with push/pop/ack errors 1/2/3 so far
        var delta = tenantsCounts(605, 595, 580, 12344, 0, 0, 0, 0, 0);
        var total = tenantsCounts(1007, 1000, 990, 20000, 1, 2, 3, 0, 0);
        c.onInterval(new IntervalSnapshot<>("tenants", 1, "load", false, Synthetic.NOON_05 - 10_000, Synthetic.NOON_05,
                10.0, 20.0, delta, total, Map.of("e2e", new dev.goload.metrics.LatencySummary(50, 1.125, 2, 3, 12.5, 20,
                30, 1.5)), 0, 66, Synthetic.LOADER, List.of(), new TenantsFigures(3, 6, 6, 7, 2)));
        c.printFinal(tenantsCounts(300, 290, 288, 40, 1, 2, 3, 4, 1200), new TenantsFigures(3, 6, 6, 10, 3), LOADER, 2,
                Map.of());
        assertEquals("[12:00:05] push=     60/s pop=     60/s ack=     58/s empty=   1234/s | e2e p50=   1.12"
                + " p99=   12.50 ms | lag=7 | errs push=1 pop=2 ack=3 gor=66\n"
                + "\n"
                + "[final] + keep-alive reconnects=2" + RECONNECTS_TAIL + "\n"
                + "[final] + " + LOADER_LINE + "\n"
                + "[final] + errorBackoff backoffs=4 ms=1200\n"
                + "[final] pushed=300 popped=290 acked=288 empty=40 | tail: 10 msgs across 3 queues | errs push=1"
                + " pop=2 ack=3\n", out.text());
    }

    /**
     * Calls the run's stop cancelled are no errors: the family's error line leaves them out (its first message is
     * the commonest failure's), and goload's {@code canceled at the stop} line names them, before the reference's
     * final line, whose {@code ack=} counts only the real ack error.
     */
    @Test
    void tenantsFinalBlockNamesTheCallsTheStopCutApartFromTheErrors() {
        var out = new Synthetic.Out();
        ErrorStats pop = new ErrorStats();
        for (int i = 0; i < 5; i++) pop.canceled();
        ErrorStats ack = new ErrorStats();
        for (int i = 0; i < 3; i++) ack.canceled();
        ack.record("timeout", 0, "", Double.NaN, "ack timed out");
        Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
        errors.put("push", new ErrorStats().snapshot());
        errors.put("pop", pop.snapshot());
        errors.put("ack", ack.snapshot());
        errors.put("configure", new ErrorStats().snapshot());
        new TenantsConsole(out.ps).printFinal(tenantsCounts(300, 290, 288, 40, 0, 0, 2, 0, 0),
                new TenantsFigures(3, 6, 6, 10, 3), LOADER, 0, errors);
        assertEquals("\n"
                + "[final] + keep-alive reconnects=0" + RECONNECTS_TAIL + "\n"
                + "[final] + " + LOADER_LINE + "\n"
                + "[final] + errors ack timeout=1 (first: ack timed out)\n"
                + "[final] + canceled at the stop (calls the run cut, not errors): pop=5 ack=3\n"
                + "[final] + errorBackoff backoffs=0 ms=0\n"
                + "[final] pushed=300 popped=290 acked=288 empty=40 | tail: 10 msgs across 3 queues | errs push=0"
                + " pop=0 ack=2\n", out.text());
    }

    private static dev.goload.metrics.RunCounters.Snapshot tenantsCounts(long pushed, long popped, long acked,
            long empty, long pushErr, long popErr, long ackErr, long backoffs, long backoffMillis) {
        return new dev.goload.metrics.RunCounters.Snapshot(pushed + pushErr, pushed + pushErr, pushed, 0, 0, pushed,
                pushErr, 0, 0, 0, popped, popped, popErr, empty, acked, ackErr, 0, 0, 0, 0, 0, backoffs, backoffMillis,
                Map.of());
    }

    private static dev.goload.metrics.RunCounters.Snapshot cloudTotals(long offered, long pushed, long popped,
                                                                       long acked) {
        return CloudOrderSynthetic.counters(offered, 0, 0, offered, pushed, popped, 5, acked, 0, 0, 0, Map.of());
    }

    @Test
    void cloudIntervalLineIsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        var t = cloudTotals(400, 400, 398, 398);
        new CloudConsole(out.ps, 1).onInterval(CloudOrderSynthetic.interval(2, Synthetic.NOON_05, "load", 2.0, 3, 1.5,
                4.25, 0.75, 2.5, t, t, new CloudCounters.Snapshot(40, 30, 0, 0), 12));
        assertEquals("[12:00:05 load ] offered=     200/s push=     200/s pop=     199/s ack=     199/s shed=      0/s"
                + " inflight=    3 | e2e p50=   1.50 p99=    4.25 ms | pushRTT p50=  0.75 p99=   2.50 ms | lag=2"
                + " | err push=0 pop=0 ack=0 (429=0 403=0 5xx=0 to=0 conn=0) empty=5 cross=0 gor=12\n", out.text());
    }

    @Test
    void cloudEndsWithTheVerdictBlockAndNoFinalLine() {
        TenantResult t0 = new TenantResult(0, "synth-0000", "synth-0000", "cloudq", 200, 200, 0, 0, 200, 0, 0, 0, 0, 0,
                new long[0], 0, 0);
        TenantResult t1 = new TenantResult(1, "synth-0001", "synth-0001", "cloudq", 200, 200, 0, 0, 199, 1, 0, 0, 0, 0,
                new long[] {17}, 0, 0);
        Map<String, dev.goload.metrics.LatencySummary> lat = new LinkedHashMap<>();
        for (String tag : List.of("e2e", "e2eFromSend", "service", "ack")) {
            lat.put(tag, CloudOrderSynthetic.summary(399, 1.5, 3.25, 4.5, 9.125, 12.0));
        }
        ErrorStats.Snapshot none = new ErrorStats.Snapshot(0, Map.of(), Map.of(), 0, 0, 0, Map.of());
        ErrorStats.Snapshot pop = new ErrorStats.Snapshot(2, new TreeMap<>(Map.of("timeout", 2L)), Map.of(), 0, 0, 0,
                new TreeMap<>(Map.of("timeout", "pop timed out")));
        Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
        errors.put("push", none);
        errors.put("pop", pop);
        errors.put("ack", none);
        errors.put("configure", none);
        CloudResult r = new CloudResult(CloudOrderSynthetic.outcome("cl", 0, 10_000, "duration",
                cloudTotals(400, 400, 399, 399), errors, lat, LOADER, 3), 2.0, 1.0, 1, false, 396, 3, 0,
                new CloudCounters.Snapshot(40, 30, 0, 0), VerifyResult.of(List.of(t0, t1)),
                new CloudResult.Faults(0, 0, 0, 0, 0), List.of(), 0.1, 2, false, 0, "loop");
        var out = new Synthetic.Out();
        CloudConsole c = new CloudConsole(out.ps, 1);
        c.printSummary(r, 100);
        CloudVerdictTable.print(out.ps, r);
        c.printTail(r, "out/cl.json", "out/cl-interval.csv", List.of());
        String rtt = " n=399       p50=    1.50 p95=    3.25 p99=    4.50 p999=    9.12 max=    12.00 ms\n";
        assertEquals("\n"
                + "========== cl ==========\n"
                + "offered        200.0 msg/s (400 msgs, 0 shed)\n"
                + "achieved  push    200.0 msg/s (400 msgs)   pop    198.0 msg/s during load (   133.0 msg/s over"
                + " load+drain, 399 msgs)   ack 399 msgs\n"
                + "e2eFromSchedule " + rtt + "e2eFromSend     " + rtt + "pushRtt         " + rtt + "ackRtt          " + rtt
                + "errors pop        total=2 kinds=map[timeout:2] codes=map[]\n"
                + "    first timeout: pop timed out\n"
                + "bytes     nominal 100 B/msg -> pushed 0.04 MiB, delivered 0.04 MiB\n"
                + "+ keep-alive reconnects=3" + RECONNECTS_TAIL + "\n"
                + "+ " + LOADER_LINE + "\n"
                + "\n"
                + "---- delivery correctness (after the drain) ----\n"
                + "idx  tenant         queue           sentOk  received  missing      dup   extra   cross verdict\n"
                + "0    synth-0000     cloudq             200       200        0        0       0       0 OK\n"
                + "1    synth-0001     cloudq             200       199        1        0       0       0 FAIL"
                + "  firstMissing=[17]\n"
                + "TOTAL                                   400       399        1        0       0       0\n"
                + "VERDICT: FAIL\n"
                + "CAUTION: 1 missing may be BACKLOG, not loss — 0 messages were still arriving in the last 2s of the"
                + " drain and the consumer side hit 2 error(s) (map[timeout:2]). Re-run with a longer -drain, or size"
                + " -drain to the rate the plan actually permits.\n"
                + "\n"
                + "[artifacts] out/cl.json\n"
                + "            out/cl-interval.csv\n", out.text());
    }

    @Test
    void orderEndsWithTheVerdictAndItsFailureLinesAndNoFinalLine() {
        var check = new OrderLedger.Result(100, 0, 0, 1, List.of(42L), 0, List.of(), 0, List.of(), 0);
        var hist = new TreeMap<Integer, Long>(Map.of(1, 3L, 50, 2L));
        OrderResult r = new OrderResult(CloudOrderSynthetic.orderOutcome(CloudOrderSynthetic.orderCounters(9, 4, 0, 99,
                0, 0, 0), Map.of(), LOADER, 5), 100, 0, 99, hist, new double[] {2.25, 10.5, 20.0}, 1.25, 2.0, check, 2,
                List.of(new dev.goload.modes.order.OrderFinding.Loss(1, List.of(42L))));
        var out = new Synthetic.Out();
        OrderReport.print("ord", r, null, out.ps);
        assertEquals("\n"
                + "========== ord ==========\n"
                + "pushed=100 delivered=99 acked=99  (push took 1.2s, drain 2.0s)\n"
                + "pops=9 (empty 4)  msgs/pop=19.80   pop latency p50=2.2 p95=10.5 p99=20.0 ms\n"
                + "pop size histogram: 1:3 50:2 \n"
                + "\n"
                + "missing=1 duplicate=0 outOfOrder=0\n"
                + "errors: push=0 pop=0 ack=0\n"
                + "+ keep-alive reconnects=5" + RECONNECTS_TAIL + "\n"
                + "+ " + LOADER_LINE + "\n"
                + "VERDICT FAIL\n"
                + "  ! LOSS: 1 sequence(s) never delivered (first: [42])\n", out.text());
    }
}
