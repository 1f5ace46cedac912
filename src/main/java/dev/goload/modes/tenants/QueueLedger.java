package dev.goload.modes.tenants;

import dev.goload.config.TenantsConfig;
import dev.goload.shard.Shard;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per queue, messages pushed and popped: the tail of §2.7 comes from their differences. Holds the queues of the
 * tenants this loader drives (on a shard, the tenants it owns: every queue of a tenant on one shard, so its tail is
 * whole there); queue index {@code k * queuesPerTenant + q} for the {@code k}-th driven tenant; each queue is named
 * once here, not per push.
 *
 * <p>Threading: atomic arrays, updated from every producer and consumer; {@link #figures} from the reporter.
 */
final class QueueLedger {
    private final TenantsConfig c;
    private final AtomicLongArray pushed;
    private final AtomicLongArray popped;
    private final String[] names;
    /** The driven tenants' numbers, ascending. */
    private final int[] tenants;

    QueueLedger(TenantsConfig c, Shard shard) {
        this.c = c;
        this.tenants = new int[shard.share(c.tenants())];
        for (int k = 0; k < tenants.length; k++) {
            tenants[k] = (int) shard.item(k);
        }
        int queues = tenants.length * c.queuesPerTenant();
        this.pushed = new AtomicLongArray(queues);
        this.popped = new AtomicLongArray(queues);
        this.names = new String[queues];
        for (int q = 0; q < names.length; q++) {
            names[q] = TenantsConfig.queueName(tenants[q / c.queuesPerTenant()], q % c.queuesPerTenant());
        }
    }

    /** How many tenants this loader drives. */
    int tenants() {
        return tenants.length;
    }

    /** The run-wide number of the {@code k}-th driven tenant (its queues' {@code t%04d} prefix). */
    int tenant(int k) {
        return tenants[k];
    }

    /** The index of queue {@code q} of the {@code k}-th driven tenant. */
    int queue(int k, int q) {
        return k * c.queuesPerTenant() + q;
    }

    int queues() {
        return names.length;
    }

    String name(int q) {
        return names[q];
    }

    void pushed(int q) {
        pushed.incrementAndGet(q);
    }

    void popped(int q, int n) {
        popped.addAndGet(q, n);
    }

    /** The shape and the tail now. */
    TenantsFigures figures() {
        long tail = 0;
        int tailQueues = 0;
        for (int q = 0; q < names.length; q++) {
            long d = pushed.get(q) - popped.get(q);
            if (d > 0) {
                tail += d;
                tailQueues++;
            }
        }
        return new TenantsFigures(tenants.length, names.length, names.length * c.consumersPerQueue(), tail,
                tailQueues);
    }
}
