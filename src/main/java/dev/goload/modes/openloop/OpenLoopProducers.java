package dev.goload.modes.openloop;

import dev.goload.config.OpenLoopConfig;
import dev.goload.modes.LoadRun;
import dev.goload.modes.PartitionPicker;
import dev.goload.modes.Payloads;
import dev.goload.modes.PushSender;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.PacerThread;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import java.util.concurrent.ThreadFactory;

/**
 * The open-loop producer side: one {@link OpenLoopPacer} on its own platform thread, launching each due push
 * on its own virtual thread with its scheduled instant, under the non-blocking in-flight cap. Producers never
 * retry (the client is built with one attempt for every failure class).
 *
 * <p>Threading: {@link #start()}/{@link #stop()} from the run's thread; launches happen on the pacer thread.
 */
public final class OpenLoopProducers implements LoadRun.Producers, OpenLoopPacer.Sink {
    private final OpenLoopConfig cfg;
    private final LoadRun.Context ctx;
    private final long seed;
    private final InflightLimit limit;
    private final PartitionPicker picker;
    private final Payloads payloads;
    private final PushSender sender;
    private final ThreadFactory threads = Thread.ofVirtual().factory();
    private PacerThread pacerThread;
    /** When the first scheduled request (seq 0, due at T0) was launched or shed; MIN_VALUE before. */
    private volatile long firstLaunchNanos = Long.MIN_VALUE;

    public OpenLoopProducers(OpenLoopConfig cfg, LoadRun.Context ctx, long seed) {
        this.cfg = cfg;
        this.ctx = ctx;
        this.seed = seed;
        this.limit = new InflightLimit(cfg.maxInflight());
        this.picker = new PartitionPicker(cfg.queue().partitions(), cfg.activePartitions(), cfg.activePolicy(),
                ctx.shard());
        this.payloads = new Payloads(cfg.payloadBytes(), "goload-ol");
        this.sender = new PushSender(ctx.counters(), ctx.recorders(), ctx.signal(), ctx.clock());
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
        pacerThread = new PacerThread("goload-pacer", pacer, ctx.clock()).start();
    }

    @Override
    public void launch(long seq, long scheduledNanos, long nowNanos) {
        if (seq == 0) firstLaunchNanos = nowNanos;
        ctx.counters().offeredReq.increment();
        ctx.recorders().lateness.record((nowNanos - scheduledNanos) / 1000);
        String partition = picker.next((nowNanos - ctx.startNanos()) / 1_000_000_000L);
        byte[] payload = cfg.e2e() ? payloads.stamped(ctx.epoch().toEpochNanos(scheduledNanos)) : payloads.plain();
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
        if (pacerThread != null) {
            pacerThread.stop();
            try {
                pacerThread.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public int expectedConcurrency() {
        return dev.goload.modes.LoaderWarmUp.producerConcurrency(cfg.requestsPerSecond(), cfg.maxInflight());
    }

    @Override
    public int inflight() {
        return limit.inflight();
    }
}
