package dev.goload.modes.tenants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tenant producer's schedule on a manual clock: the pause advances the clock, each send is stamped with it, so
 * the send instants are asserted exactly (pacer D, goload-behavior.md §1.6; phases, §2.7).
 */
class TenantProducerTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    /** The manual clock and the instants of the sends. */
    private long now;
    private final List<Long> sends = new ArrayList<>();
    /** The due instant each send was handed. */
    private final List<Long> dues = new ArrayList<>();
    private long stopAt = Long.MAX_VALUE;

    private TenantProducer producer(int high, int low, int phaseSec, long offsetSec) {
        return producer(high, low, phaseSec, offsetSec, 1, 0);
    }

    /** A producer whose {@code nth} send takes {@code takesNanos} of the manual clock (a slow push). */
    private TenantProducer producer(int high, int low, int phaseSec, long offsetSec, int nth, long takesNanos) {
        return new TenantProducer(high, low, phaseSec, offsetSec, 0, () -> now, nanos -> {
            now += nanos;
            return now >= stopAt;
        }, () -> now >= stopAt, due -> {
            sends.add(now);
            dues.add(due);
            if (sends.size() == nth) now += takesNanos;
        });
    }

    private List<Long> ms(List<Long> nanos) {
        return nanos.stream().map(n -> n / MS).toList();
    }

    @Test
    void sendsOneIntervalApartAtThePhaseRate() {
        stopAt = 1 * S;
        producer(10, 2, 120, 0).run();
        assertEquals(List.of(100L, 200L, 300L, 400L, 500L, 600L, 700L, 800L, 900L), ms(sends));
        assertEquals(sends, dues, "on schedule, each send is due when it goes out");
    }

    @Test
    void phasesAlternateHighAndLowFromTheTenantsOffset() {
        stopAt = 4 * S;
        // offset 1 s into 2 s phases: the first second is the rest of a high phase, then 2 s low, then high again
        producer(4, 1, 2, 1).run();
        assertEquals(List.of(250L, 500L, 750L, 1000L, 2000L, 3000L, 3250L, 3500L, 3750L), ms(sends));
    }

    @Test
    void moreThanTwoSecondsBehindRestartsFromNowWithoutABurst() {
        stopAt = 6 * S;
        // the first push stalls 3 s: 30 sends are owed, none is made up
        producer(10, 10, 120, 0, 1, 3 * S).run();
        assertEquals(List.of(100L, 3100L, 3200L, 3300L), ms(sends.subList(0, 4)));
        // the reset moves the schedule to now: the send after the stall is due one interval after it
        assertEquals(List.of(100L, 3100L, 3200L), ms(dues.subList(0, 3)));
    }

    @Test
    void lessThanTwoSecondsBehindCatchesUpBackToBack() {
        stopAt = 3 * S;
        producer(10, 10, 120, 0, 1, 1_500 * MS).run();
        // 1.4 s behind is within pacer D's allowance: the 15 owed sends (due 200 … 1600) go out at once, then the
        // schedule goes on one interval at a time
        List<Long> at = ms(sends);
        assertEquals(100L, at.get(0));
        assertEquals(15, at.stream().filter(t -> t == 1600L).count());
        assertEquals(List.of(1700L, 1800L), at.subList(16, 18));
        // the late sends keep their due instants as latency origin (coordinated omission is not hidden)
        assertEquals(List.of(100L, 200L, 300L, 1600L, 1700L), List.of(ms(dues).get(0), ms(dues).get(1),
                ms(dues).get(2), ms(dues).get(15), ms(dues).get(16)));
    }

    @Test
    void aZeroRatePhaseSendsNothingAndResumesWithoutABurst() {
        stopAt = 3 * S;
        // high 0 for 1 s (looked at every 500 ms), then low 2/s: the first send one interval after the idle phase
        producer(0, 2, 1, 0).run();
        assertEquals(List.of(1500L, 2000L), ms(sends));
    }
}
