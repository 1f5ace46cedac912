package dev.goload.report;

import static dev.goload.report.Synthetic.counts;
import static dev.goload.report.Synthetic.pct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.OpenLoopConfig;
import dev.goload.metrics.RunCounters;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The openloop console, byte for byte against the reference's templates (goload-behavior.md §2.2, §1.6 A) rendered
 * with Go's fmt: {@code %9.0f} pads to 9, {@code %.2f} rounds the exact binary value half-to-even.
 */
class OpenLoopConsoleGoldenTest {

    private static OpenLoopConfig cfg(long rate, int batch, boolean manualAck, int active, String policy) {
        return new OpenLoopConfig(Synthetic.target(2048, -1), Synthetic.queue(), Synthetic.consumer(manualAck, false),
                Synthetic.run(), rate, batch, 20_000, 0, "uniform", 1000, 256, active, policy, false);
    }

    /** The spec's example interval: 5 s, 10000 offered and 9999 achieved requests of 10 messages. */
    private static final RunCounters.Snapshot DELTA = counts(c -> {
        c.offered = 10_000;
        c.sent = 9_999;
        c.achieved = 9_999;
        c.pushed = 99_990;
        c.popped = 99_500;
        c.acked = 99_000;
    });
    private static final RunCounters.Snapshot TOTAL = counts(c -> {
        c.offered = 10_000;
        c.sent = 9_999;
        c.achieved = 9_999;
        c.pushed = 99_990;
        c.popped = 99_500;
        c.empty = 31;
        c.acked = 99_000;
        c.ackCalls = 1_000;
        c.ackMicros = 3_410_000;
    });

    @Test
    void intervalLineIsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), out.ps)
                .onInterval(Synthetic.interval(5.0, DELTA, TOTAL, 14, 412, pct(3.21, 12.50, 40.20), List.of()));
        List<String> lines = out.lines();
        assertEquals("[12:00:05] offered=    20000/s achieved=    19998/s shed=        0/s inflight=    14 | p50=   3.21 "
                + "p99=   12.50 p999=   40.20 ms | push=99990 pop=99500 lag=490 | errs push=0 pop=0 empty=31 gor=412",
                lines.get(0));
        assertAdditionsOnly(lines.subList(1, lines.size()), "[12:00:05] ");
        assertTrue(lines.get(1).startsWith("[12:00:05] + shed cap=0 behind=0"), lines.get(1));
    }

    @Test
    void intervalLineWithManualAckAppendsTheAckSegment() {
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, true, 0, "rotate"), out.ps)
                .onInterval(Synthetic.interval(5.0, DELTA, TOTAL, 14, 412, pct(3.21, 12.50, 40.20), List.of()));
        assertEquals("[12:00:05] offered=    20000/s achieved=    19998/s shed=        0/s inflight=    14 | p50=   3.21 "
                + "p99=   12.50 p999=   40.20 ms | push=99990 pop=99500 lag=490 | errs push=0 pop=0 empty=31 gor=412"
                + " | ack=    19800/s ackErr=0 ackAvg=3.41ms", out.lines().get(0));
    }

    @Test
    void numbersRoundLikeGoHalfToEvenOnTheExactBinaryValue() {
        // 5 requests x 1 msg / 2 s = 2.5/s: Go prints 2 (Java's %.0f would print 3); 0.125 ms → 0.12; 2.675 → 2.67
        var delta = counts(c -> {
            c.offered = 5;
            c.achieved = 3;
            c.shedCap = 2;
            c.acked = 1;
        });
        var total = counts(c -> {
            c.offered = 5;
            c.pushed = 3;
            c.popped = 5;
            c.ackCalls = 1;
            c.ackMicros = 125;
        });
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(3, 1, true, 0, "rotate"), out.ps)
                .onInterval(Synthetic.interval(2.0, delta, total, 123456, 3, pct(0.125, 2.675, 1234.5), List.of()));
        assertEquals("[12:00:05] offered=        2/s achieved=        2/s shed=        1/s inflight=123456 | p50=   0.12 "
                + "p99=    2.67 p999= 1234.50 ms | push=3 pop=5 lag=-2 | errs push=0 pop=0 empty=0 gor=3"
                + " | ack=        0/s ackErr=0 ackAvg=0.12ms", out.lines().get(0));
    }

    @Test
    void finalLineIsTheReferenceTemplateWithRequestsThenMessages() {
        var totals = counts(c -> {
            c.offered = 100_000;
            c.sent = 99_000;
            c.achieved = 98_990;
            c.shedCap = 700;
            c.shedBehind = 300;
            c.pushed = 989_900;
            c.pushErr = 10;
            c.popped = 989_000;
            c.popErr = 2;
            c.empty = 77;
            c.acked = 988_000;
            c.ackErr = 5;
            c.ackCalls = 8;
            c.ackMicros = 20_000;
        });
        var plain = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), plain.ps)
                .onEnd(Synthetic.result(totals, pct(3.215, 12.5, 40.2), List.of()));
        String ref = "[final] offered=100000 achieved=98990 shed=1000 (msgs: offered=1000000 achieved=989900 shed=10000) "
                + "pushErr=10 | pushed=989900 popped=989000 lag=900 | popErr=2 empty=77 | overall p50=3.21 p99=12.50 "
                + "p999=40.20 ms";
        assertEquals(ref, plain.lines().getLast(), "the reference's line is the last line");
        assertAdditionsOnly(plain.lines().subList(0, plain.lines().size() - 1), "[final] ");

        var acked = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, true, 0, "rotate"), acked.ps)
                .onEnd(Synthetic.result(totals, pct(3.215, 12.5, 40.2), List.of("pacer fell behind schedule: 300")));
        assertEquals(ref + " | acked=988000 ackErr=5 ackLag=1900 ackAvg=2.50ms", acked.lines().getLast());
        assertAdditionsOnly(acked.lines().subList(0, acked.lines().size() - 1), "[final] ");
        assertTrue(acked.text().contains("[final] WARNING loader-bound: pacer fell behind schedule: 300"), acked.text());
    }

    @Test
    void headerLinesFollowTheReferenceTemplates() {
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), out.ps).printHeader();
        List<String> lines = out.lines();
        assertEquals("goload -mode openloop -> http://127.0.0.1:6632 queue=benchq partitions=100 consumers=150 "
                + "manualAck=false ackAsync=false ackInflight=256", lines.get(0));
        assertEquals("  offered: rate=20000 msg/s | push-batch=10 -> 2000.0 req/s across 1 pacer workers "
                + "(2000.00 req/s each) | max-inflight=20000 | payload=256B", lines.get(1));
        assertEquals(3, lines.size(), "no partitions line when the whole space is active: " + lines);
        assertTrue(lines.get(2).startsWith("  + arrival=uniform ramp=0s behind-ms=1000 "), lines.get(2));
    }

    @Test
    void activePartitionsHeaderLineFollowsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(25, 1, true, 10, "scatter"), out.ps).printHeader();
        List<String> lines = out.lines();
        assertEquals("goload -mode openloop -> http://127.0.0.1:6632 queue=benchq partitions=100 consumers=150 "
                + "manualAck=true ackAsync=false ackInflight=256", lines.get(0));
        assertEquals("  offered: rate=25 msg/s | push-batch=1 -> 25.0 req/s across 1 pacer workers (25.00 req/s each) "
                + "| max-inflight=20000 | payload=256B", lines.get(1));
        // 25/10 = 2.5 msg/s: Go's %.0f gives 2
        assertEquals("  partitions: space=100 | active=10/s (scatter) | 2 msg/s per active partition | space covered "
                + "in 10 s", lines.get(2));
        var rotate = new Synthetic.Out();
        new OpenLoopConsole(cfg(1000, 10, false, 3, "rotate"), rotate.ps).printHeader();
        assertEquals("  partitions: space=100 | active=3/s (rotate) | 333 msg/s per active partition | space covered "
                + "in 33 s", rotate.lines().get(2));
    }

    @Test
    void loaderBoundIntervalsWarnOnTheirOwnLine() {
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), out.ps).onInterval(Synthetic.interval(5.0, DELTA,
                TOTAL, 14, 412, pct(3.21, 12.50, 40.20), List.of("loader CPU 1.95 of 2 cores")));
        List<String> lines = out.lines();
        assertTrue(ReferenceLines.OPENLOOP_INTERVAL.matcher(lines.get(0)).matches(), lines.get(0));
        assertAdditionsOnly(lines.subList(1, lines.size()), "[12:00:05] ");
        assertEquals("[12:00:05] WARNING loader-bound: loader CPU 1.95 of 2 cores", lines.getLast());
    }

    @Test
    void additionLinesKeepTheirDocumentedShape() {
        var delta = counts(c -> {
            c.offered = 10;
            c.shedCap = 3;
            c.shedBehind = 1;
            c.pushErr = 2;
        });
        var out = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), out.ps).onInterval(Synthetic.interval(5.0, delta,
                TOTAL, 14, 412, pct(3.21, 12.50, 40.20), List.of("loader CPU 1.95 of 2 cores")));
        assertEquals(List.of("[12:00:05] + shed cap=3 behind=1 | failed=2 p99=0.00 | service p50=0.00 p99=0.00 "
                        + "| loader cpu=0.50 gc=1/3ms late p99=0.00 max=0.00 queue p99=0.00 hiccup p99=0.00 max=0.00 ms",
                "[12:00:05] WARNING loader-bound: loader CPU 1.95 of 2 cores"), out.lines().subList(1, 3));

        var totals = counts(c -> {
            c.shedCap = 700;
            c.shedBehind = 300;
            c.pushErr = 10;
            c.itemFailed = 4;
            c.errors = java.util.Map.of("push.http_5xx", 10L);
        });
        var fin = new Synthetic.Out();
        new OpenLoopConsole(cfg(20_000, 10, false, 0, "rotate"), fin.ps)
                .onEnd(Synthetic.result(totals, pct(3.215, 12.5, 40.2), List.of("pacer fell behind schedule: 300")));
        // the whole final block, byte for byte: goload's additions, then the reference's line last
        assertEquals("[final] + shed cap=700 behind=300 | failed requests=10 (items failed=4) p50=0.00 p99=0.00 "
                        + "max=0.00 ms | push max=40.20 ms | service p50=0.00 p99=0.00 p999=0.00 ms | errors "
                        + "{push.http_5xx=10}\n"
                + "[final] + errorBackoff backoffs=0 ms=0\n"
                + "[final] + keep-alive reconnects=0 (requests re-sent on a fresh socket: the broker had closed their idle one;"
                + " not errors)\n"
                + "[final] + loader cpu avg=0.50 max=0.90 of 2 cores | gc pauses=3 total=12ms | peak rss=300MB | pacer "
                        + "late p50=0.00 p99=0.00 max=0.00 ms | hiccup p99=0.00 max=0.00 ms | loaderBound=true"
                        + " | conns opened=0 peak=0\n"
                + "[final] WARNING loader-bound: pacer fell behind schedule: 300 -- these figures measure the loader, "
                        + "not the broker\n"
                + "[final] offered=0 achieved=0 shed=1000 (msgs: offered=0 achieved=0 shed=10000) pushErr=10 | pushed=0 "
                        + "popped=0 lag=0 | popErr=0 empty=0 | overall p50=3.21 p99=12.50 p999=40.20 ms\n", fin.text());
    }

    @Test
    void aLoaderBoundRunOfMostlyEmptyPopsNamesThemAndTheFlagsThatPollLess() {
        // 60 s: 6,000 push requests, 1,200,000 pops of which 1,150,000 empty (95.4 % of 1,206,000 requests)
        var totals = counts(c -> {
            c.sent = 6_000;
            c.popCalls = 1_200_000;
            c.empty = 1_150_000;
            c.popped = 50_000;
        });
        String line = "[final] + empty pops were 95.4 % of the requests: 19167/s from 150 consumers (-empty-sleep 2 ms "
                + "after each) polling an empty queue; -pop-wait, fewer -consumers or a longer -empty-sleep poll less";
        var bound = new Synthetic.Out();
        new OpenLoopConsole(cfg(100, 1, false, 0, "rotate"), bound.ps)
                .onEnd(Synthetic.result(totals, pct(3.215, 12.5, 40.2), List.of("loader CPU >= 90 % of the cores")));
        List<String> lines = bound.lines();
        assertEquals(line, lines.get(lines.size() - 2), "after the warnings, before the reference's line");
        assertAdditionsOnly(lines.subList(0, lines.size() - 1), "[final] ");
        assertTrue(ReferenceLines.OPENLOOP_FINAL.matcher(lines.getLast()).matches(), lines.getLast());

        var free = new Synthetic.Out();
        new OpenLoopConsole(cfg(100, 1, false, 0, "rotate"), free.ps)
                .onEnd(Synthetic.result(totals, pct(3.215, 12.5, 40.2), List.of()));
        assertTrue(!free.text().contains("empty pops were"), "a run that was not loader-bound: " + free.text());
    }

    /** goload's own lines start {@code <prefix>+ } or {@code <prefix>WARNING }, never a reference line's shape. */
    static void assertAdditionsOnly(List<String> lines, String prefix) {
        assertTrue(!lines.isEmpty(), "goload adds its lines");
        for (String l : lines) {
            assertTrue(l.startsWith(prefix + "+ ") || l.startsWith(prefix + "WARNING "), "addition line: " + l);
            assertTrue(ReferenceLines.ADDITION.matcher(l).matches(), l);
        }
    }
}
