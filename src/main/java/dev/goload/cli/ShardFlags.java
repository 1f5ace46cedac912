package dev.goload.cli;

import dev.goload.config.ShardOptions;
import dev.goload.shard.Shard;
import dev.goload.shard.StartAt;
import java.util.Map;

/**
 * The flags of a sharded run, shared by the modes that can be sharded ({@code -shard I/N} or {@code -shards N} with
 * {@code JOB_COMPLETION_INDEX}; {@code -start-at}; {@code -coordinator} / {@code -coordinate-listen}), and their parse
 * into {@link ShardOptions}. Bad combinations are command-line errors (exit 2) before anything is sent.
 */
final class ShardFlags {
    private ShardFlags() {}

    static FlagTable add(FlagTable t) {
        return t.string("shard", "", FlagTables.ADDITION + "this loader's shard of a sharded run, I/N (e.g. 0/4):"
                        + " it does exactly its 1/N of the workload (docs/distributed.md)")
                .intFlag("shards", 0, FlagTables.ADDITION + "N shards, this loader's index from JOB_COMPLETION_INDEX"
                        + " (a Kubernetes Indexed Job); 0 = not sharded")
                .string("start-at", "", FlagTables.ADDITION + "start the schedule at this instant (RFC 3339 or unix ms),"
                        + " so loaders start together without a coordinator")
                .string("coordinator", "", FlagTables.ADDITION + "URL of the start barrier (shard 0's"
                        + " -coordinate-listen): every shard starts at the T0 it hands out")
                .string("coordinate-listen", "", FlagTables.ADDITION + "on shard 0: serve the start barrier on"
                        + " HOST:PORT or :PORT")
                .duration("coordinate-timeout", java.time.Duration.ofMinutes(2), FlagTables.ADDITION + "how long the"
                        + " barrier waits for every shard after the first is ready (then the run fails on every shard)");
    }

    /**
     * @param env the process environment ({@code JOB_COMPLETION_INDEX})
     * @throws IllegalArgumentException a bad or contradictory combination (the caller exits 2)
     */
    static ShardOptions parse(ParsedFlags f, Map<String, String> env, long nowEpochMs) {
        String spec = f.getString("shard");
        int shards = f.getInt("shards");
        if (!spec.isEmpty() && shards != 0) {
            throw new IllegalArgumentException("give -shard I/N or -shards N (with JOB_COMPLETION_INDEX), not both");
        }
        if (shards < 0) throw new IllegalArgumentException("-shards must be >= 0, got " + shards);
        Shard shard = !spec.isEmpty() ? Shard.parse(spec)
                : shards > 0 ? Shard.ofJobIndex(shards, env.get("JOB_COMPLETION_INDEX")) : Shard.SINGLE;
        Long startAt = f.getString("start-at").isEmpty() ? null : StartAt.parse(f.getString("start-at"), nowEpochMs);
        String coordinator = f.getString("coordinator");
        String listen = f.getString("coordinate-listen");
        if (startAt != null && !coordinator.isEmpty()) {
            throw new IllegalArgumentException("give -start-at or -coordinator, not both: the coordinator decides T0");
        }
        if (!coordinator.isEmpty() && !shard.sharded()) {
            throw new IllegalArgumentException("-coordinator needs -shard I/N or -shards N");
        }
        if (!listen.isEmpty() && coordinator.isEmpty()) {
            throw new IllegalArgumentException("-coordinate-listen serves the barrier that -coordinator joins: give"
                    + " shard 0 both (it joins its own barrier)");
        }
        if (!coordinator.isEmpty() && !coordinator.matches("https?://[^/\\s]+(/.*)?")) {
            throw new IllegalArgumentException("-coordinator wants a URL (http://host:port), got " + coordinator);
        }
        long timeout = f.getDuration("coordinate-timeout").toMillis();
        if (timeout <= 0) throw new IllegalArgumentException("-coordinate-timeout must be > 0");
        return new ShardOptions(shard, startAt, coordinator, listen, timeout, 2_000);
    }
}
