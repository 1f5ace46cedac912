package dev.goload.modes.cloud;

import dev.goload.client.QueenClient;
import dev.goload.modes.PartitionPicker;
import dev.goload.verify.TenantLedger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One tenant at run time: its client (possibly shared when no tenancy header is sent), queue, ledger, the
 * per-tenant sequence counter and partition rotation shared by its producers, and its delivery counters.
 *
 * <p>Threading: all fields are thread-safe; producers and consumers of the tenant share it.
 */
final class TenantState {
    final CloudTenant tenant;
    final QueenClient client;
    final String queue;
    final TenantLedger ledger;
    final AtomicLong seq = new AtomicLong();
    /** Rotates pushes over {@code p0..p(active-1)}; null when everything goes to the Default partition. */
    final PartitionPicker partitions;
    final LongAdder pushed = new LongAdder();
    final LongAdder popped = new LongAdder();
    final LongAdder acked = new LongAdder();

    TenantState(CloudTenant tenant, QueenClient client, String queue, int activePartitions) {
        this.tenant = tenant;
        this.client = client;
        this.queue = queue;
        this.partitions = activePartitions > 1 ? new PartitionPicker(activePartitions, activePartitions, null) : null;
        this.ledger = new TenantLedger(tenant.idx(), tenant.slug(), tenant.clusterSlug(), queue);
    }

    /** Reserves {@code n} contiguous seqs (1-based) and returns the first. */
    long reserve(int n) {
        long last = seq.addAndGet(n);
        ledger.noteAssigned(last);
        return last - n + 1;
    }
}
