package dev.goload.modes.cloud;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.pace.NanoClock;
import dev.goload.report.GoFmt;
import dev.goload.verify.FaultPlan;
import dev.goload.verify.LossReport;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * The cloud run lifecycle (goload-behavior.md §2.3): configure every tenant's queue, start consumers and the
 * per-tenant pacers, report every {@code -report} s, stop the producers after {@code -duration} (in-flight pushes
 * continue), drain, cancel what is left, and compute the per-message verdict.
 *
 * <p>Usage: {@code new CloudRun(…)}; {@link #configure()} (false ⇒ exit 1); {@link #execute()}. A signal handler
 * calls {@link #interrupt()}.
 *
 * <p>Threading: {@link #configure()} and {@link #execute()} on one thread, which is also the reporter;
 * listeners are called on it.
 */
public final class CloudRun {
    private static final long STOP_WAIT_MILLIS = 15_000;
    private static final int CONFIGURE_CONCURRENCY = 32;

    /** Receives each interval (console line, CSV row). */
    public interface Listener {
        void onInterval(CloudInterval interval);
    }

    private LoaderBoundRules loaderRules = LoaderBoundRules.DEFAULTS;
    private LoaderMonitor monitor;
    private final CloudConfig cfg;
    private final List<TenantState> tenants = new ArrayList<>();
    private final List<QueenClient> clients;
    private final FaultPlan faults;
    private final List<Listener> listeners;
    private final PrintStream out;
    private final NanoClock clock;
    private final CloudCounters c = new CloudCounters();
    private final CloudPhases phases;
    private final CloudTxnIds txnIds = CloudTxnIds.forRunStartingNow();
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    private double configureSec;

    public CloudRun(CloudConfig cfg, List<CloudTenant> tenantList, List<QueenClient> clients, FaultPlan faults,
                    List<Listener> listeners, PrintStream out, NanoClock clock) {
        this.cfg = cfg;
        this.clients = clients;
        this.faults = faults;
        this.listeners = listeners;
        this.out = out;
        this.clock = clock;
        this.phases = new CloudPhases(out, clock);
        for (int i = 0; i < tenantList.size(); i++) {
            CloudTenant t = tenantList.get(i);
            tenants.add(new TenantState(t, clients.get(i), cfg.queueFor(t.idx()), cfg.activePartitions()));
        }
    }

    /** Builds the per-tenant clients for {@code tenants} (see {@link CloudClients}). */
    public static List<QueenClient> clientsFor(CloudConfig cfg, List<CloudTenant> tenants) {
        return CloudClients.build(cfg, tenants);
    }

    public static void close(List<QueenClient> clients) {
        CloudClients.closeAll(clients);
    }

    /** SIGINT/SIGTERM: stop producers early in the load phase, cut the drain short in the drain. */
    public void interrupt() {
        phases.interrupt();
    }

    /**
     * Configures every tenant's queue (one call per tenant, even on a shared queue name: each tenant has its own
     * broker-side queue), at most 32 at once. Prints the reference's lines.
     *
     * @return false when any call failed (a run over half-provisioned queues measures nothing)
     */
    public boolean configure() throws InterruptedException {
        if (cfg.skipConfigure()) {
            return true;
        }
        Map<String, Object> opts = new LinkedHashMap<>();
        opts.put("retentionEnabled", true);
        opts.put("completedRetentionSeconds", cfg.completedRetentionSec());
        opts.put("retentionSeconds", cfg.pendingRetentionSec());
        opts.put("leaseTime", cfg.leaseTimeSec());
        opts.put("dedupWindowSeconds", cfg.dedupWindowSec());
        opts.put("minPopWaitTime", cfg.minPopWaitMs());
        long t0 = clock.nanoTime();
        Semaphore slots = new Semaphore(CONFIGURE_CONCURRENCY);
        List<Thread> threads = new ArrayList<>();
        for (TenantState t : tenants) {
            slots.acquire();
            threads.add(Thread.ofVirtual().name("goload-cloud-configure-" + t.tenant.idx()).start(() -> {
                try {
                    t.client.configure(t.queue, opts, false);
                } catch (QueenException e) {
                    c.configureErrors.record(e);
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread th : threads) {
            th.join();
        }
        configureSec = (clock.nanoTime() - t0) / 1e9;
        ErrorStats.Snapshot s = c.configureErrors.snapshot();
        if (s.total() > 0) {
            out.printf("[configure] %d/%d FAILED — a run over half-provisioned queues measures nothing:%n",
                    s.total(), tenants.size());
            s.byKind().forEach((kind, n) -> out.printf("    %s=%d  %s%n", kind, n, s.firstMessage().getOrDefault(kind, "")));
            return false;
        }
        out.printf("[configure] %d queue(s) configured in %ss%n", tenants.size(),
                GoFmt.f(2, configureSec));
        return true;
    }

    /** The loader-bound rules (default: {@link LoaderBoundRules#DEFAULTS}); set before {@link #execute}. */
    public CloudRun loaderRules(LoaderBoundRules rules) {
        this.loaderRules = rules;
        return this;
    }

    /** Loss attribution after the verdict (default: on, {@value AttributionOptions#DEFAULT_MAX} look-ups). */
    public CloudRun attribution(AttributionOptions options) {
        this.attribution = options;
        return this;
    }

    /**
     * After {@link #execute}: looks the verdict's missing messages up through each tenant's client and says where
     * they were lost; null when nothing is missing (or verification was off).
     */
    public LossReport attributeLoss(CloudResult r) {
        long missing = r.verify().enabled() ? r.verify().missing() : 0;
        if (missing == 0) {
            return null;
        }
        return CloudLossCandidates.attribute(tenants, txnIds, cfg, attribution, missing);
    }

    /** Runs load and drain and returns the result; never throws away counters on the way out. */
    public CloudResult execute(long seed) throws InterruptedException {
        LoaderWarmUp.Result warm = warmUp();
        try (LoaderMonitor m = new LoaderMonitor(loaderRules).warmUp(warm)) {
            monitor = m;
            return run(seed);
        }
    }

    /** Warms the loader up before T0 ({@link LoaderWarmUp}), each client for its tenants. */
    private LoaderWarmUp.Result warmUp() throws InterruptedException {
        LoaderWarmUp.Result r = LoaderWarmUp.run(clients, CloudClients.warmUpConnections(cfg, clients), clock);
        out.println(r.line());
        return r;
    }

    private CloudResult run(long seed) throws InterruptedException {
        EpochClock epoch = new EpochClock(clock);
        CloudProducers producers = new CloudProducers(cfg, tenants, c, faults, clock, epoch, txnIds);
        CloudConsumers consumers = new CloudConsumers(cfg, tenants, c, faults, epoch);
        Reporter reporter = new Reporter(epoch, producers);

        long start = clock.nanoTime();
        long startedMs = epoch.toEpochMillis(start);
        long loadEnd = start + cfg.durationSec() * 1_000_000_000L;
        phases.loadEndsAt(loadEnd);
        reporter.begin(start);
        consumers.start();
        producers.start(start, loadEnd, seed);

        // load
        long reportNanos = cfg.reportSec() * 1_000_000_000L;
        long nextReport = start + reportNanos;
        while (true) {
            long wake = Math.min(nextReport, loadEnd);
            if (phases.awaitCut(wake)) {
                break;
            }
            long now = clock.nanoTime();
            if (now >= nextReport) {
                reporter.emit(now, "load");
                nextReport += reportNanos;
            }
            if (now >= loadEnd) {
                break;
            }
        }
        producers.stop();
        consumers.stopFaults();
        long drainStart = clock.nanoTime();
        double loadSec = (drainStart - start) / 1e9;
        phases.enter(CloudPhases.Phase.DRAIN);
        boolean autoSized = faults.any() && cfg.effectiveDrainSec(true) > cfg.drainSec();
        int drainPlanned = cfg.effectiveDrainSec(faults.any());
        out.printf("[drain] producers stopped after %ss; draining %ds before the correctness verdict%n",
                GoFmt.f(1, loadSec), drainPlanned);

        // drain
        long poppedAtDrainStart = c.poppedMsg.sum();
        long drainEnd = drainStart + drainPlanned * 1_000_000_000L;
        long tailAt = drainEnd - 2_000_000_000L;
        long poppedAtTail = -1;
        while (true) {
            long now = clock.nanoTime();
            if (poppedAtTail < 0 && now >= tailAt) {
                poppedAtTail = c.poppedMsg.sum();
            }
            if (now >= drainEnd) {
                break;
            }
            long wake = Math.min(nextReport, drainEnd);
            if (poppedAtTail < 0) {
                wake = Math.min(wake, tailAt);
            }
            if (phases.awaitCut(wake)) {
                break;
            }
            now = clock.nanoTime();
            if (now >= nextReport) {
                reporter.emit(now, "drain");
                nextReport += reportNanos;
            }
        }
        long drainStop = clock.nanoTime();
        double drainSec = (drainStop - drainStart) / 1e9;
        long popped = c.poppedMsg.sum();
        long drainDeliveries = popped - poppedAtDrainStart;
        long tailDeliveries = poppedAtTail < 0 ? -1 : popped - poppedAtTail;
        phases.enter(CloudPhases.Phase.DONE);

        // shutdown: end consumer loops, cut parked long-polls and any push still in flight after the drain
        consumers.stop();
        CloudClients.cancelAll(clients);
        long stopDeadline = System.nanoTime() + STOP_WAIT_MILLIS * 1_000_000L;
        boolean stopped = consumers.await(STOP_WAIT_MILLIS);
        while (producers.inflight() > 0 && System.nanoTime() < stopDeadline) {
            Thread.sleep(5);
        }
        stopped &= producers.inflight() == 0;
        if (!stopped) {
            out.println("[shutdown] some goroutines did not stop within 15s");
        }
        long end = clock.nanoTime();
        if (end - reporter.lastNanos > 100_000_000L) {
            reporter.emit(end, "drain"); // the partial last interval: no counter is left out of the CSV
        }
        return result(startedMs, epoch.toEpochMillis(end), loadSec, drainSec, drainPlanned, autoSized,
                poppedAtDrainStart, drainDeliveries, tailDeliveries, !stopped, producers.pacerCount());
    }

    private CloudResult result(long startedMs, long endedMs, double loadSec, double drainSec, int drainPlanned,
                               boolean autoSized, long poppedAtDrainStart, long drainDeliveries, long tailDeliveries,
                               boolean stragglers, int pacers) {
        Map<String, LatencySummary> latency = c.latencySummaries();
        Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
        errors.put("push", c.pushErrors.snapshot());
        errors.put("pop", c.popErrors.snapshot());
        errors.put("ack", c.ackErrors.snapshot());
        errors.put("configure", c.configureErrors.snapshot());
        List<TenantResult> rows = new ArrayList<>();
        List<long[]> delivery = new ArrayList<>();
        long bitmapBytes = 0;
        for (TenantState t : tenants) {
            rows.add(t.ledger.result());
            delivery.add(new long[] {t.pushed.sum(), t.popped.sum(), t.acked.sum()});
            bitmapBytes += t.ledger.bitmapBytes();
        }
        VerifyResult verify = cfg.verify() ? VerifyResult.of(rows) : VerifyResult.skipped(rows);
        var f = new CloudResult.Faults(faults.injected(FaultPlan.Fault.DUP_PUSH),
                faults.injected(FaultPlan.Fault.LOSE_MSG), faults.injected(FaultPlan.Fault.DROP_ACK),
                faults.affectedMessages(FaultPlan.Fault.DUP_PUSH), faults.affectedMessages(FaultPlan.Fault.DROP_ACK));
        return new CloudResult(cfg.runId(), startedMs, endedMs, loadSec, drainSec, drainPlanned, autoSized,
                poppedAtDrainStart, drainDeliveries, tailDeliveries, phases.stopReason(), c.snapshot(), latency,
                errors, verify, f, delivery, configureSec, pacers, stragglers, bitmapBytes,
                c.lateness.exactMaxMicros(), monitor.summary());
    }

    /** Samples counters and interval histograms; hands each interval to the listeners. */
    private final class Reporter {
        private final EpochClock epoch;
        private final CloudProducers producers;
        private long startNanos;
        private long lastNanos;
        private CloudCounters.Snapshot prev;

        Reporter(EpochClock epoch, CloudProducers producers) {
            this.epoch = epoch;
            this.producers = producers;
        }

        void begin(long start) {
            startNanos = start;
            lastNanos = start;
            prev = c.snapshot();
        }

        void emit(long now, String phase) {
            CloudCounters.Snapshot total = c.snapshot();
            var e2e = c.e2eFromSchedule.sampleInterval();
            var push = c.pushRtt.sampleInterval();
            c.e2eFromSend.sampleInterval();
            c.ackRtt.sampleInterval();
            var late = c.lateness.sampleInterval();
            CloudCounters.Snapshot delta = CloudInterval.minus(total, prev);
            LoaderMonitor.Interval self = monitor.sample(new LoaderMonitor.Pacing((lastNanos - startNanos) / 1e9,
                    (now - startNanos) / 1e9, phase, delta.shedBehindReq(), dev.goload.metrics.LatencySummary.of(late),
                    push.getTotalCount() + delta.errPush(), delta.errPush()), null);
            CloudInterval iv = new CloudInterval((now - startNanos) / 1e9, epoch.toEpochMillis(now), phase,
                    (now - lastNanos) / 1e9, producers.inflight(), ms(e2e.getValueAtPercentile(50), e2e),
                    ms(e2e.getValueAtPercentile(99), e2e), ms(push.getValueAtPercentile(50), push),
                    ms(push.getValueAtPercentile(99), push), total, delta,
                    c.liveTasks.get(), cfg.pushBatch(), self.loader().cpuCores(), self.loaderBound());
            prev = total;
            lastNanos = now;
            for (Listener l : listeners) {
                l.onInterval(iv);
            }
        }

        private static double ms(long micros, org.HdrHistogram.Histogram h) {
            return h.getTotalCount() == 0 ? 0 : micros / 1000.0;
        }
    }
}
