package dev.goload.modes.app;

import dev.goload.client.ItemStatus;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.config.AppConfig;
import dev.goload.modes.ErrorBackoff;
import dev.goload.modes.PushOutcome;
import dev.goload.pace.ClosedLoopPacer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One {@code app} producer (goload-behavior.md §2.8): the single writer of its sessions. Per push it picks a session
 * (Zipf over its working set), reserves {@code push-batch} consecutive per-partition sequence numbers and pushes them
 * in one request through the run's {@link dev.goload.modes.PushSender} (scheduled at the pacer's due instant, so
 * {@code push} is from the schedule and {@code service} from the send); when nothing was stored it rolls the
 * reservation back (the next push reuses the numbers — if the failed push
 * did commit, the checker sees them as redeliveries, never as a gap) and sleeps 5 ms, more on consecutive
 * connection failures ({@link ErrorBackoff}). Paced by a {@link ClosedLoopPacer}: a closed loop, the offered rate
 * follows the broker.
 *
 * <p>Threading: runs on its own virtual thread; its sequence map and manifest are confined to it until
 * {@link #manifest()} is read after the thread ended.
 */
final class AppProducer implements Runnable {
    private final AppContext ctx;
    private final int index;
    private final SessionPlan plan;
    private final ZipfSampler zipf;
    private final SplittableRandom random;
    private final ClosedLoopPacer pacer;
    private final ErrorBackoff backoff;
    private final Map<String, long[]> nextSeq = new HashMap<>();
    private final Map<String, RawLogs.ManifestEntry> manifest = new HashMap<>();

    AppProducer(AppContext ctx, int index, SessionPlan plan) {
        this.ctx = ctx;
        this.index = index;
        this.plan = plan;
        AppConfig cfg = ctx.cfg();
        long seed = ctx.cfg().run().seed() * 1_000_003L + index;
        this.zipf = new ZipfSampler(cfg.topo().skew(), plan.slots(index) - 1L, seed);
        this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int producers = plan.producers();
        int batch = cfg.load().pushBatch();
        int rate = cfg.load().targetRate();
        this.backoff = ctx.errorBackoff();
        this.pacer = new ClosedLoopPacer(ctx.clock(), () -> rate <= 0 ? 0
                : batch / (rate * ctx.rateMultiplier() / producers) * 1e9);
    }

    @Override
    public void run() {
        while (!ctx.signal().isStopping() && !ctx.producersStopped().get()) {
            long now = ctx.clock().nanoTime();
            long delay = pacer.nextDelayNanos();
            if (delay >= 1_000_000L) {
                if (ctx.pause(delay / 1_000_000L)) return;
            } else if (delay > 0) {
                LockSupport.parkNanos(delay);
            }
            if (ctx.producersStopped().get()) return;
            pushOnce(now + delay);
        }
    }

    /** @param dueNanos the pacer's due instant: the {@code push} latency's origin */
    private void pushOnce(long dueNanos) {
        AppConfig cfg = ctx.cfg();
        int batch = cfg.load().pushBatch();
        int local = (int) zipf.next();
        String partition = SessionPlan.partitionName(plan.session(index, local, ctx.rotated().get()));
        long[] seq = nextSeq.computeIfAbsent(partition, k -> new long[1]);
        long first = seq[0];
        seq[0] += batch;
        boolean[] poison = new boolean[batch];
        List<PushItem> items = new ArrayList<>(batch);
        long pushTs = ctx.epoch().epochNanos();
        for (int i = 0; i < batch; i++) {
            poison[i] = random.nextDouble() * 100 < cfg.reliab().poisonPct();
            boolean slow = random.nextDouble() * 100 < cfg.work().slowMsgPct();
            int len = cfg.load().payloadMin() + random.nextInt(cfg.load().payloadMax() - cfg.load().payloadMin() + 1);
            items.add(PushItem.of(cfg.topo().queue(), partition,
                    ctx.payload().stage1(pushTs, first + i, poison[i], slow, len)));
        }
        // counted by the sender (sent, achieved, pushed, duplicates, item failures, error kinds, push/service time)
        PushOutcome o = ctx.sender().send(ctx.client(), items, dueNanos, -1);
        PushResult r = o.result();
        if (r == null || r.accepted() == 0) {
            seq[0] = first; // nothing stored: reuse the numbers
            if (!o.canceledAtStop()) backoff.afterFailure(o.error() == null ? null : o.error().kind());
            return;
        }
        backoff.onSuccess();
        RawLogs.ManifestEntry m = manifest.computeIfAbsent(partition, k -> new RawLogs.ManifestEntry());
        for (int i = 0; i < batch; i++) {
            if (accepted(r.statuses()[i])) {
                m.count++;
                m.maxSeq = Math.max(m.maxSeq, first + i);
                if (poison[i]) m.poison++;
            }
        }
    }

    private static boolean accepted(ItemStatus s) {
        return s == ItemStatus.QUEUED || s == ItemStatus.DUPLICATE || s == ItemStatus.BUFFERED;
    }

    /** What this producer pushed, per partition; read only after its thread ended. */
    Map<String, RawLogs.ManifestEntry> manifest() {
        return manifest;
    }
}
