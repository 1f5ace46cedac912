package dev.goload.modes;

import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * An engine's side of the coordinated start of a sharded run (docs/distributed.md): after its warm-up the engine asks
 * its {@link Gate} for T0, converts T0 from this loader's epoch clock onto the injected monotonic clock, and waits
 * until then, so the reporter and the schedule begin at the instant every shard begins at.
 *
 * <p>Stateless; {@link #await} runs on the engine's thread.
 */
public final class ShardStart {
    /** How the engine learns T0; the command builds it over {@link CoordinatedStart#await}. */
    @FunctionalInterface
    public interface Gate {
        /**
         * Blocks until T0 is decided; null when the run is not coordinated (it starts when ready).
         *
         * @param epochNanos this loader's epoch clock (for the offset measurement)
         * @throws IllegalStateException the barrier refused the run or timed out (the message says why)
         */
        CoordinatedStart.Start await(LongSupplier epochNanos) throws IOException, InterruptedException;

        /** Not coordinated: start when ready. */
        Gate NONE = epochNanos -> null;
    }

    /** The coordinated start failed: nothing was sent; the message names the problem. */
    public static final class Refused extends Exception {
        public Refused(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * When the run began.
     *
     * @param t0Nanos T0 on the injected monotonic clock
     * @param start   what the gate answered (null when not coordinated)
     */
    public record Began(long t0Nanos, CoordinatedStart.Start start) {}

    /** How late after T0 a loader may still begin (on T0's grid): scheduling noise, not a missed start. */
    static final long LATE_TOLERANCE_NANOS = 250_000_000L;

    private ShardStart() {}

    /** Asks the gate for T0 and waits for it on {@code clock}; not coordinated: T0 is now. */
    public static Began await(Gate gate, NanoClock clock, EpochClock epoch) throws Refused, InterruptedException {
        CoordinatedStart.Start s;
        try {
            s = gate.await(epoch::epochNanos);
        } catch (IOException | IllegalStateException e) {
            throw new Refused("the coordinated start failed, nothing was sent: " + e.getMessage(), e);
        }
        if (s == null) return new Began(clock.nanoTime(), null);
        long t0 = epoch.toMonotonicNanos(s.localT0EpochMs() * 1_000_000L);
        long late = clock.nanoTime() - t0;
        if (late > LATE_TOLERANCE_NANOS) {
            // Starting late would shed the owed requests (a few ms are caught up, and the grid stays T0 + k·report):
            // a start nobody can keep is refused, as the barrier refuses a shard that is not ready in time.
            throw new Refused(String.format(java.util.Locale.ROOT, "T0 (%d) passed %.0f ms before this loader was"
                    + " ready: nothing was sent (give -start-at more time ahead)", s.t0EpochMs(), late / 1e6), null);
        }
        for (long d; (d = t0 - clock.nanoTime()) > 0; ) {
            LockSupport.parkNanos(d);
            if (Thread.interrupted()) throw new InterruptedException("interrupted while waiting for T0");
        }
        return new Began(t0, s);
    }
}
