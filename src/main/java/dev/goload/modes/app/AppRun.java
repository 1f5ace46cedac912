package dev.goload.modes.app;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AppConfig;
import dev.goload.metrics.LatencyRecorder;
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
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.pace.NanoClock;
import dev.goload.verify.OrderChecker;
import dev.goload.verify.OrderVerdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code app} lifecycle (goload-behavior.md §2.8, §1.3): optional reset, configure both queues at t=0 (with the
 * dead-letter options, so poison is dead-lettered on every broker generation — §8.2 #19d), start the consumer groups,
 * the stage-2 drainers, the producers and the background tasks, report every interval through the one
 * {@link IntervalReporter}, stop on the duration, a signal or a completed drain, and return an {@link AppResult}
 * holding the {@link RunOutcome} and the order checker's verdict. Everything else it has to say goes to the
 * listeners as {@link AppNote}s: the engine never prints.
 *
 * <p>Shutdown: producers stop first and their in-flight pushes finish (≤ 15 s: a push the broker may have committed
 * must be counted); consumers finish the call in hand and abandon a half-processed batch (its lease expires, as for a
 * crashed application); then whatever is left is cancelled. Counters, raw logs and the manifest are read and written
 * only after that; the partial last interval (the shutdown's) is emitted then.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which is also the reporter.
 */
public final class AppRun {
    private static final long WORKER_STOP_MILLIS = 15_000;
    /** The exit code of a failed order verdict (the reference always exited 0). */
    private static final int VERDICT_FAIL_EXIT = 3;

    private final AppConfig cfg;
    private final QueenClient client;
    private final RawLogs rawLogs;
    private final LoaderBoundRules rules;
    private final List<RunListener<? super AppCounters.Snapshot>> listeners;
    private final NanoClock clock;
    private final AppContext.CheckerTap tap;

    public AppRun(AppConfig cfg, QueenClient client, RawLogs rawLogs, LoaderBoundRules rules,
                  List<? extends RunListener<? super AppCounters.Snapshot>> listeners, NanoClock clock,
                  AppContext.CheckerTap tap) {
        this.cfg = cfg;
        this.client = client;
        this.rawLogs = rawLogs;
        this.rules = rules;
        this.listeners = List.copyOf(listeners);
        this.clock = clock;
        this.tap = tap == null ? AppContext.CheckerTap.IDENTITY : tap;
    }

    /** The options both queues are configured with. */
    public static Map<String, Object> configureOptions(AppConfig cfg) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("retentionEnabled", true);
        o.put("completedRetentionSeconds", cfg.topo().completedRetention());
        o.put("retentionSeconds", cfg.topo().pendingRetention());
        o.put("leaseTime", cfg.reliab().leaseSeconds());
        o.put("retryLimit", cfg.reliab().retryLimit());
        o.put("deadLetterQueue", true);
        o.put("dlqAfterMaxRetries", true);
        return o;
    }

    public AppResult execute(RunSignal signal) throws InterruptedException {
        int groups = cfg.consume().groups();
        List<String> names = new ArrayList<>();
        for (int g = 0; g < groups; g++) names.add(AppConfig.groupName(g));
        RunCounters run = new RunCounters();
        AppCounters counters = new AppCounters(groups, run);
        RunRecorders recorders = new RunRecorders();
        LatencyRecorder qDelay = recorders.add("qDelay");
        OrderChecker checker = new OrderChecker(names, cfg.run().checkerCapacity());
        IntervalReporter.Probe<AppCounters.Snapshot> probe = new IntervalReporter.Probe<>() {
            @Override
            public AppCounters.Snapshot snapshot() {
                return snapshotOf(run, counters, checker);
            }
        };
        List<RunListener<? super AppCounters.Snapshot>> all = new ArrayList<>(listeners);
        all.add(rawLogFlusher());
        try (LoaderMonitor monitor = new LoaderMonitor(rules, recorders.hiccup)
                .connections(LoaderConnections.of(client))) {
            IntervalReporter<AppCounters.Snapshot> reporter = new IntervalReporter<>("app", clock, run, recorders,
                    monitor, probe, all);
            BrokerIdentity broker = BrokerIdentity.of(client);
            List<String> configureErrors = resetAndConfigure(reporter, run);

            EpochClock epoch = new EpochClock(clock);
            long startNanos = clock.nanoTime();
            AppContext ctx = new AppContext(client, cfg, run, counters, recorders, qDelay,
                    new PushSender(run, recorders, clock), checker, tap, rawLogs, signal, clock, epoch,
                    new AppPayload(cfg.run().runId()), new AtomicBoolean(), new AtomicLong(),
                    new AtomicLong(Double.doubleToLongBits(1.0)));

            List<Thread> consumers = new ArrayList<>();
            int perGroup = cfg.consumersPerGroup();
            for (int g = 0; g < groups; g++) {
                for (int w = 0; w < perGroup; w++) {
                    consumers.add(Thread.ofVirtual().name("goload-app-cg" + g + "-" + w)
                            .start(new AppConsumer(ctx, g, w)));
                }
            }
            for (int i = 0; i < cfg.work().stage2Consumers(); i++) {
                consumers.add(Thread.ofVirtual().name("goload-app-stage2-" + i).start(new StageTwoDrainer(ctx)));
            }
            SessionPlan plan = new SessionPlan(cfg.topo().sessions(), cfg.effectiveProducers());
            List<AppProducer> producers = new ArrayList<>();
            List<Thread> producerThreads = new ArrayList<>();
            for (int p = 0; p < plan.producers(); p++) {
                AppProducer ap = new AppProducer(ctx, p, plan);
                producers.add(ap);
                producerThreads.add(Thread.ofVirtual().name("goload-app-producer-" + p).start(ap));
            }
            AppSchedules schedules = new AppSchedules(ctx, reporter::note);
            schedules.start();

            reporter.begin(startNanos, cfg.run().reportSeconds() * 1_000_000_000L);
            long endNanos = cfg.run().durationSeconds() > 0
                    ? startNanos + cfg.run().durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
            if (!reporter.runUntil(endNanos, "load", signal)) signal.stop("duration");
            // the shutdown is the drain phase from now (the signal is set, so this returns at once)
            reporter.runUntil(clock.nanoTime(), "drain", signal);

            ctx.producersStopped().set(true);
            join(producerThreads, WORKER_STOP_MILLIS);
            join(consumers, WORKER_STOP_MILLIS);
            schedules.join(1_000);
            client.cancelAll();
            join(producerThreads, 2_000);
            join(consumers, 2_000);

            IntervalSnapshot<AppCounters.Snapshot> last = reporter.finish("drain");
            String rawLogError = finishLogs(producers);
            OrderVerdict v = checker.verdict();
            RunOutcome o = reporter.outcome(cfg.run().runId(), signal.reason(), broker.health(), broker.error(),
                    client.stats().reconnects())
                    .withVerdict(v.pass() ? Verdict.pass() : Verdict.fail(VERDICT_FAIL_EXIT, List.of(v.reason())));
            return new AppResult(o, last.mode(), v, rawLogs == null ? null : rawLogs.dir().toString(), rawLogError,
                    List.copyOf(configureErrors), plan.producers(), perGroup);
        }
    }

    /** app's figures now: its own counters, the backlog's base from the common ones, the checker's violations. */
    private static AppCounters.Snapshot snapshotOf(RunCounters run, AppCounters counters, OrderChecker checker) {
        long newMessages = run.pushedMsgs.sum() - run.itemDuplicate.sum();
        return counters.snapshot(newMessages, checker.verdict().violations());
    }

    /** {@code -reset} (errors ignored: the queues may not exist), then both queues' configure; returns the failures. */
    private List<String> resetAndConfigure(IntervalReporter<?> reporter, RunCounters run) {
        AppConfig.Topology t = cfg.topo();
        if (t.reset()) {
            for (String q : List.of(t.queue(), t.stage2Queue())) {
                try {
                    client.deleteQueue(q);
                } catch (QueenException e) {
                    // the reference ignores reset errors (the queue may not exist)
                }
            }
            reporter.note(new AppNote.Reset(t.queue(), t.stage2Queue()));
        }
        List<String> configureErrors = new ArrayList<>();
        for (String q : List.of(t.queue(), t.stage2Queue())) {
            try {
                client.configure(q, configureOptions(cfg), false);
                reporter.note(new AppNote.Configured(q, cfg.reliab().leaseSeconds(), cfg.reliab().retryLimit(),
                        t.completedRetention(), t.pendingRetention()));
            } catch (QueenException e) {
                dev.goload.modes.Errors.record(run.configureErrors, e);
                reporter.note(new AppNote.ConfigureWarning(q, e.getMessage()));
                configureErrors.add(q + ": " + e.getMessage());
            }
        }
        reporter.note(new AppNote.DeadLetterOptions());
        return configureErrors;
    }

    /** Flushes the raw logs at every interval boundary, so a killed run leaves them up to its last interval. */
    private RunListener<AppCounters.Snapshot> rawLogFlusher() {
        return new RunListener<>() {
            @Override
            public void onInterval(IntervalSnapshot<? extends AppCounters.Snapshot> s) {
                if (rawLogs == null || s.last()) return;
                try {
                    rawLogs.flush();
                } catch (IOException e) {
                    AppNote note = new AppNote.RawLogWarning(e.getMessage());
                    for (RunListener<? super AppCounters.Snapshot> l : listeners) l.onNote(note);
                }
            }
        };
    }

    /** Closes the cg logs and writes the manifest; returns an error text, null when all is written. */
    private String finishLogs(List<AppProducer> producers) {
        if (rawLogs == null) return null;
        try {
            rawLogs.close();
            if (rawLogs.firstError() != null) throw rawLogs.firstError();
            Map<String, RawLogs.ManifestEntry> all = new HashMap<>();
            for (AppProducer p : producers) all.putAll(p.manifest());
            rawLogs.writeManifest(all);
            return null;
        } catch (IOException | RuntimeException e) {
            return e.getMessage();
        }
    }

    /** Waits for {@code threads} to end, {@code millis} at most in all. */
    static void join(List<Thread> threads, long millis) throws InterruptedException {
        dev.goload.modes.Threads.joinAll(threads, millis);
    }
}
