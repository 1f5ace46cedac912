package dev.goload.modes;

import dev.goload.client.ErrorKind;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.pace.NanoClock;
import java.util.concurrent.atomic.LongAdder;

/**
 * Sends one push request and accounts for it — shared by the open-loop and closed-loop producers so that both
 * count exactly alike. A request is <em>achieved</em> only when the broker accepted every item (per-item
 * statuses are inspected: a 2xx carrying {@code failed} items is not a success, unlike the reference); its
 * latency goes to {@code push} (from the scheduled instant) and {@code service} (from the send). A failed
 * request's latency goes to {@code failed}, so failures neither vanish from nor mix into the percentiles.
 * Pushes cut off by the shutdown are not counted (the reference's rule); broker failures during the drain are.
 *
 * <p>Thread-safe; called concurrently from request tasks.
 */
public final class PushSender {
    private final QueenClient client;
    private final String queue;
    private final int batch;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final RunSignal signal;
    private final NanoClock clock;

    public PushSender(QueenClient client, String queue, int batch, RunCounters counters, RunRecorders recorders,
                      RunSignal signal, NanoClock clock) {
        this.client = client;
        this.queue = queue;
        this.batch = batch;
        this.counters = counters;
        this.recorders = recorders;
        this.signal = signal;
        this.clock = clock;
    }

    /**
     * Pushes {@code batch} copies of {@code payload} to {@code partition}.
     *
     * @param scheduledNanos the instant the request was due (latency origin); for closed-loop producers, the send instant
     * @return whether every item was accepted
     */
    public boolean send(String partition, byte[] payload, long scheduledNanos) {
        return send(partition, payload, scheduledNanos, -1);
    }

    /**
     * As {@link #send(String, byte[], long)}, for a request the pacer launched at {@code launchedNanos}: the wait
     * between the launch and the send (the task waiting for a carrier thread) is recorded as {@code queue}.
     */
    public boolean send(String partition, byte[] payload, long scheduledNanos, long launchedNanos) {
        return failureOf(partition, payload, scheduledNanos, launchedNanos) == null;
    }

    /**
     * As {@link #send(String, byte[], long, long)} for a loop that backs off on failures: null when achieved, else
     * the failure's kind ({@link ErrorKind#OTHER} for per-item failures inside a 2xx).
     */
    public ErrorKind failureOf(String partition, byte[] payload, long scheduledNanos, long launchedNanos) {
        counters.sentReq.increment();
        long sent = clock.nanoTime();
        if (launchedNanos >= 0) {
            recorders.queue.recordNanos(launchedNanos, sent);
        }
        try {
            PushResult r = client.push(queue, partition, payload, batch);
            long done = clock.nanoTime();
            // LongAdder.add(0) still CASes a shared cell; duplicates and buffered items are rare, so skip the zeros.
            addIfAny(counters.pushedMsgs, r.accepted());
            addIfAny(counters.itemDuplicate, r.duplicate());
            addIfAny(counters.itemBuffered, r.buffered());
            int bad = r.failed() + r.unknown();
            if (bad == 0) {
                counters.achievedReq.increment();
                recorders.push.recordNanos(scheduledNanos, done);
                recorders.service.recordNanos(sent, done);
                return null;
            }
            counters.itemFailed.add(bad);
            counters.pushErrReq.increment();
            counters.error(RunCounters.Op.PUSH, "item_failed");
            recorders.failed.recordNanos(scheduledNanos, done);
            return ErrorKind.OTHER;
        } catch (QueenException e) {
            long done = clock.nanoTime();
            // Only a push cut off by the shutdown is uncounted (§1.4); a broker failure during the drain is a failure.
            if (signal.isStopping() && e.kind() == ErrorKind.CANCELED) {
                // sent, never answered: counted so that sent = achieved + failed + canceled
                counters.pushCanceledReq.increment();
            } else {
                counters.pushErrReq.increment();
                counters.error(RunCounters.Op.PUSH, e.kind().label());
                recorders.failed.recordNanos(scheduledNanos, done);
            }
            return e.kind();
        }
    }

    private static void addIfAny(LongAdder counter, int n) {
        if (n != 0) {
            counter.add(n);
        }
    }
}
