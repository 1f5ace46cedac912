package dev.goload.modes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.ConsumerOptions;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.pace.NanoClock;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The lifecycle shared by the load modes ({@code max}, {@code openloop}): configure the queue at t=0, start
 * the consumers and the producers, sample every counter and recorder once per report interval (handing an
 * {@link IntervalReport} to each {@link Listener}), stop on the duration or the {@link RunSignal}, drain, and
 * return a {@link RunResult}. A mode is only its {@link Producers} and its formatters.
 *
 * <p>Shutdown order: stop producing; let in-flight pushes finish (≤ 10 s: a push the broker may have
 * committed must be counted); let consumers leave their loops and async acks drain (≤ 5 s); then abort what
 * is left. Counters are read only after that, so the final figures are complete.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which also acts as the reporter.
 */
public final class LoadRun {
    private static final long PUSH_DRAIN_MILLIS = 10_000;
    private static final long CONSUMER_STOP_MILLIS = 10_000;
    /** The reference configures under its own 10 s context (goload-behavior.md §2.1), retries included. */
    static final long CONFIGURE_TIMEOUT_MILLIS = 10_000;

    /** What the run starts and stops; it owns its threads. */
    public interface Producers {
        void start();

        void stop();

        /** Push requests in flight now. */
        int inflight();

        /** Push requests the producers expect to keep in flight: the connections the warm-up dials for them. */
        default int expectedConcurrency() {
            return 1;
        }
    }

    /** Receives each interval and the result; called on the reporter thread. */
    public interface Listener {
        void onInterval(IntervalReport r);

        default void onEnd(RunResult r) {}
    }

    /** What producers are built from. */
    public record Context(QueenClient client, RunCounters counters, RunRecorders recorders, RunSignal signal,
                          NanoClock clock, EpochClock epoch, AtomicInteger liveTasks, T0 t0) {
        /** The run's T0, the schedule's start: taken after the warm-up, before {@link Producers#start()}. */
        public long startNanos() {
            return t0.nanos();
        }
    }

    /** The run's T0, set once the loader has warmed up (producers are built before, and read it when started). */
    public static final class T0 {
        private long nanos;
        private boolean set;

        void set(long nanos) {
            this.nanos = nanos;
            this.set = true;
        }

        public long nanos() {
            if (!set) throw new IllegalStateException("T0 is taken after the warm-up, when the producers start");
            return nanos;
        }
    }

    /** A run's fixed inputs. */
    public record Setup(String mode, QueueOptions queue, ConsumerOptions consumer, RunOptions run, boolean e2e,
                        Map<String, Object> configureOptions, LoaderBoundRules rules) {}

    private final Setup setup;
    private final QueenClient client;
    private final Function<Context, Producers> producerFactory;
    private final List<Listener> listeners;
    private final PrintStream out;
    private final NanoClock clock;
    long configureTimeoutMillis = CONFIGURE_TIMEOUT_MILLIS; // tests shorten it

    public LoadRun(Setup setup, QueenClient client, Function<Context, Producers> producerFactory,
                   List<Listener> listeners, PrintStream out, NanoClock clock) {
        this.setup = setup;
        this.client = client;
        this.producerFactory = producerFactory;
        this.listeners = listeners;
        this.out = out;
        this.clock = clock;
    }

    public RunResult execute(RunSignal signal) throws InterruptedException {
        String configureError = configure();
        JsonNode health = null;
        try {
            health = client.health();
        } catch (QueenException e) {
            // identity unknown; the run record says so
        }

        RunCounters counters = new RunCounters();
        RunRecorders recorders = new RunRecorders();
        AtomicInteger liveTasks = new AtomicInteger();
        EpochClock epoch = new EpochClock(clock);
        T0 t0 = new T0();
        Context ctx = new Context(client, counters, recorders, signal, clock, epoch, liveTasks, t0);
        Producers producers = producerFactory.apply(ctx);
        LoaderWarmUp.Result warm = warmUp(producers, signal);
        long startNanos = clock.nanoTime();
        t0.set(startNanos);
        long startedMs = epoch.toEpochMillis(startNanos);

        List<IntervalReport> intervals = new ArrayList<>();
        try (LoaderMonitor monitor = new LoaderMonitor(setup.rules(), recorders.hiccup).warmUp(warm)) {
            LoadConsumers consumers = new LoadConsumers(client, setup.consumer(), setup.queue().queue(),
                    setup.queue().partitions(), counters, recorders, signal, setup.e2e(), epoch, liveTasks);
            consumers.start();
            producers.start();

            long reportNanos = setup.run().reportSeconds() * 1_000_000_000L;
            long endNanos = setup.run().durationSeconds() > 0
                    ? startNanos + setup.run().durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
            RunCounters.Snapshot prev = RunCounters.Snapshot.ZERO;
            long prevNanos = startNanos;
            for (int k = 1; ; k++) {
                long due = Math.min(startNanos + k * reportNanos, endNanos);
                boolean stopped = waitUntil(signal, due);
                if (!stopped && due == endNanos) {
                    signal.stop("duration");
                    stopped = true;
                }
                if (stopped) {
                    break;
                }
                long now = clock.nanoTime();
                IntervalReport r = sample(intervals.size(), prev, prevNanos, now, ctx, monitor, producers.inflight(),
                        "load");
                prev = r.total();
                prevNanos = now;
                emit(r, intervals);
            }

            producers.stop();
            long drainUntil = System.nanoTime() + PUSH_DRAIN_MILLIS * 1_000_000L;
            while (producers.inflight() > 0 && System.nanoTime() < drainUntil) {
                Thread.sleep(5);
            }
            consumers.awaitStopped(CONSUMER_STOP_MILLIS);
            client.cancelAll();
            long unwindUntil = System.nanoTime() + 2_000_000_000L;
            while (producers.inflight() > 0 && System.nanoTime() < unwindUntil) {
                Thread.sleep(5);
            }
            long now = clock.nanoTime();
            IntervalReport last = sample(intervals.size(), prev, prevNanos, now, ctx, monitor, producers.inflight(),
                    "drain");
            emit(last, intervals);

            long endedMs = epoch.toEpochMillis(now);
            var loader = monitor.summary();
            Map<String, LatencySummary> whole = new LinkedHashMap<>();
            for (LatencyRecorder rec : recorders.all()) {
                whole.put(rec.tag(), LatencySummary.of(rec.cumulative(), rec.exactMaxMicros()));
            }
            RunResult result = new RunResult(setup.mode(), setup.run().runId(), startedMs, endedMs, signal.reason(),
                    counters.snapshot(), whole, loader, health, configureError, List.copyOf(intervals),
                    producers.inflight(), client.stats().reconnects());
            for (Listener l : listeners) {
                l.onEnd(result);
            }
            return result;
        }
    }

    /**
     * Warms the loader up before T0 ({@link LoaderWarmUp}): the producers' expected concurrency plus one connection
     * per consumer; skipped when the run is already stopping.
     */
    private LoaderWarmUp.Result warmUp(Producers producers, RunSignal signal) throws InterruptedException {
        if (signal.isStopping()) return null;
        int conns = LoaderWarmUp.connections(producers.expectedConcurrency(), setup.consumer().consumers(),
                client.config().idleConns());
        LoaderWarmUp.Result r = LoaderWarmUp.run(List.of(client), conns, clock);
        out.println(r.line());
        return r;
    }

    private boolean waitUntil(RunSignal signal, long dueNanos) throws InterruptedException {
        while (true) {
            long left = dueNanos - clock.nanoTime();
            if (left <= 0) {
                return signal.isStopping();
            }
            if (signal.await(Math.max(1, left / 1_000_000L))) {
                return true;
            }
        }
    }

    private void emit(IntervalReport r, List<IntervalReport> intervals) {
        intervals.add(r);
        for (Listener l : listeners) {
            l.onInterval(r);
        }
    }

    private IntervalReport sample(int index, RunCounters.Snapshot prev, long prevNanos, long now, Context ctx,
                                  LoaderMonitor monitor, int inflight, String phase) {
        RunCounters counters = ctx.counters();
        RunRecorders recorders = ctx.recorders();
        EpochClock epoch = ctx.epoch();
        int live = ctx.liveTasks().get();
        RunCounters.Snapshot total = counters.snapshot();
        RunCounters.Snapshot delta = total.minus(prev);
        Map<String, LatencySummary> pct = new LinkedHashMap<>();
        long startMs = epoch.toEpochMillis(prevNanos);
        long endMs = epoch.toEpochMillis(now);
        for (LatencyRecorder rec : recorders.all()) {
            var h = rec.sampleInterval();
            h.setStartTimeStamp(startMs);
            h.setEndTimeStamp(endMs);
            pct.put(rec.tag(), LatencySummary.of(h));
            for (Listener l : listeners) {
                if (l instanceof HistogramListener hl) {
                    hl.onHistogram(rec.tag(), h);
                }
            }
        }
        long t0 = ctx.startNanos();
        var pacing = new LoaderMonitor.Pacing((prevNanos - t0) / 1e9, (now - t0) / 1e9, phase, delta.shedBehindReq(),
                pct.get("lateness"), delta.achievedReq() + delta.pushErrReq(), delta.pushErrReq());
        LoaderMonitor.Interval self = monitor.sample(pacing, pct.get("hiccup"));
        return new IntervalReport(index, startMs, endMs, (now - prevNanos) / 1e9, delta, total, inflight, live, pct,
                self.loader(), self.loaderBound());
    }

    /** A listener that also wants each interval histogram (the .hlog writer); called before onInterval. */
    public interface HistogramListener extends Listener {
        void onHistogram(String tag, org.HdrHistogram.Histogram interval);
    }

    /**
     * Configures the queue within {@link #configureTimeoutMillis}, whatever {@code -timeout} and {@code -retries}
     * allow: a broker that does not answer delays the start by that much at most, then the run goes on with a
     * WARNING. Nothing else uses the client yet, so cancelling its calls cuts only the configure.
     */
    private String configure() throws InterruptedException {
        String q = setup.queue().queue();
        java.util.concurrent.FutureTask<JsonNode> call =
                new java.util.concurrent.FutureTask<>(() -> client.configure(q, setup.configureOptions(), false));
        Thread.ofVirtual().name("goload-configure").start(call);
        String error;
        try {
            call.get(configureTimeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
            out.printf("[configure] queue=%s completedRetentionSeconds=%d%n", q,
                    setup.queue().completedRetentionSeconds());
            return null;
        } catch (java.util.concurrent.TimeoutException e) {
            client.cancelAll();
            error = "create queue failed: no answer within " + configureTimeoutMillis + " ms";
        } catch (java.util.concurrent.ExecutionException e) {
            switch (e.getCause()) {
                case QueenException qe -> error = qe.getMessage();
                case RuntimeException re -> throw re;
                case Error err -> throw err;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
        out.printf("[configure] WARNING: %s%n", error);
        return error;
    }
}
