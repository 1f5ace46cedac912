package dev.goload.modes.cloud;

import dev.goload.client.QueenClient;
import dev.goload.modes.PartitionPicker;
import dev.goload.verify.PartitionIds;
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
    /** Pushes rotate over this many partitions ({@code <= 1}: the Default partition). */
    final int activePartitions;
    /** The broker's partition ids of {@link #queue}, learned from deliveries (loss attribution). */
    final PartitionIds partitionIds = new PartitionIds();
    final LongAdder pushed = new LongAdder();
    final LongAdder popped = new LongAdder();
    final LongAdder acked = new LongAdder();

    TenantState(CloudTenant tenant, QueenClient client, String queue, int activePartitions) {
        this.tenant = tenant;
        this.client = client;
        this.queue = queue;
        this.activePartitions = activePartitions;
        this.partitions = activePartitions > 1 ? new PartitionPicker(activePartitions, activePartitions, null) : null;
        this.ledger = new TenantLedger(tenant.idx(), tenant.slug(), tenant.clusterSlug(), queue);
    }

    /**
     * The partition of the push block holding {@code seq} ({@code pushBatch} seqs per block), null for Default: the
     * k-th block (1-based) goes to {@code p<k mod active>} — the rotation the reference's counter makes, starting at
     * p1 — computed from the seq so the partition of a missing message can be recomputed after the verdict.
     */
    String partitionFor(long seq, int pushBatch) {
        if (partitions == null) {
            return null;
        }
        long block = (seq - 1) / pushBatch + 1;
        return "p" + block % activePartitions;
    }

    /** Reserves {@code n} contiguous seqs (1-based) and returns the first. */
    long reserve(int n) {
        long last = seq.addAndGet(n);
        ledger.noteAssigned(last);
        return last - n + 1;
    }
}
