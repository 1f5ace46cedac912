package dev.goload.modes;

import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerGroup;
import dev.goload.pace.RateCurve;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The loader's warm-up, before a run's T0, so that the first measured interval is not special: a cold JVM spends its
 * first seconds loading classes, interpreting and compiling the pacer's loop, starting the virtual-thread scheduler
 * and dialling connections, and its pacer was late by tens of milliseconds then (which voided every point of a
 * ceiling ladder). Three steps, each bounded:
 * <ol>
 *   <li>dial {@link #connections the connections the run will keep busy} on every client and leave them pooled
 *       ({@link QueenClient#warmUp}); nothing is sent on the http1 engine;</li>
 *   <li>{@value #HEALTH_CALLS} {@code GET /health} calls per client (the broker answers them without side effects),
 *       which load and compile the request path;</li>
 *   <li>{@value #PACER_LAUNCHES} launches of the real pacer code ({@link PacerGroup}, {@link OpenLoopPacer},
 *       {@link InflightLimit}, a lateness {@link LatencyRecorder}, one virtual thread per launch where the run's
 *       pushes take one) against a null sink and a synthetic clock: nothing is sent and the run's counters and
 *       recorders are not touched.</li>
 * </ol>
 * The warm-up's time is not part of the run: the caller takes T0 after it returns.
 *
 * <p>Runs on the caller's thread (it starts and joins its own virtual threads). Stateless.
 */
public final class LoaderWarmUp {
    /** The push service time assumed when estimating the connections a run keeps busy (Little's law). */
    static final double EXPECTED_SERVICE_SEC = 0.010;
    /** No warm-up dials more than this per client, whatever the estimate. */
    static final int MAX_CONNECTIONS = 256;
    static final int HEALTH_CALLS = 32;
    static final int PACER_LAUNCHES = 20_000;
    /** How long the warm-up waits for the clients' dials and health calls. */
    static final long CLIENT_WAIT_MILLIS = 5_000;

    /**
     * What the warm-up did, in the run record.
     *
     * @param millis             wall time, before T0
     * @param connectionsPlanned connections per client it meant to dial
     * @param connectionsDialled connections opened over every client
     * @param healthCalls        {@code GET /health} calls answered
     * @param pacerLaunches      launches through the pacer code against a null sink
     * @param error              the first failure (the broker unreachable…), or null
     */
    public record Result(double millis, int clients, int connectionsPlanned, int connectionsDialled, int healthCalls,
                         long pacerLaunches, String error) implements dev.goload.modes.run.RunNote {

        /** The console line; it starts {@code [loader-warmup]}, outside every reference line template. */
        public String line() {
            return String.format(Locale.ROOT, "[loader-warmup] %d connection(s) dialled (%d planned per client, %d "
                    + "client(s)), %d health call(s), %d pacer launches in %.0f ms -- before T0, not part of the "
                    + "measured run%s", connectionsDialled, connectionsPlanned, clients, healthCalls, pacerLaunches,
                    millis, error == null ? "" : "; " + error);
        }
    }

    private LoaderWarmUp() {}

    /**
     * Push requests an open-loop pacer keeps in flight: Little's law over its request rate with the expected service
     * time, plus three standard deviations of a Poisson count (bursts); at least 1, at most the in-flight cap.
     */
    public static int producerConcurrency(double requestsPerSecond, int maxInflight) {
        double busy = Math.max(0, requestsPerSecond) * EXPECTED_SERVICE_SEC;
        return (int) Math.max(1, Math.min((long) Math.ceil(busy + 3 * Math.sqrt(busy)), Math.max(1, maxInflight)));
    }

    /**
     * Connections one client keeps busy: its producers' concurrency plus one per consumer (a long-poll holds its
     * connection); at least 1, at most the client's idle allowance and {@value #MAX_CONNECTIONS}.
     */
    public static int connections(int producerConcurrency, int consumers, int idleConns) {
        long n = (long) Math.max(0, producerConcurrency) + Math.max(0, consumers);
        return (int) Math.max(1, Math.min(n, Math.min(Math.max(1, idleConns), MAX_CONNECTIONS)));
    }

    /** Virtual threads the pacer exercise started from each calling thread (tests: other tests' runs not counted). */
    private static final ThreadLocal<long[]> VIRTUAL_LAUNCHES = ThreadLocal.withInitial(() -> new long[1]);

    /** How a run launches its pushes, so the warm-up exercises the pacer code the run will run, or none. */
    public enum Pacing {
        /** An open-loop pacer, each push on a virtual thread of its own. */
        VIRTUAL_THREADS,
        /** An open-loop pacer on the push loop: no virtual thread per push. */
        PUSH_LOOP,
        /**
         * No pacer (max's closed-loop producers): no pacer exercise. Its 20,000 launches were 4-5 s and most of a
         * CPU-second before T0 of a 15 s max run, warming code the run never ran.
         */
        NONE
    }

    /** Warms the loader up; {@code clients} may repeat one client (it is warmed once). */
    public static Result run(List<QueenClient> clients, int connectionsPerClient, NanoClock clock)
            throws InterruptedException {
        return run(clients, connectionsPerClient, clock, Pacing.VIRTUAL_THREADS);
    }

    /**
     * {@link #run(List, int, NanoClock)} for a run whose pushes are launched as {@code pacing} says: on the push loop
     * (cloud's, openloop's) the exercise releases each slot on the pacer's thread, and a run without a pacer skips it. Its 20,000
     * virtual threads were started faster than two carriers ran them, so the young collections of the warm-up found
     * thousands alive and promoted them: 20,008 dead {@code VirtualThread}s and their continuations, ~6.5 MB, sat
     * in cloud's old generation for the whole run (class histogram, no collection, Serial, t = 1 s and 10 s).
     */
    public static Result run(List<QueenClient> clients, int connectionsPerClient, NanoClock clock,
                             Pacing pacing) throws InterruptedException {
        long t0 = clock.nanoTime();
        List<QueenClient> distinct = clients.stream().distinct().toList();
        AtomicInteger dialled = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        AtomicReference<String> error = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>(distinct.size());
        for (QueenClient c : distinct) {
            threads.add(Thread.ofVirtual().name("goload-warmup").start(() -> {
                try {
                    dialled.addAndGet(c.warmUp(connectionsPerClient));
                    for (int i = 0; i < HEALTH_CALLS; i++) {
                        c.health();
                        answered.incrementAndGet();
                    }
                } catch (QueenException e) {
                    error.compareAndSet(null, e.getMessage());
                }
            }));
        }
        long launches = pacing == Pacing.NONE ? 0 : exercisePacer(PACER_LAUNCHES, pacing == Pacing.VIRTUAL_THREADS);
        // An unreachable broker does not hold the run back: its connect or health call goes on in the background.
        long deadline = System.nanoTime() + CLIENT_WAIT_MILLIS * 1_000_000L;
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !t.join(java.time.Duration.ofNanos(left))) {
                error.compareAndSet(null, "the broker did not answer within " + CLIENT_WAIT_MILLIS + " ms");
                break;
            }
        }
        return new Result((clock.nanoTime() - t0) / 1e6, distinct.size(), connectionsPerClient, dialled.get(),
                answered.get(), launches, error.get());
    }

    /**
     * Runs {@code launches} launches through the pacer group against a synthetic clock (1 M requests/s over four
     * pacers, advanced 10 µs at a time), each recorded as lateness in a scratch recorder and its slot released on a
     * virtual thread ({@code launchThreads}, as a launch of the virtual-thread push path is) or at once (as the push
     * loop's). Returns the launches made.
     */
    static long exercisePacer(int launches, boolean launchThreads) throws InterruptedException {
        long[] now = {0};
        long[] started = VIRTUAL_LAUNCHES.get(); // the sink runs on this thread (the group is advanced here)
        NanoClock synthetic = () -> now[0];
        LatencyRecorder lateness = new LatencyRecorder("warmup");
        InflightLimit limit = new InflightLimit(Integer.MAX_VALUE);
        LongAdder launched = new LongAdder();
        OpenLoopPacer.Sink sink = (seq, scheduledNanos, nowNanos) -> {
            launched.increment();
            lateness.record((nowNanos - scheduledNanos) / 1000);
            if (launchThreads) {
                started[0]++;
                Thread.ofVirtual().start(limit::release);
            } else {
                limit.release();
            }
        };
        PacerGroup group = new PacerGroup("goload-warmup-pacer", synthetic);
        for (int p = 0; p < 4; p++) {
            group.add(new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(250_000, 0)), p * 1_000L, Long.MAX_VALUE,
                    1_000_000_000L, limit, sink));
        }
        while (launched.sum() < launches) {
            now[0] += 10_000;
            group.advanceDue(now[0]);
            if ((now[0] / 10_000) % 512 == 0) lateness.sampleInterval();
        }
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (limit.inflight() > 0 && System.nanoTime() < deadline) Thread.sleep(1);
        lateness.sampleInterval();
        return launched.sum();
    }

    /** Tests only: virtual threads the pacer exercise has started from the calling thread. */
    static long virtualLaunches() {
        return VIRTUAL_LAUNCHES.get()[0];
    }
}
