package dev.goload.modes.openloop;

import dev.goload.client.PushLoop;
import dev.goload.client.PushResult;
import dev.goload.client.QueenException;
import dev.goload.config.OpenLoopConfig;
import dev.goload.modes.LoadRun;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.PartitionPicker;
import dev.goload.modes.Payloads;
import dev.goload.modes.PushSender;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerThread;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ThreadFactory;

/**
 * The open-loop producer side: one {@link OpenLoopPacer} launching each due push with its scheduled instant, under
 * the non-blocking in-flight cap, on one of two paths:
 * <ul>
 *   <li>the push loop (default where {@link PushLoop#eligible}: plain http on the http1 engine): its sender thread
 *       drives the pacer and writes every push non-blocking, its reader thread reads the answers, with no thread
 *       hand-off per request;</li>
 *   <li>otherwise (OkHttp, HTTPS, a proxy, {@code GOLOAD_PUSH_LOOP=0}): the pacer on its own platform thread, each
 *       push on its own virtual thread through the blocking client.</li>
 * </ul>
 * Both account through {@link PushSender}, so they count alike. Producers never retry (the client is built with one
 * attempt for every failure class).
 *
 * <p>Threading: {@link #start()}/{@link #stop()} from the run's thread; launches (and the loop's {@code sending})
 * happen on the pacer's thread or the loop's sender thread, the loop's outcomes on its reader thread; what they share
 * is thread-safe ({@link PushSender}, the in-flight limit, the counters).
 */
public final class OpenLoopProducers implements LoadRun.Producers, OpenLoopPacer.Sink, PushLoop.Listener<OpenLoopProducers.Launch> {
    /** How long {@link #stop()} waits for the last offer (the pacer's or the loop's). */
    private static final long STOP_WAIT_MILLIS = 2_000;

    /** One launched push on the loop path: its instants. */
    static final class Launch {
        final long scheduledNanos;
        final long launchedNanos;
        long sentNanos;

        Launch(long scheduledNanos, long launchedNanos) {
            this.scheduledNanos = scheduledNanos;
            this.launchedNanos = launchedNanos;
        }
    }

    private final OpenLoopConfig cfg;
    private final LoadRun.Context ctx;
    private final long seed;
    private final InflightLimit limit;
    private final PartitionPicker picker;
    private final Payloads payloads;
    private final PushSender sender;
    private final ThreadFactory threads = Thread.ofVirtual().factory();
    private PacerThread pacerThread;
    /** The push loop, or null on the virtual-thread path. */
    private final PushLoop<Launch> loop;
    /** When the first scheduled request (seq 0, due at T0) was launched or shed; MIN_VALUE before. */
    private volatile long firstLaunchNanos = Long.MIN_VALUE;

    public OpenLoopProducers(OpenLoopConfig cfg, LoadRun.Context ctx, long seed) {
        this(cfg, ctx, seed, PushLoop.enabledByEnvironment());
    }

    /** {@code pushLoop}: take the push loop where the client allows it ({@link PushLoop#eligible}). */
    public OpenLoopProducers(OpenLoopConfig cfg, LoadRun.Context ctx, long seed, boolean pushLoop) {
        this.cfg = cfg;
        this.ctx = ctx;
        this.seed = seed;
        this.limit = new InflightLimit(cfg.maxInflight());
        this.picker = new PartitionPicker(cfg.queue().partitions(), cfg.activePartitions(), cfg.activePolicy(),
                ctx.shard());
        this.payloads = new Payloads(cfg.payloadBytes(), "goload-ol");
        this.sender = new PushSender(ctx.counters(), ctx.recorders(), ctx.clock());
        try {
            // built now, before the warm-up, so that the warm-up dials the loop's sockets
            this.loop = pushLoop && PushLoop.eligible(ctx.client())
                    ? ctx.client().pushLoop(ctx.clock()::nanoTime, expectedConcurrency(), this) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("push loop: " + e.getMessage(), e);
        }
    }

    /**
     * Which path carries the pushes, for the run record's {@code section.pushPath}: {@code loop} (the push loop),
     * {@code virtual-threads} (the blocking http1 engine, a virtual thread per push) or {@code okhttp}.
     */
    public String pushPath() {
        if (loop != null) return "loop";
        return ctx.client().engine() == dev.goload.client.HttpEngine.OKHTTP ? "okhttp" : "virtual-threads";
    }

    @Override
    public void start() {
        RateCurve curve = new RateCurve(cfg.requestsPerSecond(), cfg.rampSeconds());
        ArrivalSchedule schedule = "poisson".equals(cfg.arrival())
                ? ArrivalSchedule.poisson(curve, seed) : ArrivalSchedule.uniform(curve);
        // Anchored at the run's start, like the end below: the schedule then spans exactly the measured duration
        // (offered == F(duration)); a pacer started a few ms later shows that delay as lateness, not fewer requests.
        long end = cfg.run().durationSeconds() > 0
                ? ctx.startNanos() + cfg.run().durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
        OpenLoopPacer pacer = new OpenLoopPacer(schedule, ctx.startNanos(), end, cfg.behindMillis() * 1_000_000L, limit, this);
        if (loop != null) loop.start(pacer::advance);
        else pacerThread = new PacerThread("goload-pacer", pacer, ctx.clock()).start();
    }

    @Override
    public void launch(long seq, long scheduledNanos, long nowNanos) {
        if (seq == 0) firstLaunchNanos = nowNanos;
        ctx.counters().offeredReq.increment();
        ctx.recorders().lateness.record((nowNanos - scheduledNanos) / 1000);
        String partition = picker.next((nowNanos - ctx.startNanos()) / 1_000_000_000L);
        byte[] payload = cfg.e2e() ? payloads.stamped(ctx.epoch().toEpochNanos(scheduledNanos)) : payloads.plain();
        if (loop != null) {
            loop.push(cfg.queue().queue(), partition, payload, cfg.pushBatch(), new Launch(scheduledNanos, nowNanos));
            return;
        }
        threads.newThread(() -> {
            ctx.liveTasks().incrementAndGet();
            try {
                sender.send(ctx.client(), cfg.queue().queue(), partition, payload, cfg.pushBatch(), scheduledNanos, nowNanos);
            } finally {
                limit.release();
                ctx.liveTasks().decrementAndGet();
            }
        }).start();
    }

    @Override
    public void sending(Launch l) {
        ctx.liveTasks().incrementAndGet();
        l.sentNanos = sender.begin(l.launchedNanos);
    }

    @Override
    public void answered(Launch l, PushResult result) {
        sender.answered(result, l.scheduledNanos, l.sentNanos);
        done();
    }

    @Override
    public void failed(Launch l, QueenException failure) {
        sender.failed(failure, l.scheduledNanos);
        done();
    }

    private void done() {
        limit.release();
        ctx.liveTasks().decrementAndGet();
    }

    @Override
    public void shed(long seq, long scheduledNanos, ShedReason reason) {
        ctx.counters().offeredReq.increment();
        (reason == ShedReason.CAP ? ctx.counters().shedCapReq : ctx.counters().shedBehindReq).increment();
    }

    /** The epoch instant (ms, µs precision) the request due at T0 was launched; null when it never was. */
    public Double firstLaunchEpochMs() {
        long n = firstLaunchNanos;
        return n == Long.MIN_VALUE ? null : ctx.epoch().toEpochNanos(n) / 1e6;
    }

    @Override
    public void stop() {
        try {
            if (loop != null) {
                loop.stopOffering(STOP_WAIT_MILLIS); // in-flight pushes go on: the run drains them
            } else if (pacerThread != null) {
                pacerThread.stop();
                pacerThread.join(STOP_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** On the push loop a push takes no virtual thread (its sender writes it), so neither does the warm-up's launch. */
    @Override
    public LoaderWarmUp.Pacing pacing() {
        return loop == null ? LoaderWarmUp.Pacing.VIRTUAL_THREADS
                : LoaderWarmUp.Pacing.PUSH_LOOP;
    }

    @Override
    public int expectedConcurrency() {
        return LoaderWarmUp.producerConcurrency(cfg.requestsPerSecond(), cfg.maxInflight());
    }

    @Override
    public int inflight() {
        return limit.inflight();
    }
}
