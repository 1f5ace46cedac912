package dev.goload.broker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /api/v1/pop/queue/{q}[/partition/{p}]}: claims partitions for a consumer group and answers 200 with the
 * messages, or 204 when nothing is available (after parking up to {@code timeout} ms when {@code wait=true}).
 *
 * <p>Parking is not a poll loop: the request sleeps on its queue's per-group condition, woken by pushes and lease
 * releases, and re-checks on its own only every {@link BrokerOptions#popWaitTickMillis()} (to notice expired leases).
 * Thread-safe; every request runs on its own virtual thread.
 */
final class PopRoute {
    static final int MAX_BATCH = 10_000;
    private static final int DEFAULT_TIMEOUT_MS = 30_000;
    private static final int AUTOPILOT_BATCH = 100;
    private static final int AUTOPILOT_MAX_PARTITIONS = 4;

    private final Registry registry;

    PopRoute(Registry registry) {
        this.registry = registry;
    }

    /** @param queueName decoded queue segment; {@code partitionName} null for the wildcard route */
    Reply handle(Request r, String queueName, String partitionName) throws InterruptedException {
        registry.counters.pops.increment();
        Map<String, String> q = r.query();
        String group = q.getOrDefault("consumerGroup", "");
        if (group.isEmpty()) {
            group = QueueState.QUEUE_MODE;
        }
        boolean autoAck = bool(q.get("autoAck"));
        boolean wait = bool(q.get("wait"));
        boolean autopilot = bool(q.get("autopilot"));
        boolean skipHistory = "new".equalsIgnoreCase(q.get("subscriptionMode"))
                && !group.equals(QueueState.QUEUE_MODE);
        int batchParam = integer(q.get("batch"), 0);
        int batch = clamp(batchParam > 0 ? batchParam : (autopilot ? AUTOPILOT_BATCH : 1), 1, MAX_BATCH);
        int partitionsParam = integer(q.get("partitions"), 0);
        long timeoutMs = Math.max(0, integer(q.get("timeout"), DEFAULT_TIMEOUT_MS));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        long tickNanos = TimeUnit.MILLISECONDS.toNanos(registry.options.popWaitTickMillis());
        // No backing arrays until a partition yields messages: most pops of a run find none. Both lists are
        // still empty whenever the loop goes round again (a non-empty attempt returns).
        List<Delivery> out = new ArrayList<>();
        List<PartitionState> claimed = new ArrayList<>();

        while (true) {
            QueueState queue = registry.queue(r.tenant(), queueName);
            queue.registerGroup(group, skipHistory);
            int maxPartitions = partitionName != null ? 1
                    : partitionsParam > 0 ? partitionsParam
                    : autopilot ? clamp(queue.partitionCount(), 1, AUTOPILOT_MAX_PARTITIONS) : 1;
            long seen = queue.version();
            long now = registry.nowMillis();
            Lease lease;
            if (partitionName == null) {
                lease = queue.popWildcard(group, batch, maxPartitions, autoAck, now, out, claimed);
            } else {
                lease = null;
                PartitionState p = queue.partition(partitionName, false);
                if (p != null && p.mayHaveWork(group, now)) {
                    lease = autoAck ? null : queue.newLease(now);
                    if (p.claim(group, batch, lease, now, out) > 0) {
                        claimed.add(p);
                    }
                }
            }
            if (!out.isEmpty()) {
                registry.counters.poppedMessages.add(out.size());
                return Reply.json(200, write(queue, group, lease, claimed, out,
                        autopilot ? new int[] {maxPartitions, batch, wait ? (int) timeoutMs : 0} : null));
            }
            long remaining = deadline - System.nanoTime();
            if (!wait || remaining <= 0) {
                registry.counters.emptyPops.increment();
                return Reply.NO_CONTENT;
            }
            awaitChange(queue, group, seen, Math.min(remaining, tickNanos));
        }
    }

    /** Parks on the queue's condition, counted in the {@code parkedPops} gauge while it does. */
    private void awaitChange(QueueState queue, String group, long seen, long nanos) throws InterruptedException {
        // counted before the wait starts: a push after `seen` was read ends the wait at once, so a test that sees
        // the gauge and then pushes is always answered by that push
        registry.counters.parkedPops.increment();
        try {
            queue.awaitChange(group, seen, nanos);
        } finally {
            registry.counters.parkedPops.decrement();
        }
    }

    private static JsonOut write(QueueState queue, String group, Lease lease, List<PartitionState> claimed,
            List<Delivery> out, int[] autopilot) {
        int size = 256;
        for (Delivery d : out) {
            size += d.message().payload().length + 420;
        }
        String leaseId = lease == null ? "" : lease.id;
        PartitionState first = claimed.getFirst();
        JsonOut o = new JsonOut(size).beginObject()
                .field("success", true)
                .field("queue", queue.name)
                .field("partition", first.name)
                .field("partitionId", first.id)
                .field("leaseId", leaseId)
                .field("consumerGroup", group)
                .field("partitionsClaimed", claimed.size());
        o.name("messages").beginArray();
        for (Delivery d : out) {
            StoredMessage m = d.message();
            o.beginObject()
                    .field("id", m.messageId())
                    .field("transactionId", m.transactionId())
                    .field("partitionId", d.partition().id)
                    .field("leaseId", leaseId)
                    .field("queue", queue.name)
                    .field("partition", d.partition().name)
                    .field("consumerGroup", group);
            o.name("data").raw(m.payload());
            o.field("createdAt", m.createdAt())
                    .field("retryCount", d.retryCount())
                    .field("traceId", m.traceId());
            o.name("producerSub").nullValue();
            if (d.errorMessage() != null) {
                o.field("errorMessage", d.errorMessage());
            }
            o.endObject();
        }
        o.endArray();
        if (autopilot != null) {
            o.name("autopilot").beginObject().field("partitions", autopilot[0]).field("batch", autopilot[1])
                    .field("waitMs", autopilot[2]).endObject();
        }
        return o.endObject();
    }

    static boolean bool(String s) {
        return s != null && (s.equalsIgnoreCase("true") || s.equals("1"));
    }

    /** Queen falls back to the default for non-numeric values instead of failing. */
    static int integer(String s, int dflt) {
        if (s == null || s.isEmpty()) {
            return dflt;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    private static int clamp(int v, int lo, int hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
