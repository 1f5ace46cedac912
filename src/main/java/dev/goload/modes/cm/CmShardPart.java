package dev.goload.modes.cm;

import dev.goload.config.CmConfig;
import dev.goload.shard.Shard;

/**
 * One cm loader's part of a sharded run (docs/distributed.md): its shard, which owns property {@code n} when
 * {@link Shard#owns} it (so its pacers, warm-up and targeted stage workers touch only those properties' partitions),
 * and its exact share of each flow's rate (its start is the run's {@link dev.goload.modes.StartGate}). {@link #SINGLE}
 * is the unsharded run.
 *
 * <p>Immutable.
 */
public final class CmShardPart {
    static final CmShardPart SINGLE = new CmShardPart(Shard.SINGLE);

    private final Shard shard;

    public CmShardPart(Shard shard) {
        this.shard = shard;
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
}
