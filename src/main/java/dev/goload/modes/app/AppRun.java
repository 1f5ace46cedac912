package dev.goload.modes.app;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AppConfig;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import dev.goload.verify.OrderChecker;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code app} lifecycle (goload-behavior.md §2.8, §1.3): optional reset, configure both queues at t=0 (with the
 * dead-letter options, so poison is dead-lettered on every broker generation — §8.2 #19d), start the consumer groups,
 * the stage-2 drainers, the producers and the background tasks, report every interval, stop on the duration, a
 * signal or a completed drain, and return an {@link AppResult} with the order checker's verdict.
 *
 * <p>Shutdown: producers stop first and their in-flight pushes finish (≤ 15 s: a push the broker may have committed
 * must be counted); consumers finish the call in hand and abandon a half-processed batch (its lease expires, as for a
 * crashed application); then whatever is left is cancelled. Counters, raw logs and the manifest are read and written
 * only after that.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which is also the reporter.
 */
public final class AppRun {
    private static final long WORKER_STOP_MILLIS = 15_000;

    /** Receives the header-independent events of a run; called on the reporter thread. */
    public interface Listener {
        void onInterval(AppInterval r);

        void onEnd(AppResult r);
    }

    private final AppConfig cfg;
    private final QueenClient client;
    private final RawLogs rawLogs;
    private final Listener listener;
    private final PrintStream out;
    private final NanoClock clock;
    private final AppContext.CheckerTap tap;

    public AppRun(AppConfig cfg, QueenClient client, RawLogs rawLogs, Listener listener, PrintStream out,
                  NanoClock clock, AppContext.CheckerTap tap) {
        this.cfg = cfg;
        this.client = client;
        this.rawLogs = rawLogs;
        this.listener = listener;
        this.out = out;
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
        AppConfig.Topology t = cfg.topo();
        if (t.reset()) {
            for (String q : List.of(t.queue(), t.stage2Queue())) {
                try {
                    client.deleteQueue(q);
                } catch (QueenException e) {
                    // the reference ignores reset errors (the queue may not exist)
                }
            }
            out.printf(Locale.ROOT, "[reset] deleted %s, %s%n", t.queue(), t.stage2Queue());
        }
        List<String> configureErrors = new ArrayList<>();
        for (String q : List.of(t.queue(), t.stage2Queue())) {
            try {
                client.configure(q, configureOptions(cfg), false);
                out.printf(Locale.ROOT, "[configure] %s leaseTime=%ds retryLimit=%d completedRet=%ds pendingRet=%ds%n", q,
                        cfg.reliab().leaseSeconds(), cfg.reliab().retryLimit(), t.completedRetention(),
                        t.pendingRetention());
            } catch (QueenException e) {
                out.printf(Locale.ROOT, "[configure] WARNING %s: %s%n", q, e.getMessage());
                configureErrors.add(q + ": " + e.getMessage());
            }
        }
        out.println("[configure] + deadLetterQueue=true dlqAfterMaxRetries=true (poison is dead-lettered on every broker generation)");

        int groups = cfg.consume().groups();
        List<String> names = new ArrayList<>();
        for (int g = 0; g < groups; g++) names.add(AppConfig.groupName(g));
        AppCounters counters = new AppCounters(groups);
        AppRecorders recorders = new AppRecorders();
        OrderChecker checker = new OrderChecker(names, cfg.run().checkerCapacity());
        EpochClock epoch = new EpochClock(clock);
        long startNanos = clock.nanoTime();
        AppContext ctx = new AppContext(client, cfg, counters, recorders, checker, tap, rawLogs, signal, clock, epoch,
                new AppPayload(cfg.run().runId()), new AtomicBoolean(), new AtomicLong(), new AtomicLong(Double.doubleToLongBits(1.0)));

        List<Thread> consumers = new ArrayList<>();
        int perGroup = cfg.consumersPerGroup();
        for (int g = 0; g < groups; g++) {
            for (int w = 0; w < perGroup; w++) {
                consumers.add(Thread.ofVirtual().name("goload-app-cg" + g + "-" + w).start(new AppConsumer(ctx, g, w)));
            }
        }
        for (int i = 0; i < cfg.work().stage2Consumers(); i++) {
            consumers.add(Thread.ofVirtual().name("goload-app-stage2-" + i).start(new StageTwoDrainer(ctx)));
        }
        SessionPlan plan = new SessionPlan(t.sessions(), cfg.effectiveProducers());
        List<AppProducer> producers = new ArrayList<>();
        List<Thread> producerThreads = new ArrayList<>();
        for (int p = 0; p < plan.producers(); p++) {
            AppProducer ap = new AppProducer(ctx, p, plan);
            producers.add(ap);
            producerThreads.add(Thread.ofVirtual().name("goload-app-producer-" + p).start(ap));
        }
        AppSchedules schedules = new AppSchedules(ctx, out);
        schedules.start();

        AppCounters.Snapshot prev = counters.snapshot();
        long prevNanos = startNanos;
        long reportNanos = cfg.run().reportSeconds() * 1_000_000_000L;
        long endNanos = cfg.run().durationSeconds() > 0
                ? startNanos + cfg.run().durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
        for (int k = 1; ; k++) {
            long due = Math.min(startNanos + k * reportNanos, endNanos);
            if (waitUntil(signal, due)) break;
            if (due == endNanos) {
                signal.stop("duration");
                break;
            }
            long now = clock.nanoTime();
            AppInterval r = sample(k - 1, prev, prevNanos, now, counters, recorders, checker, epoch);
            prev = r.total();
            prevNanos = now;
            flushLogs();
            listener.onInterval(r);
        }

        ctx.producersStopped().set(true);
        join(producerThreads, WORKER_STOP_MILLIS);
        join(consumers, WORKER_STOP_MILLIS);
        schedules.join(1_000);
        client.cancelAll();
        join(producerThreads, 2_000);
        join(consumers, 2_000);

        long now = clock.nanoTime();
        AppInterval last = sample(-1, prev, prevNanos, now, counters, recorders, checker, epoch);
        listener.onInterval(last);
        String rawLogError = finishLogs(producers);
        Map<String, LatencySummary> whole = new LinkedHashMap<>();
        for (LatencyRecorder rec : recorders.all()) {
            whole.put(rec.tag(), LatencySummary.of(rec.cumulative(), rec.exactMaxMicros()));
        }
        AppResult result = new AppResult(cfg.run().runId(), epoch.toEpochMillis(startNanos), epoch.toEpochMillis(now),
                (now - startNanos) / 1e9, signal.reason(), counters.snapshot(), whole, checker.verdict(),
                rawLogs == null ? null : rawLogs.dir().toString(), rawLogError, List.copyOf(configureErrors),
                plan.producers(), perGroup, counters.errorsByKind());
        listener.onEnd(result);
        return result;
    }

    private AppInterval sample(int index, AppCounters.Snapshot prev, long prevNanos, long now, AppCounters counters,
                               AppRecorders recorders, OrderChecker checker, EpochClock epoch) {
        AppCounters.Snapshot total = counters.snapshot();
        AppCounters.Snapshot delta = minus(total, prev);
        LatencySummary q = LatencySummary.of(recorders.qDelay.sampleInterval());
        LatencySummary e = LatencySummary.of(recorders.e2e.sampleInterval());
        LatencySummary p = LatencySummary.of(recorders.push.sampleInterval());
        return new AppInterval(index, epoch.toEpochMillis(now), (now - prevNanos) / 1e9, delta, total, q, e, p,
                checker.verdict().violations());
    }

    static AppCounters.Snapshot minus(AppCounters.Snapshot a, AppCounters.Snapshot b) {
        return new AppCounters.Snapshot(a.pushed() - b.pushed(), a.pushDup() - b.pushDup(), a.pushErr() - b.pushErr(),
                a.pushItemFailed() - b.pushItemFailed(), a.popErr() - b.popErr(), a.ackErr() - b.ackErr(),
                a.ackErrMsgs() - b.ackErrMsgs(), a.emptyPops() - b.emptyPops(), a.redeliveries() - b.redeliveries(),
                a.txCommits() - b.txCommits(), a.txErr() - b.txErr(), a.stage2Pushed() - b.stage2Pushed(),
                a.stage2Acked() - b.stage2Acked(), a.stage2PopErr() - b.stage2PopErr(),
                a.stage2AckErr() - b.stage2AckErr(), a.leaseRenews() - b.leaseRenews(),
                a.leaseRenewErr() - b.leaseRenewErr(), a.foreign() - b.foreign(), a.backoffs() - b.backoffs(),
                a.backoffMillis() - b.backoffMillis(), diff(a.popped(), b.popped()),
                diff(a.completed(), b.completed()), diff(a.failed(), b.failed()),
                diff(a.deadLettered(), b.deadLettered()), diff(a.settled(), b.settled()));
    }

    private static long[] diff(long[] a, long[] b) {
        long[] d = new long[a.length];
        for (int i = 0; i < a.length; i++) d[i] = a[i] - b[i];
        return d;
    }

    private void flushLogs() {
        if (rawLogs == null) return;
        try {
            rawLogs.flush();
        } catch (IOException e) {
            out.printf(Locale.ROOT, "[verify-log] WARNING: %s%n", e.getMessage());
        }
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

    private boolean waitUntil(RunSignal signal, long dueNanos) throws InterruptedException {
        while (true) {
            long left = dueNanos - clock.nanoTime();
            if (left <= 0) return signal.isStopping();
            if (signal.await(Math.max(1, left / 1_000_000L))) return true;
        }
    }

    /** Waits for {@code threads} to end, {@code millis} at most in all. */
    static void join(List<Thread> threads, long millis) throws InterruptedException {
        dev.goload.modes.Threads.joinAll(threads, millis);
    }
}
