package dev.goload.modes.cloud;

import dev.goload.client.ErrorKind;
import dev.goload.client.ItemStatus;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.PushOutcome;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
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
 * <p>Every push goes through the one {@link PushSender} (counts, {@code push} latency from the pacer's scheduled
 * instant, {@code service} from the send). Per-item push statuses decide what was sent: {@code queued}/{@code duplicate}/{@code buffered} items are
 * marked sent, {@code failed} items are definite failures, anything without a definite answer is ambiguous.
 *
 * <p>Threading: {@link #start()}/{@link #stop()} from the run thread; launches on the pacer thread.
 */
final class CloudProducers {
    private final CloudConfig cfg;
    private final List<TenantState> tenants;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final CloudCounters c;
    private final FaultPlan faults;
    /** Stopped at shutdown, before the clients are cancelled: a push cut off then is canceled, not failed. */
    private final RunSignal cutOff = new RunSignal();
    private final PushSender sender;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final CloudStamps stamps;
    private final InflightLimit limit;
    private final CloudTxnIds txnIds;
    private final ThreadFactory threads = Thread.ofVirtual().name("goload-cloud-push-", 0).factory();
    private PacerGroup group;

    CloudProducers(CloudConfig cfg, List<TenantState> tenants, RunCounters counters, RunRecorders recorders,
                   CloudCounters extras, FaultPlan faults, NanoClock clock, EpochClock epoch, CloudTxnIds txnIds) {
        this.cfg = cfg;
        this.txnIds = txnIds;
        this.tenants = tenants;
        this.counters = counters;
        this.recorders = recorders;
        this.c = extras;
        this.sender = new PushSender(counters, recorders, cutOff, clock);
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

    /** The run is over: pushes still in flight are about to be cancelled (counted as canceled at stop). */
    void cutOff() {
        cutOff.stop("over");
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
            counters.offeredReq.increment();
            recorders.lateness.recordNanos(scheduledNanos, nowNanos);
            long first = t.reserve(cfg.pushBatch());
            String partition = t.partitionFor(first, cfg.pushBatch());
            long tsMicros = epoch.toEpochNanos(scheduledNanos) / 1000;
            c.liveTasks.incrementAndGet();
            threads.newThread(() -> {
                try {
                    push(t, first, partition, tsMicros, scheduledNanos, nowNanos);
                } finally {
                    limit.release();
                    c.liveTasks.decrementAndGet();
                }
            }).start();
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            counters.offeredReq.increment();
            (reason == ShedReason.CAP ? counters.shedCapReq : counters.shedBehindReq).increment();
        }
    }

    private void push(TenantState t, long first, String partition, long tsMicros, long scheduledNanos,
                      long launchedNanos) {
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
        if (!send(t, items, firstSent, cfg.verify(), scheduledNanos, launchedNanos)) {
            return;
        }
        if (faults.take(FaultPlan.Fault.DUP_PUSH)) {
            // Same payloads, fresh transaction ids (as the reference SDK does): broker dedup cannot suppress them.
            List<PushItem> again = new ArrayList<>(n);
            for (PushItem it : items) {
                again.add(PushItem.of(it.queue(), it.partition(), it.payloadJson()));
            }
            faults.affected(FaultPlan.Fault.DUP_PUSH, n);
            // its own request, sent now: its latency is from this instant, not from the first push's schedule
            send(t, again, firstSent, false, clock.nanoTime(), -1);
        }
    }

    /**
     * One push call through the run's {@link PushSender} (which counts it), then the ledger marks from its
     * {@link PushOutcome}; {@code ledger} false for the fault's re-push (its seqs are already sent).
     *
     * @return whether every item was accepted
     */
    private boolean send(TenantState t, List<PushItem> items, long first, boolean ledger, long scheduledNanos,
                         long launchedNanos) {
        PushOutcome o = sender.send(t.client, items, scheduledNanos, launchedNanos);
        PushResult r = o.result();
        if (r != null) {
            t.pushed.add(r.accepted());
        }
        if (!ledger) {
            return o.achieved();
        }
        int n = items.size();
        if (o.achieved()) {
            t.ledger.markSent(first, n);
            return true;
        }
        if (r == null) {
            t.ledger.markFailed(first, n, o.ambiguous(), o.failureKind() == ErrorKind.CANCELED);
            return false;
        }
        ItemStatus[] st = r.statuses();
        for (int i = 0; i < n; i++) {
            switch (st[i]) {
                case QUEUED, DUPLICATE, BUFFERED -> t.ledger.markSent(first + i, 1);
                case FAILED -> t.ledger.markFailed(first + i, 1, false, false);
                case UNKNOWN -> t.ledger.markFailed(first + i, 1, true, false);
            }
        }
        return false;
    }
}
