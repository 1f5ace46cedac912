package dev.goload.broker;

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * All broker state: queues per tenant, the partition-id and lease-id indexes, counters and the clock.
 * Thread-safe (concurrent maps; everything below is guarded per queue or per partition).
 */
final class Registry {
    final BrokerOptions options;
    final InstantSource clock;
    final Counters counters = new Counters();
    /** Test-only loss switches (off unless a test sets them). */
    final BrokerFaults faults = new BrokerFaults();
    final AckAnswerDelay ackAnswerDelay = new AckAnswerDelay();
    final ConcurrentHashMap<String, Lease> leases = new ConcurrentHashMap<>();
    final ConcurrentHashMap<String, PartitionState> partitionsById = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, QueueState> queues = new ConcurrentHashMap<>();
    private final QueueConfig defaultConfig;

    Registry(BrokerOptions options, InstantSource clock) {
        this.options = options;
        this.clock = clock;
        this.defaultConfig = QueueConfig.defaults(options.defaultLeaseSeconds(), options.defaultRetryLimit());
    }

    long nowMillis() {
        return clock.millis();
    }

    QueueConfig defaultConfig() {
        return defaultConfig;
    }

    QueueState queue(String tenant, String name) {
        String key = key(tenant, name);
        QueueState q = queues.get(key);
        return q != null ? q : queues.computeIfAbsent(key, k -> new QueueState(this, tenant, name, defaultConfig));
    }

    QueueState find(String tenant, String name) {
        return queues.get(key(tenant, name));
    }

    /** The partition with this id, if it belongs to {@code tenant}; other tenants' rows are invisible. */
    PartitionState partitionById(String tenant, String id) {
        PartitionState p = id == null ? null : partitionsById.get(id);
        return p != null && p.queue.tenant.equals(tenant) && !p.queue.deleted ? p : null;
    }

    /** Removes a queue with its partitions and wakes its waiters; returns whether it existed. */
    boolean delete(String tenant, String name) {
        QueueState q = queues.remove(key(tenant, name));
        if (q == null) {
            return false;
        }
        q.markDeleted();
        for (PartitionState p : q.partitions()) {
            partitionsById.remove(p.id, p);
        }
        return q.materialized();
    }

    List<QueueState> queues() {
        return new ArrayList<>(queues.values());
    }

    private static String key(String tenant, String name) {
        return tenant + '\n' + name;
    }
}
