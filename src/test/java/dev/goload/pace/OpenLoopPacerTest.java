package dev.goload.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenLoopPacerTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    /** Records every decision; releases nothing unless asked. */
    static final class RecordingSink implements OpenLoopPacer.Sink {
        final List<long[]> launches = new ArrayList<>();
        final List<long[]> sheds = new ArrayList<>();
        final List<ShedReason> reasons = new ArrayList<>();

        @Override
        public void launch(long seq, long scheduledNanos, long nowNanos) {
            launches.add(new long[] {seq, scheduledNanos, nowNanos});
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            sheds.add(new long[] {seq, scheduledNanos});
            reasons.add(reason);
        }
    }

    private static OpenLoopPacer pacer(double rps, double ramp, long base, long end, long behind, int cap,
                                       RecordingSink sink) {
        return new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(rps, ramp)), base, end, behind,
                new InflightLimit(cap), sink);
    }

    @Test
    void launchesEachRequestAtItsScheduledInstant() {
        var sink = new RecordingSink();
        long base = 5 * S;
        var p = pacer(1000, 0, base, Long.MAX_VALUE, S, 1_000_000, sink);

        assertEquals(base, p.advance(base - 1), "nothing is due before the base");
        assertEquals(0, sink.launches.size());

        long next = p.advance(base);
        assertEquals(1, sink.launches.size(), "the first request is due at the base itself");
        assertEquals(base + MS, next);

        p.advance(base + 3 * MS);
        assertEquals(4, sink.launches.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(i, sink.launches.get(i)[0]);
            assertEquals(base + i * MS, sink.launches.get(i)[1], "scheduled instant, not wake time");
        }
        assertEquals(4, p.offered());
    }

    @Test
    void lateWakeOffersEverythingOwedWithOriginalInstants() {
        var sink = new RecordingSink();
        var p = pacer(1000, 0, 0, Long.MAX_VALUE, S, 1_000_000, sink);
        p.advance(0);
        long next = p.advance(250 * MS + 500_000); // woke 250.5 ms late
        assertEquals(251, sink.launches.size(), "owed work comes from the clock, not from tick counts");
        assertEquals(250 * MS, sink.launches.get(250)[1]);
        assertEquals(250 * MS + 500_000, sink.launches.get(250)[2], "launched at the wake instant");
        assertEquals(251 * MS, next);
    }

    @Test
    void rampFollowsTheReferenceCurve() {
        var sink = new RecordingSink();
        // 100 req/s ramped over 10 s: F(t) = 100 t^2 / 20 during the ramp, 100 (t - 5) after.
        var p = pacer(100, 10, 0, Long.MAX_VALUE, 100 * S, 1_000_000, sink);
        p.advance(2 * S);
        assertEquals((long) Math.floor(100.0 * 4 / 20) + 1, p.offered(), "F(2 s) = 20 -> 21 offered");
        p.advance(10 * S);
        assertEquals(501, p.offered(), "F(10 s) = 500 at the end of the ramp");
        p.advance(20 * S);
        assertEquals(1501, p.offered(), "full rate after the ramp: F(20 s) = 100 * 15");
        long[] k21 = sink.launches.get(21);
        assertEquals(Math.round(Math.sqrt(2.0 * 21 * 10 / 100) * 1e9), k21[1]);
    }

    @Test
    void shedsWhenInflightCapIsFull() {
        var sink = new RecordingSink();
        var limit = new InflightLimit(3);
        var p = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1000, 0)), 0, Long.MAX_VALUE, S, limit, sink);
        p.advance(9 * MS);
        assertEquals(3, sink.launches.size());
        assertEquals(7, sink.sheds.size());
        assertTrue(sink.reasons.stream().allMatch(r -> r == ShedReason.CAP));
        assertEquals(10, p.offered(), "shed requests are offered too");

        limit.release();
        p.advance(10 * MS);
        assertEquals(4, sink.launches.size(), "a released slot is used by the next due request");
        assertEquals(10, sink.launches.get(3)[0], "shed requests are never re-offered");
    }

    @Test
    void loaderStallIsShedAsBehindNotAsCap() {
        var sink = new RecordingSink();
        var p = pacer(1000, 0, 0, Long.MAX_VALUE, 500 * MS, 1_000_000, sink);
        p.advance(0);
        p.advance(2 * S); // the pacer thread was stalled for 2 s
        // Due at 1 ms .. 2000 ms; those more than 500 ms late (due before 1500 ms) are 'behind'.
        assertEquals(1499, sink.sheds.size());
        assertTrue(sink.reasons.stream().allMatch(r -> r == ShedReason.BEHIND), "none shed as cap");
        assertEquals(1499 * MS, sink.sheds.getLast()[1], "the last one shed was due at 1499 ms");
        assertEquals(1 + 501, sink.launches.size(), "requests within the allowance are launched, late");
        assertEquals(1500 * MS, sink.launches.get(1)[1]);
        assertEquals(2001, p.offered());
    }

    @Test
    void stopsOfferingAtTheEndOfTheSchedule() {
        var sink = new RecordingSink();
        var p = pacer(1000, 0, 0, 10 * MS, S, 1_000_000, sink);
        assertEquals(Long.MAX_VALUE, p.advance(50 * MS));
        assertEquals(10, p.offered(), "instants 0..9 ms are before the end; 10 ms is not");
        assertEquals(Long.MAX_VALUE, p.advance(60 * MS));
        assertEquals(10, p.offered());
    }

    @Test
    void inflightLimitNeverExceedsItsCapAndRejectsOverRelease() {
        var limit = new InflightLimit(2);
        assertTrue(limit.tryAcquire());
        assertTrue(limit.tryAcquire());
        assertTrue(!limit.tryAcquire());
        limit.release();
        limit.release();
        assertThrows(IllegalStateException.class, limit::release);
        assertEquals(0, limit.inflight());
    }
}
