package dev.goload.modes;

import dev.goload.pace.NanoClock;

/**
 * Maps the monotonic clock onto epoch nanoseconds, anchored once at construction, so stamps written into
 * messages ({@code ts}) are comparable across threads and with another goload process on the same host,
 * while intervals keep the monotonic clock's precision.
 *
 * <p>Immutable and thread-safe.
 */
public final class EpochClock {
    private final NanoClock clock;
    private final long offset;

    public EpochClock(NanoClock clock) {
        this.clock = clock;
        java.time.Instant now = java.time.Instant.now();
        this.offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - clock.nanoTime();
    }

    public long epochNanos() {
        return clock.nanoTime() + offset;
    }

    /** The epoch instant of a monotonic instant. */
    public long toEpochNanos(long monotonicNanos) {
        return monotonicNanos + offset;
    }

    /** The monotonic instant of an epoch instant (a coordinated T0, given on the epoch clock). */
    public long toMonotonicNanos(long epochNanos) {
        return epochNanos - offset;
    }

    public long toEpochMillis(long monotonicNanos) {
        return Math.floorDiv(toEpochNanos(monotonicNanos), 1_000_000L);
    }
}
