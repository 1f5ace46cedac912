package dev.goload.modes;

import dev.goload.modes.run.RunNote;
import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.Shard;
import java.util.concurrent.locks.LockSupport;

/**
 * The start of a {@link LoadRun} at a coordinated T0 (a sharded run's barrier, or {@code -start-at}): the gate the run
 * asks after its warm-up, the failure that ends it before anything is sent, the note the console renders, and the wait
 * for T0 on the injected clock.
 */
public final class LoadStart {
    private LoadStart() {}

    /**
     * When the schedule starts, asked after the warm-up (so every shard is connected, configured and warm when it
     * registers at the barrier): the start to wait for, or null to start at once.
     */
    @FunctionalInterface
    public interface StartGate {
        StartGate NOW = epoch -> null;

        /**
         * @throws IllegalStateException the barrier refused the run or timed out (the message says why)
         * @throws java.io.IOException   the barrier could not be reached
         */
        CoordinatedStart.Start await(EpochClock epoch) throws java.io.IOException, InterruptedException;
    }

    /** The coordinated start failed: the run ends before anything is pushed or popped. */
    public static final class StartFailed extends RuntimeException {
        public StartFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The run starts at a coordinated T0 ({@code -coordinator} or {@code -start-at}); the console shows the warning. */
    public record ShardStart(Shard shard, CoordinatedStart.Start start) implements RunNote {
        /** The {@code [shard] WARNING} line when the clock offset to the coordinator is large, else null. */
        public String offsetWarning() {
            return start.offsetWarning();
        }
    }

    /** Asks the gate; a refusal, a timeout or an unreachable barrier becomes {@link StartFailed}. */
    static CoordinatedStart.Start ask(StartGate gate, EpochClock epoch) throws InterruptedException {
        try {
            return gate.await(epoch);
        } catch (java.io.IOException | IllegalStateException e) {
            throw new StartFailed(e.getMessage(), e);
        }
    }

    /** Waits until {@code clock} reads {@code t0Nanos}, or the run stops: coarse sleeps on the signal, the last 2 ms parked. */
    static void waitUntil(long t0Nanos, NanoClock clock, RunSignal signal) {
        while (!signal.isStopping()) {
            long left = t0Nanos - clock.nanoTime();
            if (left <= 0) return;
            if (left > 2_000_000L) {
                signal.pause((left - 2_000_000L) / 1_000_000L);
            } else {
                LockSupport.parkNanos(left);
            }
        }
    }
}
