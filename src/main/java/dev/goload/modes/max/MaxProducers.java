package dev.goload.modes.max;

import dev.goload.client.ErrorKind;
import dev.goload.config.MaxConfig;
import dev.goload.modes.ErrorBackoff;
import dev.goload.modes.LoadRun;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.PartitionPicker;
import dev.goload.modes.Payloads;
import dev.goload.modes.PushSender;
import dev.goload.modes.WorkerThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The closed-loop producers of {@code max} (goload-behavior.md §2.1): N threads (platform threads for a few,
 * {@link WorkerThreads}), each pushing the next batch as soon as the previous one is answered, round-robin over
 * the partitions from one global counter; after an error a producer sleeps 5 ms, more on consecutive connection
 * failures ({@link ErrorBackoff}). Latency is from the send (there is no schedule in a closed loop).
 */
public final class MaxProducers implements LoadRun.Producers {
    /** The reference's pause after a failed push (§2.1); consecutive connection failures grow it (ErrorBackoff). */
    private static final long ERROR_PAUSE_MILLIS = 5;

    private final MaxConfig cfg;
    private final LoadRun.Context ctx;
    private final PartitionPicker picker;
    private final byte[] payload;
    private final PushSender sender;
    private final AtomicInteger inflight = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();

    public MaxProducers(MaxConfig cfg, LoadRun.Context ctx) {
        this.cfg = cfg;
        this.ctx = ctx;
        this.picker = new PartitionPicker(cfg.queue().partitions(), 0, "rotate", ctx.shard());
        this.payload = new Payloads(cfg.payloadBytes(), "goload").plain();
        this.sender = new PushSender(ctx.counters(), ctx.recorders(), ctx.clock());
    }

    @Override
    public void start() {
        Thread.Builder builder = WorkerThreads.builder(cfg.producers()).name("goload-producer-", 0);
        for (int i = 0; i < cfg.producers(); i++) threads.add(builder.start(this::loop));
    }

    private void loop() {
        ctx.liveTasks().incrementAndGet();
        ErrorBackoff backoff = ErrorBackoff.on(ctx.signal(), ERROR_PAUSE_MILLIS, ctx.counters().backoff);
        try {
            while (!ctx.signal().isStopping()) {
                inflight.incrementAndGet();
                ctx.counters().offeredReq.increment(); // a closed loop sends all it offers: offered = sent, shed = 0
                ErrorKind failure;
                try {
                    failure = sender.send(ctx.client(), cfg.queue().queue(), picker.next(0), payload, cfg.pushBatch(),
                            ctx.clock().nanoTime(), -1).failureKind();
                } finally {
                    inflight.decrementAndGet();
                }
                if (failure == null) {
                    backoff.onSuccess();
                } else {
                    backoff.afterFailure(failure);
                }
            }
        } finally {
            ctx.liveTasks().decrementAndGet();
        }
    }

    @Override
    public void stop() {
        // producers observe the run signal; in-flight pushes finish (LoadRun waits on inflight())
    }

    /** Closed-loop producers: no pacer for the warm-up to exercise. */
    @Override
    public LoaderWarmUp.Pacing pacing() {
        return LoaderWarmUp.Pacing.NONE;
    }

    /** A closed loop: each producer has exactly one push in flight. */
    @Override
    public int expectedConcurrency() {
        return cfg.producers();
    }

    @Override
    public int inflight() {
        return inflight.get();
    }
}
