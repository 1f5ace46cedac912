package dev.goload.modes.cm;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CmConfig;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerThread;
import dev.goload.pace.RateCurve;
import dev.goload.verify.CmStage;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.CmVerifier;
import dev.goload.verify.LossReport;
import dev.goload.verify.ProducedMeta;
import dev.goload.verify.StageAckErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code cm} lifecycle (goload-behavior.md §2.6): open the stage logs, configure the four queues at t=0, start
 * the twelve stages, warm up, run the two paced flows until the duration or the stop signal, shut down in order
 * (stop pacers → stop workers ≤ 15 s → drain acks ≤ 5 s → abort the rest), flush the logs, write
 * {@code produced.meta} and {@code stage-ackerr.meta}, and verify. Returns a typed {@link CmResult}; printing is
 * the {@link Listener}'s job.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which is also the reporter.
 */
public final class CmRun {
    private static final long WORKER_DRAIN_MILLIS = 15_000;
    private static final long ACK_DRAIN_MILLIS = 5_000;
    /** The cm flow pacer's bounded catch-up (§1.6 C): owed work beyond this many events is shed. */
    private static final long MAX_CATCH_UP = 8192;

    /** Receives the run's lines; called on the reporter thread. */
    public interface Listener {
        void line(String text);

        void interval(long epochMillis, double seconds, CmSnapshot now, CmSnapshot prev, double p50, double p99,
                      int liveTasks);
    }

    private final CmConfig cfg;
    private final QueenClient client;
    private final Listener listener;
    private final NanoClock clock;
    private final List<CmStage> stages;
    private final CmCounters counters;
    private AttributionOptions attribution = AttributionOptions.DEFAULTS;
    /** Set by {@link #execute}: the ids and partition ids {@link #attributeLoss} looks the gaps up with. */
    private CmEvents events;

    public CmRun(CmConfig cfg, QueenClient client, Listener listener, NanoClock clock) {
        this.cfg = cfg;
        this.client = client;
        this.listener = listener;
        this.clock = clock;
        this.stages = CmStage.standard(cfg.queuePrefix());
        this.counters = new CmCounters(stages);
    }

    public CmResult execute(RunSignal signal) throws InterruptedException {
        List<StageLog> logs = new ArrayList<>();
        try {
            Files.createDirectories(cfg.logdir());
            for (CmStage s : stages) logs.add(new StageLog(cfg.logdir().resolve(s.fileName())));
        } catch (IOException e) {
            closeAll(logs);
            return CmResult.setupFailure("cannot open the stage logs in " + cfg.logdir() + ": " + e.getMessage());
        }
        configureQueues();
        EpochClock epoch = new EpochClock(clock);
        AtomicInteger live = new AtomicInteger();
        LatencyRecorder e2e = new LatencyRecorder("e2e");
        WarmTracker warm = new WarmTracker(stages.size(), cfg.properties());
        events = new CmEvents(cfg.payloadBytes(), cfg.runNonce());
        StablePush pusher = new StablePush(client, signal, cfg.pushRetries(), counters);
        Semaphore ackSlots = new Semaphore(cfg.ackInflight());
        StageWorkers workers = new StageWorkers(new StageWorkers.Shared(client, events, pusher, counters, signal, epoch,
                e2e, ackSlots, warm, live, cfg.properties(), cfg.popBatch(), cfg.popWait(),
                cfg.popTimeoutMs(), cfg.popPartitions(), cfg.sweepFloorMs()));
        startStages(workers, logs);
        OrderedPushers flowA = new OrderedPushers('A', cfg.queue(CmStage.AVAIL), cfg.properties(), cfg.shards(),
                cfg.pushChanCap(), events, pusher, counters, signal, epoch, System.nanoTime());
        OrderedPushers flowB = new OrderedPushers('B', cfg.queue(CmStage.PRICES), cfg.properties(), cfg.shards(),
                cfg.pushChanCap(), events, pusher, counters, signal, epoch, System.nanoTime() ^ 0x5DEECE66DL);
        String failure = null;
        List<PacerThread> pacers = new ArrayList<>();
        try {
            if (cfg.warmup()) {
                signal.pause(300);
                failure = CmWarmup.run(List.of(flowA, flowB), cfg.warmupConc(), warm, signal, listener::line);
            }
            if (failure == null && !signal.isStopping()) loaderWarmUp();
            long start = clock.nanoTime();
            if (failure == null && !signal.isStopping()) {
                long end = cfg.durationSec() > 0 ? start + cfg.durationSec() * 1_000_000_000L : Long.MAX_VALUE;
                flowA.start();
                flowB.start();
                pacer("cm-pacer-A", flowA, cfg.rateA(), start, end, pacers);
                pacer("cm-pacer-B", flowB, cfg.rateB(), start, end, pacers);
                report(signal, e2e, live, start, end);
            }
        } catch (RuntimeException e) {
            // still shut down in order: the logs, produced.meta and the counters must not be lost
            failure = "internal error: " + e;
        }
        signal.stop(failure != null ? "failure" : "duration");
        for (PacerThread p : pacers) p.stop();
        boolean drained = workers.await(WORKER_DRAIN_MILLIS);
        flowA.join(1_000);
        flowB.join(1_000);
        if (!drained) listener.line("[shutdown] worker drain timed out (15s) — proceeding");
        listener.line(dev.goload.report.BackoffLine.of(counters.backoff));
        waitAcks(ackSlots);
        client.cancelAll();
        String logError = closeAll(logs);
        ProducedMeta meta = new ProducedMeta(counters.ackErr.sum(), counters.producedA.sum(), counters.producedB.sum(),
                cfg.warmup() ? 0 : 1, System.currentTimeMillis() / 1000, highWater(flowA), highWater(flowB));
        try {
            meta.write(cfg.logdir());
            StageAckErrors.write(cfg.logdir(), counters.ackErrByStage());
        } catch (IOException e) {
            logError = "cannot write " + ProducedMeta.FILE + ": " + e.getMessage();
        }
        CmSnapshot fin = CmSnapshot.of(counters);
        e2e.sampleInterval(); // folds the last partial interval into the whole-run histogram
        var lat = dev.goload.metrics.LatencySummary.of(e2e.cumulative(), e2e.exactMaxMicros());
        if (failure != null) return new CmResult(fin, null, failure, cfg.logdir(), lat, counters.errorsByKind());
        if (logError != null) return new CmResult(fin, null, logError, cfg.logdir(), lat, counters.errorsByKind());
        CmVerdict verdict;
        try {
            verdict = CmVerifier.verifyDir(cfg.logdir(), stages, counters.ackErrByStage());
        } catch (IOException e) {
            return new CmResult(fin, null, "verifier: " + e.getMessage(), cfg.logdir(), lat, counters.errorsByKind());
        }
        return new CmResult(fin, verdict, null, cfg.logdir(), lat, counters.errorsByKind());
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

    private void configureQueues() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("retentionEnabled", true);
        o.put("completedRetentionSeconds", cfg.completedRetention());
        o.put("retentionSeconds", 0);
        o.put("leaseTime", cfg.leaseTime());
        o.put("dedupWindowSeconds", cfg.dedupWindow());
        List<String> names = List.of(cfg.queue(CmStage.AVAIL), cfg.queue(CmStage.OTA_SYNC), cfg.queue(CmStage.PRICES),
                cfg.queue(CmStage.OTA_PRICES));
        for (String q : names) {
            try {
                client.configure(q, o, false);
            } catch (QueenException e) {
                listener.line("[configure] WARNING " + q + ": " + e.getMessage());
            }
        }
        listener.line("[configure] " + String.join(" ", names) + " ready");
    }

    private void startStages(StageWorkers workers, List<StageLog> logs) {
        Semaphore db = new Semaphore(cfg.executorDb()), cal = new Semaphore(cfg.executorCal());
        for (int i = 0; i < stages.size(); i++) {
            CmStage s = stages.get(i);
            boolean a = s.flow() == 'A';
            int rate = a ? cfg.rateA() : cfg.rateB();
            StageWorkers.Spec spec;
            if (s.terminal()) {
                spec = new StageWorkers.Spec(i, s, null, cfg.otaSleep(), cfg.otaSleep(), new Semaphore(cfg.executorOta()),
                        cfg.finalTargeted(), cfg.popWorkers(cfg.rateA()), logs.get(i), new LongAdder());
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
    private void loaderWarmUp() throws InterruptedException {
        int pushes = dev.goload.modes.LoaderWarmUp.producerConcurrency(cfg.rateA() + cfg.rateB(), Integer.MAX_VALUE);
        int workers = stages.size() * cfg.popWorkers(Math.max(cfg.rateA(), cfg.rateB()));
        int conns = dev.goload.modes.LoaderWarmUp.connections(pushes, workers, client.config().idleConns());
        listener.line(dev.goload.modes.LoaderWarmUp.run(List.of(client), conns, clock).line());
    }

    private void pacer(String name, OrderedPushers flow, int rate, long start, long end, List<PacerThread> out) {
        if (rate <= 0) return;
        RateCurve curve = new RateCurve(rate, cfg.rampSec());
        long behind = (long) (MAX_CATCH_UP * 1e9 / rate);
        OpenLoopPacer p = new OpenLoopPacer(ArrivalSchedule.uniform(curve), start, end, behind, flow.limit(), flow);
        out.add(new PacerThread(name, p, clock).start());
    }

    private void report(RunSignal signal, LatencyRecorder e2e, AtomicInteger live, long start, long end)
            throws InterruptedException {
        long period = cfg.reportSec() * 1_000_000_000L;
        long next = start + period;
        long last = start;
        CmSnapshot prev = CmSnapshot.of(counters);
        while (true) {
            long wake = Math.min(next, end);
            long waitMs = TimeUnit.NANOSECONDS.toMillis(wake - clock.nanoTime());
            if (waitMs > 0 && signal.await(waitMs)) return;
            if (signal.isStopping()) return;
            long now = clock.nanoTime();
            if (now >= end) return;
            CmSnapshot cur = CmSnapshot.of(counters);
            var h = e2e.sampleInterval();
            double p50 = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(50) / 1000.0;
            double p99 = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1000.0;
            listener.interval(System.currentTimeMillis(), (now - last) / 1e9, cur, prev, p50, p99, live.get());
            prev = cur;
            last = now;
            next += period;
        }
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
