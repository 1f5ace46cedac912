package dev.goload.modes;

import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopCall;
import dev.goload.modes.consume.SweepPops;
import dev.goload.pace.NanoClock;
import dev.goload.shard.Shard;
import java.util.ArrayList;
import java.util.List;

/**
 * The pops of a sharded run's consumers: only the partitions this shard owns ({@code p mod N == I}), with targeted
 * partition pops, so each message is popped on the shard that pushed it and end-to-end latency never compares two
 * machines' clocks. A wildcard or multi-partition pop would let the broker hand over another shard's partition.
 * <ul>
 *   <li>at least as many consumers as owned partitions (or {@code -pop-wildcard=false}): consumer {@code i} pins to
 *       owned partition {@code i mod owned}, every owned partition drained;</li>
 *   <li>fewer consumers than owned partitions, wildcard: consumer {@code i} sweeps the owned partitions
 *       {@code k ≡ i (mod consumers)} with non-waiting pops (a long poll on one empty partition would stall the
 *       others), pausing {@code -empty-sleep} after each empty one as every consumer does.</li>
 * </ul>
 */
final class ShardPops {
    private ShardPops() {}

    /** The partitions consumer {@code i} of {@code consumers} pops, by name. */
    static List<String> partitionsOf(Shard shard, int partitions, int consumers, int i, boolean wildcard) {
        int owned = (int) shard.owned(partitions);
        if (owned == 0) throw new IllegalArgumentException("shard " + shard + " owns none of " + partitions + " partitions");
        List<String> out = new ArrayList<>();
        if (!wildcard || consumers >= owned) {
            out.add(name(shard, i % owned));
            return out;
        }
        for (int k = i; k < owned; k += consumers) out.add(name(shard, k));
        return out;
    }

    /** Consumer {@code i}'s next pop: its one partition, or a sweep over its partitions. */
    static PopCall call(QueenClient client, PopRequest base, List<String> partitions, Lifetime life) {
        if (partitions.size() == 1) {
            PopRequest req = base.withPartition(partitions.getFirst()).withPartitions(0);
            return () -> client.pop(req);
        }
        List<PopRequest> reqs = new ArrayList<>();
        for (String p : partitions) {
            reqs.add(base.withPartition(p).withPartitions(0).withLongPoll(false).withTimeoutMs(0));
        }
        return new SweepPops(reqs, client::pop, k -> false, 0, life, NanoClock.SYSTEM);
    }

    private static String name(Shard shard, long k) {
        return "p" + shard.item(k);
    }
}
