package dev.goload.report;

import static dev.goload.report.OpenLoopConsoleGoldenTest.assertAdditionsOnly;
import static dev.goload.report.Synthetic.counts;
import static dev.goload.report.Synthetic.pct;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.config.MaxConfig;
import dev.goload.metrics.RunCounters;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The max console, byte for byte against the reference's templates (goload-behavior.md §2.1) with Go's fmt. */
class MaxConsoleGoldenTest {

    private static MaxConfig cfg(boolean manualAck, boolean ackAsync, int retries) {
        return new MaxConfig(Synthetic.target(512, retries), Synthetic.queue(), Synthetic.consumer(manualAck, ackAsync),
                Synthetic.run(), 300, 10, 256);
    }

    /** The spec's example: 5 s interval. */
    private static final RunCounters.Snapshot DELTA = counts(c -> {
        c.pushed = 206_150;
        c.popped = 204_900;
        c.acked = 204_750;
    });
    private static final RunCounters.Snapshot TOTAL = counts(c -> {
        c.pushed = 206_150;
        c.popped = 204_900;
        c.empty = 17;
        c.acked = 204_700;
        c.ackCalls = 100;
        c.ackMicros = 341_000;
    });

    @Test
    void intervalLineIsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        new MaxConsole(cfg(false, false, 2), out.ps)
                .onInterval(Synthetic.interval(5.0, DELTA, TOTAL, 300, 450, pct(1, 2, 3), List.of()));
        List<String> lines = out.lines();
        assertEquals("[12:00:05] push=   41230/s pop=   40980/s | tot push=206150 pop=204900 | errs p=0 c=0 empty=17",
                lines.get(0));
        assertAdditionsOnly(lines.subList(1, lines.size()), "[12:00:05] ");
    }

    @Test
    void intervalLineWithManualAckIsTheSpecExample() {
        var out = new Synthetic.Out();
        new MaxConsole(cfg(true, true, 2), out.ps)
                .onInterval(Synthetic.interval(5.0, DELTA, TOTAL, 300, 450, pct(1, 2, 3), List.of()));
        assertEquals("[12:00:05] push=   41230/s pop=   40980/s | tot push=206150 pop=204900 | errs p=0 c=0 empty=17 "
                + "| ack=   40950/s tot=204700 ackErr=0 ackAvg=3.41ms", out.lines().get(0));
    }

    @Test
    void ratesRoundHalfToEvenLikeGo() {
        var delta = counts(c -> {
            c.pushed = 5;  // 2.5/s → 2
            c.popped = 7;  // 3.5/s → 4
        });
        var total = counts(c -> {
            c.pushed = 12_345_678_901L;
            c.popped = 5;
            c.pushErr = 4;
            c.popErr = 9;
        });
        var out = new Synthetic.Out();
        new MaxConsole(cfg(false, false, 2), out.ps)
                .onInterval(Synthetic.interval(2.0, delta, total, 0, 0, pct(0, 0, 0), List.of()));
        assertEquals("[12:00:05] push=       2/s pop=       4/s | tot push=12345678901 pop=5 | errs p=4 c=9 empty=0",
                out.lines().get(0));
    }

    @Test
    void finalLineIsTheReferenceTemplate() {
        var totals = counts(c -> {
            c.pushed = 206_150;
            c.popped = 204_900;
            c.pushErr = 3;
            c.popErr = 1;
            c.empty = 17;
            c.acked = 204_700;
            c.ackErr = 2;
            c.ackCalls = 8;
            c.ackMicros = 1_000; // 0.125 ms → Go prints 0.12
        });
        var plain = new Synthetic.Out();
        new MaxConsole(cfg(false, false, 2), plain.ps).onEnd(Synthetic.result(totals, pct(1, 2, 3), List.of()));
        assertEquals("[final] pushed=206150 popped=204900 pushErr=3 popErr=1 emptyPops=17", plain.lines().getLast(),
                "the reference's line is the last line");
        assertAdditionsOnly(plain.lines().subList(0, plain.lines().size() - 1), "[final] ");
        assertEquals("[final] + shed cap=0 behind=0 | failed requests=3 (items failed=0) p50=0.00 p99=0.00 max=0.00 ms"
                + " | push max=3.00 ms | service p50=0.00 p99=0.00 p999=0.00 ms\n"
                + "[final] + errorBackoff backoffs=0 ms=0\n"
                + "[final] + keep-alive reconnects=0 (requests re-sent on a fresh socket: the broker had closed their idle one;"
                + " not errors)\n"
                + "[final] + loader cpu avg=0.50 max=0.90 of 2 cores | gc pauses=3 total=12ms | peak rss=300MB | pacer"
                + " late p50=0.00 p99=0.00 max=0.00 ms | hiccup p99=0.00 max=0.00 ms | loaderBound=false"
                + " | conns opened=0 peak=0\n"
                + "[final] pushed=206150 popped=204900 pushErr=3 popErr=1 emptyPops=17\n", plain.text(),
                "the whole final block, byte for byte");

        var acked = new Synthetic.Out();
        new MaxConsole(cfg(true, false, 2), acked.ps).onEnd(Synthetic.result(totals, pct(1, 2, 3), List.of()));
        assertEquals("[final] pushed=206150 popped=204900 pushErr=3 popErr=1 emptyPops=17 | acked=204700 ackErr=2 "
                + "ackAvg=0.12ms", acked.lines().getLast());
    }

    @Test
    void headerIsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        new MaxConsole(cfg(true, true, 2), out.ps).printHeader();
        assertEquals(List.of("goload -> http://127.0.0.1:6632 queue=benchq partitions=100 producers=300 consumers=150 "
                + "pushBatch=10 popBatch=200 payload=256B idleConns=512 retries=2 manualAck=true ackAsync=true "
                + "ackInflight=256"), out.lines());
    }

    @Test
    void aLoaderBoundRunOfLongPollsThatMostlyCameBackEmptyNamesThem() {
        // long-polling consumers: -empty-sleep does not apply, fewer consumers is the knob
        var c = Synthetic.consumer(false, false);
        var longPoll = new dev.goload.config.ConsumerOptions(40, c.popBatch(), true, 1, true, 2000, 2, false, false,
                256);
        var cfg = new MaxConfig(Synthetic.target(512, 2), Synthetic.queue(), longPoll, Synthetic.run(), 300, 10, 256);
        var totals = counts(t -> {
            t.sent = 10_000;
            t.popCalls = 90_000;
            t.empty = 80_000;
        });
        var out = new Synthetic.Out();
        new MaxConsole(cfg, out.ps).onEnd(Synthetic.result(totals, pct(1, 2, 3), List.of("loader CPU >= 90 %")));
        List<String> lines = out.lines();
        assertEquals("[final] + empty pops were 80.0 % of the requests: 1333/s from 40 consumers (long-polling "
                + "(-pop-wait)) polling an empty queue; fewer -consumers poll less", lines.get(lines.size() - 2));
        assertAdditionsOnly(lines.subList(0, lines.size() - 1), "[final] ");
    }
}
