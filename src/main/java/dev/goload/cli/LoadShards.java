package dev.goload.cli;

import dev.goload.config.ConsumerOptions;
import dev.goload.config.ShardOptions;
import dev.goload.shard.Shard;

/**
 * A sharded {@code max} or {@code openloop} run (docs/distributed.md): the shard flags parsed and checked against the
 * workload (exit 2 before anything is sent) and this shard's part of the totals; its start is {@link ShardedStart}'s.
 * The engine does the rest: the shard's producers write and its consumers pop only the partitions it owns.
 */
final class LoadShards {
    private LoadShards() {}

    /**
     * The shard flags of a max/openloop command line, checked against its partitions and pops.
     *
     * @throws IllegalArgumentException a combination that cannot be sharded exactly (exit 2)
     */
    static ShardOptions parse(ParsedFlags f) {
        ShardOptions o = ShardFlags.parse(f, System.getenv(), System.currentTimeMillis());
        Shard s = o.shard();
        if (!s.sharded()) return o;
        int partitions = f.getInt("partitions");
        if (partitions < s.count()) {
            throw new IllegalArgumentException(s.count() + " shards need at least as many -partitions (got "
                    + partitions + "): each shard writes and pops only its own partitions (p mod N == I)");
        }
        if (f.getInt("pop-partitions") > 1) {
            throw new IllegalArgumentException("-pop-partitions > 1 cannot be sharded: the broker would choose the"
                    + " partitions, popping other shards' messages (their e2e latency across two clocks)");
        }
        int consumers = f.getInt("consumers");
        if (consumers > 0 && consumers < s.count()) {
            throw new IllegalArgumentException("-consumers " + consumers + " over " + s.count() + " shards leaves a"
                    + " shard without consumers: give at least " + s.count() + " (or 0)");
        }
        if (f.table().has("active-partitions")) {
            int active = f.getInt("active-partitions");
            if (active > 0 && active < partitions && active < s.count()) {
                throw new IllegalArgumentException("-active-partitions " + active + " over " + s.count() + " shards"
                        + " leaves a shard without active partitions: give at least " + s.count() + " (or 0)");
            }
        }
        return o;
    }

    /** {@code -drain} in seconds (negative: exit 2). */
    static int drain(ParsedFlags f) {
        int d = f.getInt("drain");
        if (d < 0) throw new IllegalArgumentException("-drain must be >= 0, got " + d);
        return d;
    }

    /** This shard's consumers: its {@link Shard#share} of {@code -consumers}, the rest as given. */
    static ConsumerOptions consumer(ParsedFlags f, Shard shard) {
        ConsumerOptions c = LoadModeSupport.consumer(f);
        return new ConsumerOptions(shard.share(c.consumers()), c.popBatch(), c.popWildcard(), c.popPartitions(),
                c.popWait(), c.popTimeoutMs(), c.emptySleepMs(), c.manualAck(), c.ackAsync(), c.ackInflight());
    }
}
