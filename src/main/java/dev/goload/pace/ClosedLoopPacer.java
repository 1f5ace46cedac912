package dev.goload.pace;

import java.util.function.DoubleSupplier;

/**
 * The closed-loop pacer of {@code app} (and later {@code tenants}), goload-behavior.md §1.6 D: one per producer,
 * {@code next += interval}, sleep until {@code next}; when the producer is more than {@link #MAX_BEHIND_NANOS}
 * behind (its own pushes took longer than the schedule allows) the schedule is reset to now — no catch-up burst
 * and no shed accounting. The offered rate therefore <em>follows the broker's latency</em>: this is a closed loop,
 * and latencies measured behind it are not coordinated-omission corrected.
 *
 * <p>The interval is re-read from {@code intervalNanos} on every step, so a rate change (bursts) applies from the
 * next request. An interval ≤ 0 means unpaced: {@link #nextDelayNanos()} always answers 0.
 *
 * <p>Threading: not thread-safe; each producer owns one.
 */
public final class ClosedLoopPacer {
    /** How far behind the schedule may fall before it is reset to now. */
    public static final long MAX_BEHIND_NANOS = 2_000_000_000L;

    private final NanoClock clock;
    private final DoubleSupplier intervalNanos;
    private long next;

    public ClosedLoopPacer(NanoClock clock, DoubleSupplier intervalNanos) {
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.next = clock.nanoTime();
    }

    /**
     * Advances the schedule by one interval and answers how long to sleep before the next request (0 if it is
     * due already). Call once per request, before sending it.
     */
    public long nextDelayNanos() {
        double iv = intervalNanos.getAsDouble();
        long now = clock.nanoTime();
        if (!(iv > 0) || Double.isInfinite(iv)) {
            next = now;
            return 0;
        }
        next += (long) iv;
        if (now - next > MAX_BEHIND_NANOS) {
            next = now;
        }
        return Math.max(0, next - now);
    }

    /** When the request {@link #nextDelayNanos()} just scheduled is due: its latency origin, even when sent late. */
    public long dueNanos() {
        return next;
    }
}
