package dev.goload.config;

import dev.goload.shard.Shard;

/**
 * A run's place in a sharded run and how its start is coordinated (docs/distributed.md).
 *
 * @param shard            this loader's shard ({@link Shard#SINGLE} when the run is not sharded)
 * @param startAtEpochMs   {@code -start-at}: the absolute start instant, or null
 * @param coordinator      {@code -coordinator}: the start barrier's URL, or empty
 * @param coordinateListen {@code -coordinate-listen}: the address shard 0 serves the barrier on, or empty
 * @param readyTimeoutMs   how long the barrier waits for every shard after the first one is ready
 * @param startMarginMs    T0 = the last shard ready + this margin (time for every shard to get the answer)
 */
public record ShardOptions(Shard shard, Long startAtEpochMs, String coordinator, String coordinateListen,
                           long readyTimeoutMs, long startMarginMs) {
    public static final ShardOptions NONE = new ShardOptions(Shard.SINGLE, null, "", "", 120_000, 2_000);

    public boolean sharded() {
        return shard.sharded();
    }

    /** The run waits for an instant before T0 (a coordinator or {@code -start-at}). */
    public boolean coordinated() {
        return startAtEpochMs != null || !coordinator.isEmpty();
    }
}
