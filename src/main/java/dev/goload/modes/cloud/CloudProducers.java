package dev.goload.modes.cloud;

import dev.goload.client.ErrorKind;
import dev.goload.client.ItemStatus;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.client.QueenException;
import dev.goload.config.CloudConfig;
import dev.goload.modes.EpochClock;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerGroup;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import dev.goload.verify.FaultPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadFactory;

/**
 * The cloud producer side: one shared open-loop pacer ({@link OpenLoopPacer}) per (tenant, producer), all driven
 * by one {@link PacerGroup} thread, under one global in-flight cap ({@code -max-inflight}). Each launched request
 * reserves a contiguous block of the tenant's sequence numbers and pushes on its own virtual thread
 * ({@code doCloudPush}, goload-behavior.md §2.3). Producers never retry; in-flight pushes are not cancelled when
 * producers stop (§1.5 #7) — they finish during the drain.
 *
 * <p>Per-item push statuses decide what was sent: {@code queued}/{@code duplicate}/{@code buffered} items are
 * marked sent, {@code failed} items are definite failures, anything without a definite answer is ambiguous.
 *
 * <p>Threading: {@link #start()}/{@link #stop()} from the run thread; launches on the pacer thread.
 */
final class CloudProducers {
    private final CloudConfig cfg;
    private final List<TenantState> tenants;
    private final CloudCounters c;
    private final FaultPlan faults;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final CloudStamps stamps;
    private final InflightLimit limit;
    private final CloudTxnIds txnIds;
    private final ThreadFactory threads = Thread.ofVirtual().name("goload-cloud-push-", 0).factory();
    private PacerGroup group;

    CloudProducers(CloudConfig cfg, List<TenantState> tenants, CloudCounters counters, FaultPlan faults,
                   NanoClock clock, EpochClock epoch, CloudTxnIds txnIds) {
        this.cfg = cfg;
        this.txnIds = txnIds;
        this.tenants = tenants;
        this.c = counters;
        this.faults = faults;
        this.clock = clock;
        this.epoch = epoch;
        this.stamps = new CloudStamps(cfg.payloadBytes());
        this.limit = new InflightLimit(cfg.maxInflight());
    }

    /** Starts every pacer; the schedule ends at {@code endNanos}. */
    void start(long startNanos, long endNanos, long seed) {
        group = new PacerGroup("goload-cloud-pacer", clock);
        double rps = cfg.perProducerRps(tenants.size());
        long stepNanos = (long) (1e9 / rps);
        SplittableRandom random = new SplittableRandom(seed);
        for (TenantState t : tenants) {
            for (int p = 0; p < cfg.producersPerTenant(); p++) {
                // Random phase in [0, step): tenants and producers do not fire in lock-step (the reference's U[0,1)).
                long base = startNanos + (stepNanos > 0 ? random.nextLong(stepNanos) : 0);
                ArrivalSchedule schedule = ArrivalSchedule.uniform(new RateCurve(rps, cfg.rampSeconds()));
                group.add(new OpenLoopPacer(schedule, base, endNanos, cfg.behindMillis() * 1_000_000L, limit,
                        new TenantSink(t)));
            }
        }
        group.start();
    }

    /** Stops offering; in-flight pushes continue. */
    void stop() throws InterruptedException {
        if (group != null) {
            group.stop();
            group.join(5_000);
        }
    }

    int inflight() {
        return limit.inflight();
    }

    int pacerCount() {
        return group == null ? 0 : group.pacers().size();
    }

    /** The pacer decisions of one tenant. */
    private final class TenantSink implements OpenLoopPacer.Sink {
        private final TenantState t;

        TenantSink(TenantState t) {
            this.t = t;
        }

        @Override
        public void launch(long seq, long scheduledNanos, long nowNanos) {
            c.offeredReq.increment();
            c.lateness.record((nowNanos - scheduledNanos) / 1000);
            long first = t.reserve(cfg.pushBatch());
            String partition = t.partitionFor(first, cfg.pushBatch());
            long tsMicros = epoch.toEpochNanos(scheduledNanos) / 1000;
            c.liveTasks.incrementAndGet();
            threads.newThread(() -> {
                try {
                    push(t, first, partition, tsMicros);
                } finally {
                    limit.release();
                    c.liveTasks.decrementAndGet();
                }
            }).start();
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            c.offeredReq.increment();
            (reason == ShedReason.CAP ? c.shedCapReq : c.shedBehindReq).increment();
        }
    }

    private void push(TenantState t, long first, String partition, long tsMicros) {
        int n = cfg.pushBatch();
        long firstSent = first;
        if (faults.take(FaultPlan.Fault.LOSE_MSG)) {
            // The first seq counts as sent but never leaves the loader: exactly one missing per injection.
            if (cfg.verify()) {
                t.ledger.markLostByFault(first);
            }
            firstSent++;
            n--;
            if (n == 0) {
                return;
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
        if (!send(t, items, firstSent, cfg.verify())) {
            return;
        }
        if (faults.take(FaultPlan.Fault.DUP_PUSH)) {
            // Same payloads, fresh transaction ids (as the reference SDK does): broker dedup cannot suppress them.
            List<PushItem> again = new ArrayList<>(n);
            for (PushItem it : items) {
                again.add(PushItem.of(it.queue(), it.partition(), it.payloadJson()));
            }
            faults.affected(FaultPlan.Fault.DUP_PUSH, n);
            send(t, again, firstSent, false);
        }
    }

    /**
     * One push call with its accounting; {@code ledger} false for the fault's re-push (its seqs are already sent).
     *
     * @return whether every item was accepted
     */
    private boolean send(TenantState t, List<PushItem> items, long first, boolean ledger) {
        int n = items.size();
        c.pushReq.increment();
        long t0 = System.nanoTime();
        PushResult r;
        try {
            r = t.client.push(items);
        } catch (QueenException e) {
            c.pushErrors.record(e);
            if (ledger) {
                ErrorKind k = QueenException.classify(e);
                t.ledger.markFailed(first, n, ambiguous(k), k == ErrorKind.CANCELED);
            }
            return false;
        }
        c.pushRtt.record((System.nanoTime() - t0) / 1000);
        int accepted = r.accepted();
        c.pushedMsg.add(accepted);
        t.pushed.add(accepted);
        if (r.allAccepted()) {
            if (ledger) {
                t.ledger.markSent(first, n);
            }
            return true;
        }
        int bad = r.failed() + r.unknown();
        c.itemFailed.add(bad);
        c.pushErrors.record("item_failed", "push: " + bad + " of " + n + " items not accepted"
                + (r.firstError() == null ? "" : ": " + r.firstError()));
        if (ledger) {
            ItemStatus[] st = r.statuses();
            for (int i = 0; i < n; i++) {
                switch (st[i]) {
                    case QUEUED, DUPLICATE, BUFFERED -> t.ledger.markSent(first + i, 1);
                    case FAILED -> t.ledger.markFailed(first + i, 1, false, false);
                    case UNKNOWN -> t.ledger.markFailed(first + i, 1, true, false);
                }
            }
        }
        return false;
    }

    /** Whether a failed push may nevertheless have been committed (no definite answer from the broker). */
    static boolean ambiguous(ErrorKind k) {
        return switch (k) {
            case HTTP_429, HTTP_403, HTTP_4XX -> false;
            default -> true;
        };
    }
}
