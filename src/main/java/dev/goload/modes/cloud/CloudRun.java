package dev.goload.modes.cloud;

import dev.goload.client.PushLoop;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CloudConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderConnections;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.StartGate;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import dev.goload.verify.FaultPlan;
import dev.goload.verify.LossReport;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * The cloud run lifecycle (goload-behavior.md §2.3): configure every tenant's queue, start consumers and the
 * per-tenant pacers, report every {@code -report} s (the one {@link IntervalReporter}, phases {@code load} and
 * {@code drain}), stop the producers after {@code -duration} (in-flight pushes continue), drain, cancel what is left,
 * and compute the per-message verdict ({@link CloudVerdict}). Prints nothing: intervals and {@link CloudNote}s go to
 * the listeners.
 *
 * <p>Usage: {@code new CloudRun(…)}; {@link #configure()} (false ⇒ exit 1); {@link #execute}. A signal handler
 * calls {@link #interrupt()}.
 *
 * <p>Threading: {@link #configure()} and {@link #execute} on one thread, which is also the reporter; listeners are
 * called on it, and for a signal's note on the signal's thread.
 */
public final class CloudRun {
    private static final long STOP_WAIT_MILLIS = 15_000;
    private static final int CONFIGURE_CONCURRENCY = 32;

    private LoaderBoundRules loaderRules = LoaderBoundRules.DEFAULTS;
    private final CloudConfig cfg;
    private final List<TenantState> tenants = new ArrayList<>();
    private final List<QueenClient> clients;
    private final FaultPlan faults;
    private final List<RunListener<? super CloudCounters.Snapshot>> listeners;
    private final NanoClock clock;
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    /** Send instant → receipt; the common {@code e2e} is from the scheduled instant. */
    private final LatencyRecorder e2eFromSend = recorders.add("e2eFromSend");
    private final CloudCounters c = new CloudCounters();
    private final CloudPhases phases;
    private final CloudTxnIds txnIds = CloudTxnIds.forRunStartingNow();
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    private StartGate startGate = StartGate.NONE;
    /** Pushes may take the push loop where the clients allow it ({@link CloudPushLoops}): unless GOLOAD_PUSH_LOOP=0. */
    private final boolean pushLoop = PushLoop.enabledByEnvironment();
    private double configureSec;

    public CloudRun(CloudConfig cfg, List<CloudTenant> tenantList, List<QueenClient> clients, FaultPlan faults,
                    List<? extends RunListener<? super CloudCounters.Snapshot>> listeners, NanoClock clock) {
        this.cfg = cfg;
        this.clients = clients;
        this.faults = faults;
        this.listeners = List.copyOf(listeners);
        this.clock = clock;
        this.phases = new CloudPhases(this::note, clock);
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
     * broker-side queue), at most 32 at once; the outcome is a {@link CloudNote}.
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
                    dev.goload.modes.Errors.record(counters.configureErrors, e);
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread th : threads) {
            th.join();
        }
        configureSec = (clock.nanoTime() - t0) / 1e9;
        ErrorStats.Snapshot s = counters.configureErrors.snapshot();
        if (s.total() > 0) {
            note(new CloudNote.ConfigureFailed(tenants.size(), s));
            return false;
        }
        note(new CloudNote.Configured(tenants.size(), configureSec));
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

    /** The coordinated start of a sharded run (default: none, the run starts when warm); set before {@link #execute}. */
    public CloudRun startGate(StartGate gate) {
        this.startGate = gate;
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

    /**
     * Warms up, waits for the coordinated start (if any), runs load and drain and returns the result; never throws
     * away counters on the way out.
     *
     * A signal before T0 (while waiting for the coordinator or for T0) ends the run there: nothing is pushed, no
     * drain, the stop reason {@code signal}.
     *
     * @throws StartGate.Refused the coordinated start failed (before any push)
     */
    public CloudResult execute(long seed) throws InterruptedException, StartGate.Refused {
        EpochClock epoch = new EpochClock(clock);
        // before the warm-up, which dials the push loops' sockets
        CloudProducers producers = new CloudProducers(cfg, tenants, counters, recorders, c, faults, clock, epoch,
                txnIds, pushLoop);
        LoaderWarmUp.Result warm = LoaderWarmUp.run(clients, CloudClients.warmUpConnections(cfg, clients), clock,
                producers.pacing());
        note(new RunNote.Text(warm.line()));
        StartGate.Began began = startGate.await(clock, epoch, phases.load, this::note);
        try (LoaderMonitor m = new LoaderMonitor(loaderRules).warmUp(warm)
                .connections(LoaderConnections.of(clients))) {
            return run(seed, m, epoch, began.t0Nanos(), began.stopped(), producers);
        }
    }

    private void note(RunNote n) {
        for (RunListener<? super CloudCounters.Snapshot> l : listeners) {
            l.onNote(n);
        }
    }

    private CloudResult run(long seed, LoaderMonitor monitor, EpochClock epoch, long start, boolean stoppedBeforeT0,
                            CloudProducers producers) throws InterruptedException {
        CloudConsumers consumers = new CloudConsumers(cfg, tenants, counters, recorders, e2eFromSend, c, faults,
                epoch);
        IntervalReporter<CloudCounters.Snapshot> reporter = new IntervalReporter<>("cloud", clock, counters, recorders,
                monitor, new IntervalReporter.Probe<>() {
                    @Override
                    public int inflight() {
                        return producers.inflight();
                    }

                    @Override
                    public int liveTasks() {
                        return c.liveTasks.get();
                    }

                    @Override
                    public CloudCounters.Snapshot snapshot() {
                        return c.snapshot();
                    }
                }, listeners);

        long loadEnd = start + cfg.durationSec() * 1_000_000_000L;
        phases.loadEndsAt(loadEnd);
        reporter.begin(start, cfg.reportSec() * 1_000_000_000L);
        if (stoppedBeforeT0) return stoppedBeforeT0(reporter, producers);
        consumers.start();
        producers.start(start, loadEnd, seed);
        reporter.runUntil(loadEnd, "load", phases.load);

        producers.stop();
        consumers.stopFaults();
        long drainStart = clock.nanoTime();
        double loadSec = (drainStart - start) / 1e9;
        phases.enter(CloudPhases.Phase.DRAIN);
        boolean autoSized = faults.any() && cfg.effectiveDrainSec(true) > cfg.drainSec();
        int drainPlanned = cfg.effectiveDrainSec(faults.any());
        note(new CloudNote.Drain(loadSec, drainPlanned));

        long poppedAtDrainStart = counters.popped.sum();
        long drainEnd = drainStart + drainPlanned * 1_000_000_000L;
        long poppedAtTail = -1;
        // the deliveries of the drain's last 2 s tell a backlog still arriving from a real loss (CAUTION vs NOTE)
        if (!reporter.runUntil(drainEnd - 2_000_000_000L, "drain", phases.drain)) {
            poppedAtTail = counters.popped.sum();
            reporter.runUntil(drainEnd, "drain", phases.drain);
        }
        double drainSec = (clock.nanoTime() - drainStart) / 1e9;
        long popped = counters.popped.sum();
        long drainDeliveries = popped - poppedAtDrainStart;
        long tailDeliveries = poppedAtTail < 0 ? -1 : popped - poppedAtTail;
        phases.enter(CloudPhases.Phase.DONE);

        boolean stopped = shutDown(consumers, producers);
        reporter.finish("drain"); // the partial last interval: no counter is left out of the record
        RunOutcome outcome = reporter.outcome(cfg.runId(), phases.stopReason(), null,
                "-mode cloud does not query the broker's /health", CloudClients.reconnects(clients));
        return result(outcome, loadSec, drainSec, drainPlanned, autoSized, poppedAtDrainStart, drainDeliveries,
                tailDeliveries, !stopped, producers);
    }

    /** Nothing was started: the reporting ends now, with the stop reason and the (empty) verdict of no message. */
    private CloudResult stoppedBeforeT0(IntervalReporter<CloudCounters.Snapshot> reporter, CloudProducers producers) {
        phases.enter(CloudPhases.Phase.DONE);
        reporter.finish("load");
        RunOutcome outcome = reporter.outcome(cfg.runId(), phases.stopReason(), null,
                "-mode cloud does not query the broker's /health", CloudClients.reconnects(clients));
        return result(outcome, 0, 0, 0, false, 0, 0, -1, false, producers);
    }

    /** Ends consumer loops, cuts parked long-polls and any push still in flight; false when some did not stop. */
    private boolean shutDown(CloudConsumers consumers, CloudProducers producers) throws InterruptedException {
        consumers.stop();
        CloudClients.cancelAll(clients);
        long stopDeadline = System.nanoTime() + STOP_WAIT_MILLIS * 1_000_000L;
        boolean stopped = consumers.await(STOP_WAIT_MILLIS);
        while (producers.inflight() > 0 && System.nanoTime() < stopDeadline) {
            Thread.sleep(5);
        }
        stopped &= producers.inflight() == 0;
        if (!stopped) {
            note(new CloudNote.Stragglers((int) (STOP_WAIT_MILLIS / 1000)));
        }
        return stopped;
    }

    private CloudResult result(RunOutcome outcome, double loadSec, double drainSec, int drainPlanned,
                               boolean autoSized, long poppedAtDrainStart, long drainDeliveries, long tailDeliveries,
                               boolean stragglers, CloudProducers producers) {
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
        return new CloudResult(outcome.withVerdict(CloudVerdict.of(verify, cfg.failOnVerify())), loadSec, drainSec,
                drainPlanned, autoSized, poppedAtDrainStart, drainDeliveries, tailDeliveries, c.snapshot(), verify, f,
                delivery, configureSec, producers.pacerCount(), stragglers, bitmapBytes, producers.pushPath());
    }
}
