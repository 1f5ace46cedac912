package dev.goload.pace;

import java.util.SplittableRandom;

/**
 * A monotonic sequence of fire times, in nanoseconds after the schedule's base. Each call to
 * {@link #nextOffsetNanos()} returns the next arrival; values never decrease.
 *
 * <p>Not thread-safe: one pacer owns a schedule.
 */
public interface ArrivalSchedule {

    long nextOffsetNanos();

    /** Evenly spaced arrivals: the k-th is due at {@code F⁻¹(k)} (the reference's behaviour). */
    static ArrivalSchedule uniform(RateCurve curve) {
        return new ArrivalSchedule() {
            private long k;

            @Override
            public long nextOffsetNanos() {
                return toNanos(curve.secondsAt(k++));
            }
        };
    }

    /**
     * A Poisson process following the same rate curve: the k-th arrival is due at {@code F⁻¹(S_k)}, where
     * {@code S_k} is a sum of k unit exponentials (time-rescaling of a unit-rate process), so the expected
     * count by time t is exactly {@code F(t)}, ramp included.
     */
    static ArrivalSchedule poisson(RateCurve curve, long seed) {
        return new ArrivalSchedule() {
            private final SplittableRandom random = new SplittableRandom(seed);
            private double s;
            private boolean first = true;

            @Override
            public long nextOffsetNanos() {
                if (first) {
                    // The first arrival is at the base, as with uniform: the run starts offering at once.
                    first = false;
                    return 0;
                }
                s += -Math.log(1.0 - random.nextDouble());
                return toNanos(curve.secondsAt(s));
            }
        };
    }

    private static long toNanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
