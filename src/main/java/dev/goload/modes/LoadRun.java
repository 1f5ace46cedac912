package dev.goload.modes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.ConsumerOptions;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import dev.goload.shard.Shard;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The lifecycle shared by the load modes ({@code max}, {@code openloop}): configure the queue at t=0, warm the
 * loader up, ask the {@link StartGate} for T0 (a sharded run's coordinated start; now otherwise), build everything,
 * wait for T0 on the injected clock, start the producers and the consumers there, then (with {@code -drain}) let the
 * consumers pop what was pushed, report through the one {@link IntervalReporter} (phase
 * {@code load} until the duration or the {@link RunSignal}, then {@code drain}), and return a {@link RunResult}
 * holding the {@link RunOutcome}. It prints nothing: what it has to say goes to its {@link RunListener}s as notes
 * ({@link Configured}, {@link ConfigureFailed}, the {@link LoaderWarmUp.Result}) and intervals. A mode is only its
 * {@link Producers} and its formatters.
 *
 * <p>Shutdown order: stop producing; let in-flight pushes finish (≤ 10 s: a push the broker may have
 * committed must be counted); let consumers leave their loops and async acks drain (≤ 10 s); then abort what
 * is left. Counters are read only after that, so the final figures are complete.
 *
 * <p>Threading: {@link #execute} runs on the caller's thread, which also acts as the reporter.
 */
public final class LoadRun {
    private static final long PUSH_DRAIN_MILLIS = 10_000;
    private static final long CONSUMER_STOP_MILLIS = 10_000;
    /** How often the drain checks whether every pushed message was popped. */
    private static final long DRAIN_POLL_NANOS = 20_000_000L;
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

        /**
         * How the pushes are launched, so that the warm-up exercises the pacer as the run will
         * ({@link LoaderWarmUp#run(List, int, NanoClock, LoaderWarmUp.Pacing)}): a virtual thread per push, the push
         * loop, or no pacer at all.
         */
        default LoaderWarmUp.Pacing pacing() {
            return LoaderWarmUp.Pacing.VIRTUAL_THREADS;
        }
    }

    /** The queue was configured ({@code [configure] queue=%s completedRetentionSeconds=%d}). */
    public record Configured(String queue, int completedRetentionSeconds) implements RunNote {}

    /** Configuring failed or timed out; the run goes on ({@code [configure] WARNING: %v}). */
    public record ConfigureFailed(String error) implements RunNote {}

    /** What producers are built from. */
    public record Context(QueenClient client, RunCounters counters, RunRecorders recorders, RunSignal signal,
                          NanoClock clock, EpochClock epoch, AtomicInteger liveTasks, T0 t0, Shard shard) {
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

    /**
     * A run's fixed inputs.
     *
     * @param shard        this loader's shard: its consumers pop only the partitions it owns ({@link Shard#SINGLE}
     *                     when not sharded)
     * @param drainSeconds after the duration, keep the consumers popping up to this long until every pushed message
     *                     is popped (0: they stop with the producers, as the reference)
     */
    public record Setup(String mode, QueueOptions queue, ConsumerOptions consumer, RunOptions run, boolean e2e,
                        Map<String, Object> configureOptions, LoaderBoundRules rules, Shard shard, int drainSeconds) {
        public Setup(String mode, QueueOptions queue, ConsumerOptions consumer, RunOptions run, boolean e2e,
                     Map<String, Object> configureOptions, LoaderBoundRules rules) {
            this(mode, queue, consumer, run, e2e, configureOptions, rules, Shard.SINGLE, 0);
        }
    }

    private final Setup setup;
    private final QueenClient client;
    private final Function<Context, Producers> producerFactory;
    private final List<RunListener<Void>> listeners;
    private final NanoClock clock;
    private final StartGate gate;
    long configureTimeoutMillis = CONFIGURE_TIMEOUT_MILLIS; // tests shorten it

    public LoadRun(Setup setup, QueenClient client, Function<Context, Producers> producerFactory,
                   List<? extends RunListener<Void>> listeners, NanoClock clock) {
        this(setup, client, producerFactory, listeners, clock, StartGate.NONE);
    }

    public LoadRun(Setup setup, QueenClient client, Function<Context, Producers> producerFactory,
                   List<? extends RunListener<Void>> listeners, NanoClock clock, StartGate gate) {
        this.gate = gate;
        this.setup = setup;
        this.client = client;
        this.producerFactory = producerFactory;
        this.listeners = List.copyOf(listeners);
        this.clock = clock;
    }

    /**
     * A run stopped before T0 (while it waited for the coordinator or for T0) sends nothing: it reports no interval
     * and ends with the stop's reason, as a run stopped before its first interval.
     *
     * @throws StartGate.Refused the coordinated start was refused, timed out or missed (nothing was pushed)
     */
    public RunResult execute(RunSignal signal) throws InterruptedException, StartGate.Refused {
        RunCounters counters = new RunCounters();
        String configureError = configure(counters);
        JsonNode health = null;
        String healthError = null;
        try {
            health = client.health();
        } catch (QueenException e) {
            healthError = e.getMessage(); // identity unknown; the run record says why
        }

        RunRecorders recorders = new RunRecorders();
        AtomicInteger liveTasks = new AtomicInteger();
        EpochClock epoch = new EpochClock(clock);
        T0 t0 = new T0();
        Context ctx = new Context(client, counters, recorders, signal, clock, epoch, liveTasks, t0, setup.shard());
        Producers producers = producerFactory.apply(ctx);
        LoaderWarmUp.Result warm = warmUp(producers, signal);
        StartGate.Began began = gate.await(clock, epoch, signal, this::note);

        try (LoaderMonitor monitor = new LoaderMonitor(setup.rules(), recorders.hiccup).warmUp(warm)
                .connections(LoaderConnections.of(client))) {
            IntervalReporter<Void> reporter = new IntervalReporter<>(setup.mode(), clock, counters, recorders,
                    monitor, probe(producers, liveTasks), listeners);
            // the consumers' own stop: they outlive the producers by the drain
            RunSignal consumersStop = new RunSignal();
            LoadConsumers consumers = new LoadConsumers(client, setup.consumer(), setup.queue().queue(),
                    setup.queue().partitions(), setup.shard(), counters, recorders, consumersStop, setup.e2e(), epoch,
                    liveTasks);
            // everything is built before T0: at T0 only the threads start, so the first request leaves on time
            long startNanos = began.t0Nanos();
            t0.set(startNanos);
            if (began.stopped()) return stoppedBeforeT0(reporter, signal, health, healthError, configureError);
            producers.start(); // first: the request due at T0 is what a shard's start is measured by
            consumers.start();

            reporter.begin(startNanos, setup.run().reportSeconds() * 1_000_000_000L);
            long endNanos = setup.run().durationSeconds() > 0
                    ? startNanos + setup.run().durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
            boolean cut = reporter.runUntil(endNanos, "load", signal);
            if (!cut) signal.stop("duration");
            reporter.phase("drain");

            producers.stop();
            long drainUntil = System.nanoTime() + PUSH_DRAIN_MILLIS * 1_000_000L;
            while (producers.inflight() > 0 && System.nanoTime() < drainUntil) {
                Thread.sleep(5);
            }
            if (!cut) drainConsumers(reporter, counters);
            consumersStop.stop(signal.reason());
            consumers.awaitStopped(CONSUMER_STOP_MILLIS);
            client.cancelAll();
            long unwindUntil = System.nanoTime() + 2_000_000_000L;
            consumers.awaitUnwound(2_000);
            while (producers.inflight() > 0 && System.nanoTime() < unwindUntil) {
                Thread.sleep(5);
            }
            reporter.finish("drain");
            RunOutcome outcome = reporter.outcome(setup.run().runId(), signal.reason(), health, healthError,
                    client.stats().reconnects());
            return new RunResult(outcome, configureError);
        }
    }

    /** Nothing was started: the reporting begins and ends now, with no interval but the empty last one. */
    private RunResult stoppedBeforeT0(IntervalReporter<Void> reporter, RunSignal signal, JsonNode health,
                                      String healthError, String configureError) {
        reporter.begin(clock.nanoTime(), setup.run().reportSeconds() * 1_000_000_000L);
        reporter.finish("load");
        return new RunResult(reporter.outcome(setup.run().runId(), signal.reason(), health, healthError,
                client.stats().reconnects()), configureError);
    }

    /**
     * {@code -drain}: the producers have stopped and their pushes are answered; the consumers go on until they
     * popped every pushed message or the drain's time is up, the intervals reported as phase {@code drain}.
     */
    private void drainConsumers(IntervalReporter<Void> reporter, RunCounters counters) throws InterruptedException {
        if (setup.drainSeconds() <= 0 || setup.consumer().consumers() == 0) return;
        long until = clock.nanoTime() + setup.drainSeconds() * 1_000_000_000L;
        RunSignal never = new RunSignal();
        while (counters.popped.sum() < counters.pushedMsgs.sum()) {
            long now = clock.nanoTime();
            if (now >= until) return;
            reporter.runUntil(Math.min(until, now + DRAIN_POLL_NANOS), "drain", never);
        }
    }

    private static IntervalReporter.Probe<Void> probe(Producers producers, AtomicInteger liveTasks) {
        return new IntervalReporter.Probe<>() {
            @Override
            public int inflight() {
                return producers.inflight();
            }

            @Override
            public int liveTasks() {
                return liveTasks.get();
            }
        };
    }

    private void note(RunNote n) {
        for (RunListener<Void> l : listeners) l.onNote(n);
    }

    /**
     * Warms the loader up before T0 ({@link LoaderWarmUp}): the producers' expected concurrency plus one connection
     * per consumer; skipped when the run is already stopping.
     */
    private LoaderWarmUp.Result warmUp(Producers producers, RunSignal signal) throws InterruptedException {
        if (signal.isStopping()) return null;
        int conns = LoaderWarmUp.connections(producers.expectedConcurrency(), setup.consumer().consumers(),
                client.config().idleConns());
        LoaderWarmUp.Result r = LoaderWarmUp.run(List.of(client), conns, clock, producers.pacing());
        note(r);
        return r;
    }

    /**
     * Configures the queue within {@link #configureTimeoutMillis}, whatever {@code -timeout} and {@code -retries}
     * allow: a broker that does not answer delays the start by that much at most, then the run goes on with a
     * WARNING. Nothing else uses the client yet, so cancelling its calls cuts only the configure.
     */
    private String configure(RunCounters counters) throws InterruptedException {
        String q = setup.queue().queue();
        java.util.concurrent.FutureTask<JsonNode> call =
                new java.util.concurrent.FutureTask<>(() -> client.configure(q, setup.configureOptions(), false));
        Thread.ofVirtual().name("goload-configure").start(call);
        String error;
        try {
            call.get(configureTimeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
            note(new Configured(q, setup.queue().completedRetentionSeconds()));
            return null;
        } catch (java.util.concurrent.TimeoutException e) {
            client.cancelAll();
            error = "create queue failed: no answer within " + configureTimeoutMillis + " ms";
            counters.configureErrors.record("timeout", error);
        } catch (java.util.concurrent.ExecutionException e) {
            switch (e.getCause()) {
                case QueenException qe -> {
                    Errors.record(counters.configureErrors, qe);
                    error = qe.getMessage();
                }
                case RuntimeException re -> throw re;
                case Error err -> throw err;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
        note(new ConfigureFailed(error));
        return error;
    }
}
