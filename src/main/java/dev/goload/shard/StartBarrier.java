package dev.goload.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The coordinator's decision of a sharded run's start, without I/O (so it is tested exactly): shards register when
 * they are ready (clients connected, queues configured, warm), and once all {@code count} have, every one of them is
 * answered with one {@code T0} = the last registration + {@code marginMillis}, on the coordinator's clock. A shard
 * that registers twice, with another count, or with another configuration fingerprint fails the run for every shard,
 * with a message that names the problem; so does a run whose shards are not all ready within
 * {@code readyTimeoutMillis} of the first registration.
 *
 * <p>Threading: all methods synchronize on this barrier; {@link #await} blocks until the decision.
 */
public final class StartBarrier {

    /**
     * What a shard says when it is ready.
     *
     * @param instance    a random id of the loader process: the same shard registering again (its held request timed
     *                    out) is idempotent; another process with the same index is a duplicate
     * @param fingerprint a digest of the shard's configuration without its shard index (equal on every shard)
     */
    public record Hello(int shard, int count, String runId, String fingerprint, String host, String instance) {}

    /** The decision every shard gets: a start instant, or why the run must not start. */
    public record Decision(long t0EpochMs, String error, List<Hello> shards) {
        public boolean ok() {
            return error == null;
        }
    }

    private final int count;
    private final long marginMillis;
    private final long readyTimeoutMillis;
    private final LongSupplier epochMillis;
    private final Map<Integer, Hello> ready = new TreeMap<>();
    private long firstReadyMs = -1;
    private Decision decision;

    public StartBarrier(int count, long marginMillis, long readyTimeoutMillis, LongSupplier epochMillis) {
        if (count < 1) throw new IllegalArgumentException("shard count must be >= 1");
        this.count = count;
        this.marginMillis = marginMillis;
        this.readyTimeoutMillis = readyTimeoutMillis;
        this.epochMillis = epochMillis;
    }

    /** Registers a ready shard; returns the decision when this registration completed (or failed) the barrier. */
    public synchronized Decision register(Hello h) {
        if (decision != null) {
            Hello known = ready.get(h.shard());
            if (known != null && known.instance().equals(h.instance())) return decision; // asking again
            if (decision.ok()) {
                // the others have started; only the late shard is refused
                return new Decision(-1, "shard " + h.shard() + "/" + h.count() + " registered after the start was"
                        + " decided (T0 " + java.time.Instant.ofEpochMilli(decision.t0EpochMs()) + "): every shard must"
                        + " be ready before", decision.shards());
            }
            return decision;
        }
        long now = epochMillis.getAsLong();
        if (firstReadyMs < 0) firstReadyMs = now;
        if (h.count() != count) {
            return fail("shard " + h.shard() + " runs with -shard ?/" + h.count() + " but the coordinator expects "
                    + count + " shards");
        }
        if (h.shard() < 0 || h.shard() >= count) {
            return fail("shard index " + h.shard() + " is outside 0.." + (count - 1));
        }
        Hello dup = ready.get(h.shard());
        if (dup != null && dup.instance().equals(h.instance())) {
            return decision; // the same loader asking again
        }
        if (dup != null) {
            return fail("shard " + h.shard() + " registered twice (from " + dup.host() + " and " + h.host()
                    + "): two loaders were given the same -shard index");
        }
        for (Hello o : ready.values()) {
            if (!o.fingerprint().equals(h.fingerprint())) {
                return fail("shard " + h.shard() + " runs another configuration than shard " + o.shard()
                        + " (fingerprint " + h.fingerprint() + " vs " + o.fingerprint() + "): every shard must get"
                        + " the same flags apart from -shard");
            }
            if (!o.runId().equals(h.runId())) {
                return fail("shard " + h.shard() + " has run id " + h.runId() + " but shard " + o.shard() + " has "
                        + o.runId() + ": give every shard the same -run-id");
            }
        }
        ready.put(h.shard(), h);
        if (ready.size() == count) {
            decision = new Decision(now + marginMillis, null, List.copyOf(ready.values()));
            notifyAll();
        }
        return decision;
    }

    /**
     * Waits for the decision; fails the run when the shards are not all ready within the ready timeout of the first
     * registration. {@code waitMillis} bounds this call (the caller's own deadline).
     */
    public synchronized Decision await(long waitMillis) throws InterruptedException {
        long until = epochMillis.getAsLong() + waitMillis;
        while (decision == null) {
            long now = epochMillis.getAsLong();
            if (firstReadyMs >= 0 && now - firstReadyMs >= readyTimeoutMillis) {
                return fail(missing() + " not ready within " + readyTimeoutMillis + " ms of the first shard");
            }
            if (now >= until) return null;
            long left = Math.min(until - now, firstReadyMs < 0 ? until - now : firstReadyMs + readyTimeoutMillis - now);
            wait(Math.max(1, Math.min(left, 100)));
        }
        return decision;
    }

    /** Shards registered so far. */
    public synchronized int registered() {
        return ready.size();
    }

    /** The decision so far (null while waiting). */
    public synchronized Decision decision() {
        return decision;
    }

    private String missing() {
        List<Integer> m = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!ready.containsKey(i)) m.add(i);
        }
        return (m.size() == 1 ? "shard " : "shards ") + m.toString().replaceAll("[\\[\\] ]", "");
    }

    private Decision fail(String why) {
        if (decision == null) {
            decision = new Decision(-1, why, List.copyOf(ready.values()));
            notifyAll();
        }
        return decision;
    }
}
