package dev.goload.modes.cloud;

import dev.goload.client.QueenClient;
import dev.goload.verify.TenantLedger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One tenant at run time: its client (possibly shared when no tenancy header is sent), queue, ledger, the
 * per-tenant sequence counter shared by its producers, and its delivery counters.
 *
 * <p>Threading: all fields are thread-safe; producers and consumers of the tenant share it.
 */
final class TenantState {
    final CloudTenant tenant;
    final QueenClient client;
    final String queue;
    final TenantLedger ledger;
    final AtomicLong seq = new AtomicLong();
    final AtomicLong partCounter = new AtomicLong();
    final LongAdder pushed = new LongAdder();
    final LongAdder popped = new LongAdder();
    final LongAdder acked = new LongAdder();

    TenantState(CloudTenant tenant, QueenClient client, String queue) {
        this.tenant = tenant;
        this.client = client;
        this.queue = queue;
        this.ledger = new TenantLedger(tenant.idx(), tenant.slug(), tenant.clusterSlug(), queue);
    }

    /** Reserves {@code n} contiguous seqs (1-based) and returns the first. */
    long reserve(int n) {
        long last = seq.addAndGet(n);
        ledger.noteAssigned(last);
        return last - n + 1;
    }
}
