package dev.goload.modes.cloud;

import dev.goload.client.HttpEngine;
import dev.goload.client.PushLoop;
import dev.goload.client.QueenClient;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.PushSender;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerGroup;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import dev.goload.verify.FaultPlan;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadFactory;

/**
 * The cloud producer side: one shared open-loop pacer ({@link OpenLoopPacer}) per (tenant, producer), all driven
 * by one {@link PacerGroup} thread, under one global in-flight cap ({@code -max-inflight}). Each launched request
 * reserves a contiguous block of the tenant's sequence numbers ({@code doCloudPush}, goload-behavior.md §2.3) and
 * goes out on one of two paths:
 * <ul>
 *   <li>the push loop (default where {@link PushLoop#eligible}: plain http on the http1 engine;
 *       {@link CloudPushLoops}): the pacer's thread writes it non-blocking on its tenant client's loop, whose reader
 *       thread reports the answer;</li>
 *   <li>otherwise (OkHttp, HTTPS, an HTTP proxy, retries, {@code GOLOAD_PUSH_LOOP=0}): its own virtual thread
 *       through the blocking client ({@code -target proxy}, the Queen proxy over plain http, takes the loop).</li>
 * </ul>
 * Both account through the one {@link PushSender} and {@link CloudPushes} (counts, {@code push} latency from the
 * pacer's scheduled instant, {@code service} from the send, the ledger from per-item statuses), so they count alike.
 * Producers never retry; in-flight pushes are not cancelled when producers stop (§1.5 #7) — they finish during the
 * drain, and one still in flight at shutdown is cancelled with the clients: counted as canceled, not failed.
 *
 * <p>Threading: construction (before the warm-up: it dials the loops' sockets), {@link #start()}/{@link #stop()}
 * from the run thread; launches on the pacer thread.
 */
final class CloudProducers {
    private final CloudConfig cfg;
    private final List<TenantState> tenants;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final CloudCounters c;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final InflightLimit limit;
    private final CloudPushes pushes;
    private final ThreadFactory threads = Thread.ofVirtual().name("goload-cloud-push-", 0).factory();
    /** The push loops, or null on the virtual-thread path. */
    private final CloudPushLoops loops;
    private PacerGroup group;

    /** {@code pushLoop}: take the push loop where the clients allow it ({@link CloudPushLoops}). */
    CloudProducers(CloudConfig cfg, List<TenantState> tenants, RunCounters counters, RunRecorders recorders,
                   CloudCounters extras, FaultPlan faults, NanoClock clock, EpochClock epoch, CloudTxnIds txnIds,
                   boolean pushLoop) {
        this.cfg = cfg;
        this.tenants = tenants;
        this.counters = counters;
        this.recorders = recorders;
        this.c = extras;
        this.clock = clock;
        this.epoch = epoch;
        this.limit = new InflightLimit(cfg.maxInflight());
        this.pushes = new CloudPushes(cfg, new PushSender(counters, recorders, clock), faults, clock, epoch,
                txnIds);
        List<QueenClient> clients = tenants.stream().map(t -> t.client).toList(); // one per tenant, in order
        this.loops = CloudPushLoops.open(clients, pushLoop, clock, CloudClients.warmUpPushes(cfg, clients), pushes,
                this::done, threads);
    }

    /**
     * Which path carries the pushes, for the run record's {@code section.pushPath} (as openloop's): {@code loop},
     * {@code virtual-threads} (the blocking http1 engine, a virtual thread per push) or {@code okhttp}.
     */
    /** On the push loops a push takes no virtual thread (as {@code OpenLoopProducers#pacing}). */
    LoaderWarmUp.Pacing pacing() {
        return loops == null ? LoaderWarmUp.Pacing.VIRTUAL_THREADS : LoaderWarmUp.Pacing.PUSH_LOOP;
    }

    String pushPath() {
        if (loops != null) {
            return "loop";
        }
        boolean okhttp = tenants.stream().anyMatch(t -> t.client.engine() == HttpEngine.OKHTTP);
        return okhttp ? "okhttp" : "virtual-threads";
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
        if (loops != null) {
            loops.start();
        }
        group.start();
    }

    /** Stops offering; in-flight pushes continue. */
    void stop() throws InterruptedException {
        if (group != null) {
            group.stop();
            // a loop's reader may end once the pacer thread, its sender, has: not before (a later push would be lost)
            if (group.join(5_000) && loops != null) {
                loops.stopOffering();
            }
        }
    }

    int inflight() {
        return limit.inflight();
    }

    int pacerCount() {
        return group == null ? 0 : group.pacers().size();
    }

    /** A launched request has its last outcome. */
    private void done() {
        limit.release();
        c.liveTasks.decrementAndGet();
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
            if (loops != null) {
                CloudPush p = pushes.prepare(t, first, partition, tsMicros, scheduledNanos, nowNanos);
                if (p == null) {
                    done();
                } else {
                    loops.push(p);
                }
                return;
            }
            threads.newThread(() -> {
                try {
                    CloudPush p = pushes.prepare(t, first, partition, tsMicros, scheduledNanos, nowNanos);
                    if (p != null) {
                        pushes.sendBlocking(p);
                    }
                } finally {
                    done();
                }
            }).start();
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            counters.offeredReq.increment();
            (reason == ShedReason.CAP ? counters.shedCapReq : counters.shedBehindReq).increment();
        }
    }
}
