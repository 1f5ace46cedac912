package dev.goload.modes.tenants;

import dev.goload.config.TenantsConfig;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per queue, messages pushed and popped: the tail of §2.7 comes from their differences. Queue index
 * {@code tenant * queuesPerTenant + q}; each queue is named once here, not per push.
 *
 * <p>Threading: atomic arrays, updated from every producer and consumer; {@link #figures} from the reporter.
 */
final class QueueLedger {
    private final TenantsConfig c;
    private final AtomicLongArray pushed;
    private final AtomicLongArray popped;
    private final String[] names;

    QueueLedger(TenantsConfig c) {
        this.c = c;
        this.pushed = new AtomicLongArray(c.queues());
        this.popped = new AtomicLongArray(c.queues());
        this.names = new String[c.queues()];
        for (int q = 0; q < names.length; q++) {
            names[q] = TenantsConfig.queueName(q / c.queuesPerTenant(), q % c.queuesPerTenant());
        }
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
        return new TenantsFigures(c.tenants(), c.queues(), c.queues() * c.consumersPerQueue(), tail, tailQueues);
    }
}
