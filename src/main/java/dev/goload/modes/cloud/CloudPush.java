package dev.goload.modes.cloud;

import dev.goload.client.PushItem;
import java.util.List;

/**
 * One cloud push request from its launch to its outcome: the tenant, the first seq it carries (a contiguous block,
 * {@code items} in seq order), whether its outcome marks the ledger (false for the {@code dup-push} fault's re-push,
 * whose seqs are already sent) and its instants (latency from {@code scheduledNanos}, service from the send).
 *
 * <p>Threading: built on the launching thread; {@link #sentNanos} written by the push loop's sender before the
 * request is written and read by its reader after the answer (the loop publishes it in between).
 */
final class CloudPush {
    final TenantState tenant;
    final long first;
    final List<PushItem> items;
    final boolean ledger;
    final long scheduledNanos;
    /** The pacer's launch instant, or -1 (no {@code queue} sample: the fault's re-push). */
    final long launchedNanos;
    long sentNanos;

    CloudPush(TenantState tenant, long first, List<PushItem> items, boolean ledger, long scheduledNanos,
              long launchedNanos) {
        this.tenant = tenant;
        this.first = first;
        this.items = items;
        this.ledger = ledger;
        this.scheduledNanos = scheduledNanos;
        this.launchedNanos = launchedNanos;
    }
}
