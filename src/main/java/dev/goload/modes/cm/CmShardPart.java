package dev.goload.modes.cm;

import dev.goload.config.CmConfig;
import dev.goload.modes.EpochClock;
import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.Shard;
import java.io.IOException;
import java.util.Locale;

/**
 * One cm loader's part of a sharded run (docs/distributed.md): its shard, which owns property {@code n} when
 * {@link Shard#owns} it (so its pacers, warm-up and targeted stage workers touch only those properties' partitions),
 * its exact share of each flow's rate, and its coordinated start. {@link #SINGLE} is the unsharded run.
 *
 * <p>Not thread-safe beyond {@link #start()} (written by the run's thread before T0, read after the run).
 */
public final class CmShardPart {
    /** Waits for the coordinated start of a sharded run; null = not coordinated, start now. */
    @FunctionalInterface
    public interface Gate {
        /** @throws IllegalStateException the barrier refused the run or timed out (the message names why) */
        CoordinatedStart.Start await() throws IOException, InterruptedException;
    }

    static final CmShardPart SINGLE = new CmShardPart(Shard.SINGLE, null);

    private final Shard shard;
    private final Gate gate;
    private volatile CoordinatedStart.Start start;

    /** @param gate null: the run starts when it is ready */
    public CmShardPart(Shard shard, Gate gate) {
        this.shard = shard;
        this.gate = gate;
    }

    Shard shard() {
        return shard;
    }

    /** How many of the run's properties this loader produces and consumes. */
    int owned(int properties) {
        return (int) shard.owned(properties);
    }

    int rateA(CmConfig cfg) {
        return flowRate(cfg.rateA(), shard);
    }

    int rateB(CmConfig cfg) {
        return flowRate(cfg.rateB(), shard);
    }

    /**
     * A shard's rate of one flow: its share of the unsharded flow's rate (A = floor(r/2), B = r − A), so the shards'
     * rates sum exactly per flow — splitting r first and halving each part would not (r = 6 over 2: A 1+1 ≠ 3).
     */
    static int flowRate(int unshardedFlowRate, Shard shard) {
        return shard.share(unshardedFlowRate);
    }

    /** The start the gate handed out, or null (not coordinated, or not reached). */
    CoordinatedStart.Start start() {
        return start;
    }

    /**
     * T0 on the monotonic clock: now without a gate, else the gate's T0 (this loader's epoch clock) mapped through
     * {@code epoch}. A T0 that passed while this shard warmed up cannot be met (its schedule would begin with a
     * catch-up burst): an {@link IllegalStateException}.
     */
    long t0Nanos(NanoClock clock, EpochClock epoch) throws IOException, InterruptedException {
        CoordinatedStart.Start s = gate == null ? null : gate.await();
        long now = clock.nanoTime();
        if (s == null) return now;
        start = s;
        long t0 = epoch.toMonotonicNanos(s.localT0EpochMs() * 1_000_000L);
        if (t0 < now) {
            throw new IllegalStateException(String.format(Locale.ROOT, "T0 passed %d ms before this shard was ready"
                    + " (warm-up took longer than the start's margin; give -start-at later)", (now - t0) / 1_000_000));
        }
        return t0;
    }
}
