package dev.goload.modes.cm;

import dev.goload.client.QueenClient;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CmConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.BrokerIdentity;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderConnections;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerThread;
import dev.goload.pace.RateCurve;
import dev.goload.modes.StartGate;
import dev.goload.verify.CmStage;
import dev.goload.verify.CmStageRow;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.CmVerifier;
import dev.goload.verify.LossReport;
import dev.goload.verify.ProducedMeta;
import dev.goload.verify.StageAckErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code cm} lifecycle (goload-behavior.md §2.6): open the stage logs, configure the four queues at t=0, start
 * the twelve stages, warm up, run the two paced flows until the duration or the stop signal, shut down in order
 * (stop pacers → stop workers ≤ 15 s → drain acks ≤ 5 s → abort the rest), flush the logs, write
 * {@code produced.meta} and {@code stage-ackerr.meta}, and verify. Intervals go through the one
 * {@link IntervalReporter} (its probe takes a {@link CmSnapshot} at every boundary), everything else it has to say
 * goes to the listeners as {@link CmNote}s, and it returns a typed {@link CmResult} holding the {@link RunOutcome}:
 * the engine never prints.
 *
 * <p>Counting: every push attempt goes through the one {@link PushSender} (inside cm's {@link StablePush} retry
 * wrapper), pops and acks through the one consumer loop, into the run's {@link RunCounters}; cm keeps only its own
 * figures in {@link CmCounters}.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which is also the reporter.
 */
public final class CmRun {
    private static final long WORKER_DRAIN_MILLIS = 15_000;
    private static final long ACK_DRAIN_MILLIS = 5_000;
    /** How long the calls cut by the final cancel get to unwind (to be counted) before the record is taken. */
    private static final long UNWIND_MILLIS = 2_000;
    /** The cm flow pacer's bounded catch-up (§1.6 C): owed work beyond this many events is shed. */
    private static final long MAX_CATCH_UP = 8192;
    /** The exit code of a failed verdict (the reference used 1, indistinguishable from a setup failure). */
    private static final int VERDICT_FAIL_EXIT = 3;

    private final CmConfig cfg;
    private final QueenClient client;
    private final String runId;
    private final LoaderBoundRules rules;
    private final List<RunListener<? super CmSnapshot>> listeners;
    private final NanoClock clock;
    private final List<CmStage> stages;
    private final CmCounters counters;
    private final RunCounters run = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    /** Set by {@link #execute}: the ids and partition ids {@link #attributeLoss} looks the gaps up with. */
    private CmEvents events;
    /** Live stage tasks (the report line's {@code gor}). */
    private final AtomicInteger live = new AtomicInteger();
    private boolean reporting;
    /** This loader's part of a sharded run (the whole run unsharded). */
    private CmShardPart part = CmShardPart.SINGLE;
    /** The coordinated start (none: the run starts when it is warm). */
    private StartGate startGate = StartGate.NONE;


    public CmRun(CmConfig cfg, QueenClient client, String runId, LoaderBoundRules rules,
                 List<? extends RunListener<? super CmSnapshot>> listeners, NanoClock clock) {
        this.cfg = cfg;
        this.client = client;
        this.runId = runId;
        this.rules = rules;
        this.listeners = List.copyOf(listeners);
        this.clock = clock;
        this.stages = CmStage.standard(cfg.queuePrefix());
        this.counters = new CmCounters(stages);
    }

    /**
     * Makes this run one shard's part of a sharded run ({@link CmShardPart}): each flow's rate split exactly, only
     * the shard's properties pushed, warmed up and swept (its T0 is the {@link #startGate}'s). Wildcard stages
     * cannot be restricted to a shard's partitions: the command refuses {@code -shard} with them.
     */
    public CmRun sharded(CmShardPart part) {
        if (part.shard().sharded() && !(cfg.finalTargeted() && cfg.intermediateTargeted())) {
            throw new IllegalArgumentException("a sharded cm run needs targeted stages");
        }
        this.part = part;
        return this;
    }

    /** The coordinated start of a sharded run, awaited after the warm-ups; set before {@link #execute}. */
    public CmRun startGate(StartGate gate) {
        this.startGate = gate;
        return this;
    }

    private int rateA() {
        return part.rateA(cfg);
    }

    private int rateB() {
        return part.rateB(cfg);
    }


    public CmResult execute(RunSignal signal) throws InterruptedException {
        try (LoaderMonitor monitor = new LoaderMonitor(rules, recorders.hiccup)
                .connections(LoaderConnections.of(client))) {
            IntervalReporter<CmSnapshot> reporter = new IntervalReporter<>("cm", clock, run, recorders, monitor,
                    new IntervalReporter.Probe<>() {
                        @Override
                        public int liveTasks() {
                            return live.get();
                        }

                        @Override
                        public CmSnapshot snapshot() {
                            return CmSnapshot.of(counters, run.snapshot());
                        }
                    }, listeners);
            return execute(signal, reporter, monitor);
        }
    }

    private CmResult execute(RunSignal signal, IntervalReporter<CmSnapshot> reporter, LoaderMonitor monitor)
            throws InterruptedException {
        BrokerIdentity broker = BrokerIdentity.of(client);
        List<StageLog> logs = new ArrayList<>();
        try {
            Files.createDirectories(cfg.logdir());
            for (CmStage s : stages) logs.add(new StageLog(cfg.logdir().resolve(s.fileName())));
        } catch (IOException e) {
            closeAll(logs);
            String why = "cannot open the stage logs in " + cfg.logdir() + ": " + e.getMessage();
            return result(reporter, null, why, broker, null);
        }
        CmQueues.configure(cfg, client, run.configureErrors, reporter::note);
        EpochClock epoch = new EpochClock(clock);
        WarmTracker warm = new WarmTracker(stages.size(), cfg.properties(), part.owned(cfg.properties()));
        events = new CmEvents(cfg.payloadBytes(), cfg.runNonce());
        StablePush pusher = new StablePush(new PushSender(run, recorders, clock), client, signal,
                cfg.pushRetries(), counters, clock);
        Semaphore ackSlots = new Semaphore(cfg.ackInflight());
        StageWorkers workers = new StageWorkers(new StageWorkers.Shared(client, events, pusher, counters, run, signal,
                epoch, recorders, ackSlots, warm, live, cfg.properties(), part.shard(), cfg.popBatch(),
                cfg.popWait(), cfg.popTimeoutMs(), cfg.popPartitions(), cfg.sweepFloorMs()));
        startStages(workers, logs);
        OrderedPushers flowA = flow('A', CmStage.AVAIL, pusher, signal, epoch, System.nanoTime());
        OrderedPushers flowB = flow('B', CmStage.PRICES, pusher, signal, epoch, System.nanoTime() ^ 0x5DEECE66DL);
        String failure = null;
        List<PacerThread> pacers = new ArrayList<>();
        try {
            if (cfg.warmup()) {
                signal.pause(300);
                failure = CmWarmup.run(List.of(flowA, flowB), cfg.warmupConc(), warm, signal, reporter::note);
            }
            if (failure == null && !signal.isStopping()) loaderWarmUp(reporter, monitor);
            long start = clock.nanoTime();
            if (failure == null && !signal.isStopping()) {
                try {
                    start = startGate.await(clock, epoch, signal, reporter::note).t0Nanos();
                } catch (StartGate.Refused e) {
                    failure = e.getMessage(); // the stage workers run: shut down in order, then report it
                }
            }
            if (failure == null && !signal.isStopping()) {
                long end = cfg.durationSec() > 0 ? start + cfg.durationSec() * 1_000_000_000L : Long.MAX_VALUE;
                reporter.note(new CmNote.Started(CmSnapshot.of(counters, run.snapshot())));
                reporter.begin(start, cfg.reportSec() * 1_000_000_000L);
                reporting = true;
                flowA.start();
                flowB.start();
                pacer("cm-pacer-A", flowA, rateA(), start, end, pacers);
                pacer("cm-pacer-B", flowB, rateB(), start, end, pacers);
                reporter.runUntil(end, "load", signal);
            }
        } catch (RuntimeException e) {
            // still shut down in order: the logs, produced.meta and the counters must not be lost
            failure = "internal error: " + e;
        }
        signal.stop(failure != null ? "failure" : "duration");
        // the ordered shutdown is the drain phase from now (the signal is set, so this returns at once)
        if (reporting) reporter.runUntil(clock.nanoTime(), "drain", signal);
        for (PacerThread p : pacers) p.stop();
        boolean drained = workers.await(WORKER_DRAIN_MILLIS);
        flowA.join(1_000);
        flowB.join(1_000);
        waitAcks(ackSlots);
        client.cancelAll();
        // the calls the cancel cut (parked long-polls, acks past the drain) count as cancelled before the record
        workers.await(UNWIND_MILLIS);
        waitAcks(ackSlots);
        reporter.note(new CmNote.Shutdown(drained, run.backoff.backoffs(), run.backoff.backoffMillis()));
        String logError = closeAll(logs);
        ProducedMeta meta = new ProducedMeta(run.ackErr.sum(), counters.producedA.sum(), counters.producedB.sum(),
                cfg.warmup() ? 0 : 1, System.currentTimeMillis() / 1000, highWater(flowA), highWater(flowB));
        try {
            meta.write(cfg.logdir());
            StageAckErrors.write(cfg.logdir(), counters.ackErrByStage());
        } catch (IOException e) {
            logError = "cannot write " + ProducedMeta.FILE + ": " + e.getMessage();
        }
        if (failure == null) failure = logError;
        CmVerdict verdict = null;
        if (failure == null) {
            try {
                verdict = CmVerifier.verifyDir(cfg.logdir(), stages, counters.ackErrByStage());
            } catch (IOException e) {
                failure = "verifier: " + e.getMessage();
            }
        }
        return result(reporter, signal.reason(), failure, broker, verdict);
    }

    /**
     * Ends the reporting (the partial last interval, after the drain) and assembles the result; a run that failed
     * before T0 reports from now.
     */
    private CmResult result(IntervalReporter<CmSnapshot> reporter, String stopReason, String failure,
                            BrokerIdentity broker, CmVerdict verdict) {
        if (!reporting) reporter.begin(clock.nanoTime(), cfg.reportSec() * 1_000_000_000L);
        reporter.finish("drain");
        String stop = failure != null ? "error: " + failure : stopReason;
        RunOutcome o = reporter.outcome(runId, stop, broker.health(), broker.error(), client.stats().reconnects());
        if (verdict != null) {
            o = o.withVerdict(verdict.passed() ? Verdict.pass() : Verdict.fail(VERDICT_FAIL_EXIT, findings(verdict)));
        }
        CmSnapshot fin = CmSnapshot.of(counters, run.snapshot());
        return new CmResult(fin, verdict, failure, cfg.logdir(), o, CmSection.of(stages, counters, verdict));
    }

    /** One line per failed stage, in table order. */
    private static List<String> findings(CmVerdict v) {
        List<String> out = new ArrayList<>();
        for (CmStageRow r : v.rows()) {
            if (r.error() != null) {
                out.add(r.stage().label() + ": " + r.error());
            } else if (!r.passed()) {
                out.add(String.format(Locale.ROOT, "%s: gaps=%d order-violations=%d", r.stage().label(), r.gaps(),
                        r.viols()));
            }
        }
        return out;
    }

    private OrderedPushers flow(char name, String ingress, StablePush pusher, RunSignal signal, EpochClock epoch,
                                long seed) {
        return new OrderedPushers(name, cfg.queue(ingress), cfg.properties(), part.shard(), cfg.shards(),
                cfg.pushChanCap(), events, pusher, counters, run, recorders.lateness, signal, epoch, seed);
    }

    /** Loss attribution after the verdict (default: on, {@value AttributionOptions#DEFAULT_MAX} look-ups). */
    public CmRun attribution(AttributionOptions options) {
        this.attribution = options;
        return this;
    }

    /**
     * After {@link #execute}: looks every stage's gaps up through the broker's message API, each for its stage's
     * consumer group (id {@code <stage>:<prop>:<seq>}); null when the verdict has no gaps.
     */
    public LossReport attributeLoss(CmResult r) {
        CmVerdict v = r.verdict();
        if (v == null || v.gaps() == 0 || events == null) {
            return null;
        }
        return CmLossCandidates.attribute(v, events, cfg.logdir(), client, attribution);
    }

    private void startStages(StageWorkers workers, List<StageLog> logs) {
        Semaphore db = new Semaphore(cfg.executorDb()), cal = new Semaphore(cfg.executorCal());
        for (int i = 0; i < stages.size(); i++) {
            CmStage s = stages.get(i);
            boolean a = s.flow() == 'A';
            int rate = a ? rateA() : rateB();
            StageWorkers.Spec spec;
            if (s.terminal()) {
                spec = new StageWorkers.Spec(i, s, null, cfg.otaSleep(), cfg.otaSleep(), new Semaphore(cfg.executorOta()),
                        cfg.finalTargeted(), cfg.popWorkers(rateA()), logs.get(i), new LongAdder());
            } else {
                spec = new StageWorkers.Spec(i, s, cfg.queue(a ? CmStage.OTA_SYNC : CmStage.OTA_PRICES),
                        a ? cfg.dbSleepMin() : cfg.calSleep(), a ? cfg.dbSleepMax() : cfg.calSleep(), a ? db : cal,
                        cfg.intermediateTargeted(), cfg.popWorkers(rate), logs.get(i),
                        a ? counters.dbDerived : counters.calDerived);
            }
            workers.start(spec);
        }
    }

    /**
     * The loader's own warm-up before T0 ({@link dev.goload.modes.LoaderWarmUp}; the seq-0 warm-up is the
     * pipeline's): the two flows' pushes and one connection per stage worker.
     */
    private void loaderWarmUp(IntervalReporter<CmSnapshot> reporter, LoaderMonitor monitor)
            throws InterruptedException {
        int pushes = dev.goload.modes.LoaderWarmUp.producerConcurrency(rateA() + rateB(), Integer.MAX_VALUE);
        int workers = stages.size() * cfg.popWorkers(Math.max(rateA(), rateB()));
        int conns = dev.goload.modes.LoaderWarmUp.connections(pushes, workers, client.config().idleConns());
        dev.goload.modes.LoaderWarmUp.Result warm = dev.goload.modes.LoaderWarmUp.run(List.of(client), conns, clock);
        monitor.warmUp(warm);
        reporter.note(new CmNote.LoaderWarm(warm));
    }

    private void pacer(String name, OrderedPushers flow, int rate, long start, long end, List<PacerThread> out) {
        if (rate <= 0) return;
        RateCurve curve = new RateCurve(rate, cfg.rampSec());
        long behind = (long) (MAX_CATCH_UP * 1e9 / rate);
        OpenLoopPacer p = new OpenLoopPacer(ArrivalSchedule.uniform(curve), start, end, behind, flow.limit(), flow);
        out.add(new PacerThread(name, p, clock).start());
    }

    /** Acks in flight are not cut by the stop signal: give them up to 5 s to land before the final abort. */
    private void waitAcks(Semaphore ackSlots) throws InterruptedException {
        if (ackSlots.tryAcquire(cfg.ackInflight(), ACK_DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
            ackSlots.release(cfg.ackInflight());
        }
    }

    private static TreeMap<Integer, Long> highWater(OrderedPushers p) {
        TreeMap<Integer, Long> m = new TreeMap<>();
        for (int i = 0; i < p.properties(); i++) {
            long v = p.highWater(i);
            if (v > 0) m.put(i, v);
        }
        return m;
    }

    private static String closeAll(List<StageLog> logs) {
        String err = null;
        for (StageLog l : logs) {
            try {
                l.close();
            } catch (IOException | RuntimeException e) {
                if (err == null) err = "cannot flush a stage log: " + e.getMessage();
            }
        }
        return err;
    }
}
