package dev.goload.modes.cloud;

import dev.goload.client.ErrorKind;
import dev.goload.client.ItemStatus;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.config.CloudConfig;
import dev.goload.modes.EpochClock;
import dev.goload.modes.PushOutcome;
import dev.goload.modes.PushSender;
import dev.goload.pace.NanoClock;
import dev.goload.verify.FaultPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * What a cloud push request is and what its outcome means, whichever path carries it ({@code doCloudPush},
 * goload-behavior.md §2.3): the items of a reserved seq block (stamped, caller-fixed transaction ids), the
 * {@code lose-msg} and {@code dup-push} faults, and the ledger marks from the {@link PushSender}'s outcome (which
 * counts it): per-item statuses decide what was sent — {@code queued}/{@code duplicate}/{@code buffered} items are
 * sent, {@code failed} items definite failures, anything without a definite answer ambiguous.
 *
 * <p>Thread-safe (what it shares is: the sender, the ledgers, the fault plan); called from the pacer's thread, the
 * push loop's threads and the virtual threads of the blocking path.
 */
final class CloudPushes {
    private final CloudConfig cfg;
    private final PushSender sender;
    private final FaultPlan faults;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final CloudStamps stamps;
    private final CloudTxnIds txnIds;

    CloudPushes(CloudConfig cfg, PushSender sender, FaultPlan faults, NanoClock clock, EpochClock epoch,
                CloudTxnIds txnIds) {
        this.cfg = cfg;
        this.sender = sender;
        this.faults = faults;
        this.clock = clock;
        this.epoch = epoch;
        this.stamps = new CloudStamps(cfg.payloadBytes());
        this.txnIds = txnIds;
    }

    PushSender sender() {
        return sender;
    }

    /**
     * The request of the block starting at {@code first}, stamped now; null when the {@code lose-msg} fault took its
     * only item (the first seq counts as sent but never leaves the loader: exactly one missing per injection).
     */
    CloudPush prepare(TenantState t, long first, String partition, long tsMicros, long scheduledNanos,
                      long launchedNanos) {
        int n = cfg.pushBatch();
        long firstSent = first;
        if (faults.take(FaultPlan.Fault.LOSE_MSG)) {
            if (cfg.verify()) {
                t.ledger.markLostByFault(first);
            }
            firstSent++;
            n--;
            if (n == 0) {
                return null;
            }
        }
        long taMicros = epoch.epochNanos() / 1000;
        List<PushItem> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long seq = firstSent + i;
            items.add(new PushItem(t.queue, partition, stamps.encode(t.tenant.idx(), seq, tsMicros, taMicros),
                    txnIds.of(t.tenant.idx(), seq), null));
        }
        // -verify=false: no per-message accounting at all, so the verify block cannot claim every sent seq missing.
        return new CloudPush(t, firstSent, items, cfg.verify(), scheduledNanos, launchedNanos);
    }

    /** Sends {@code p} on the blocking client, then its {@code dup-push} re-push when the fault is due. */
    void sendBlocking(CloudPush p) {
        if (!sendOne(p)) {
            return;
        }
        CloudPush again = duplicateIfDue(p);
        if (again != null) {
            sendOne(again);
        }
    }

    /** One blocking push call, accounted; whether every item was accepted. */
    boolean sendOne(CloudPush p) {
        return account(p, sender.send(p.tenant.client, p.items, p.scheduledNanos, p.launchedNanos));
    }

    /**
     * The {@code dup-push} re-push of an accepted {@code p} when the fault is due, else null: the same payloads with
     * fresh transaction ids (as the reference SDK does: broker dedup cannot suppress them), its own request sent now
     * (its latency from this instant, not from the first push's schedule), marking no ledger.
     */
    CloudPush duplicateIfDue(CloudPush p) {
        if (!faults.take(FaultPlan.Fault.DUP_PUSH)) {
            return null;
        }
        List<PushItem> again = new ArrayList<>(p.items.size());
        for (PushItem it : p.items) {
            again.add(PushItem.of(it.queue(), it.partition(), it.payloadJson()));
        }
        faults.affected(FaultPlan.Fault.DUP_PUSH, again.size());
        return new CloudPush(p.tenant, p.first, again, false, clock.nanoTime(), -1);
    }

    /**
     * The ledger marks of {@code p}'s outcome, which the {@link PushSender} has counted.
     *
     * @return whether every item was accepted
     */
    boolean account(CloudPush p, PushOutcome o) {
        TenantState t = p.tenant;
        PushResult r = o.result();
        if (r != null) {
            t.pushed.add(r.accepted());
        }
        if (!p.ledger) {
            return o.achieved();
        }
        int n = p.items.size();
        if (o.achieved()) {
            t.ledger.markSent(p.first, n);
            return true;
        }
        if (r == null) {
            t.ledger.markFailed(p.first, n, o.ambiguous(), o.failureKind() == ErrorKind.CANCELED);
            return false;
        }
        ItemStatus[] st = r.statuses();
        for (int i = 0; i < n; i++) {
            switch (st[i]) {
                case QUEUED, DUPLICATE, BUFFERED -> t.ledger.markSent(p.first + i, 1);
                case FAILED -> t.ledger.markFailed(p.first + i, 1, false, false);
                case UNKNOWN -> t.ledger.markFailed(p.first + i, 1, true, false);
            }
        }
        return false;
    }
}
