package dev.goload.modes;

import dev.goload.client.ErrorKind;
import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The one push path of every mode: sends one push request and accounts for it, so that every mode counts exactly
 * alike. The accounting rule:
 * <ul>
 *   <li>every call: {@code sentReq}, and {@code queue} (pacer launch → send) when the pacer launched it;</li>
 *   <li>every item accepted: {@code achievedReq}, {@code pushedMsgs} (with the duplicate and buffered counts),
 *       {@code push} (scheduled instant → answer, coordinated-omission corrected) and {@code service} (send →
 *       answer);</li>
 *   <li>items a 2xx answered {@code failed}/unknown: {@code itemFailed}, {@code pushErrReq}, error kind
 *       {@code item_failed}, {@code failed} (the reference counted them as pushed);</li>
 *   <li>a call cancelled (the run's stop cuts what is left in flight): {@code pushCanceledReq} and the push
 *       family's kind {@code canceled} (sent, never answered, not a failure; the reference's rule);</li>
 *   <li>any other failure, the drain's included: {@code pushErrReq}, the error by kind, {@code failed}.</li>
 * </ul>
 * The mode acts on the returned {@link PushOutcome} (ledger, manifest, retry) and never counts it again. A
 * closed-loop producer passes its pacer's due instant as {@code scheduledNanos}, so {@code push} always means "from
 * the schedule" and {@code service} "from the send".
 *
 * <p>Thread-safe; called concurrently from request tasks. A path that does not block per request (the openloop push
 * loop) calls {@link #begin}, then {@link #answered} or {@link #failed}: the same rules, in the same code.
 */
public final class PushSender {
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final NanoClock clock;

    public PushSender(RunCounters counters, RunRecorders recorders, NanoClock clock) {
        this.counters = counters;
        this.recorders = recorders;
        this.clock = clock;
    }

    /**
     * Pushes {@code copies} copies of {@code payload} to {@code queue}/{@code partition} (the hot path of max,
     * openloop and tenants: one body, no per-item objects).
     *
     * @param scheduledNanos the instant the request was due (the latency origin)
     * @param launchedNanos  the instant the pacer launched it, or -1 (no {@code queue} sample)
     */
    public PushOutcome send(QueenClient client, String queue, String partition, byte[] payload, int copies,
                            long scheduledNanos, long launchedNanos) {
        long sent = begin(launchedNanos);
        try {
            return answered(client.push(queue, partition, payload, copies), scheduledNanos, sent);
        } catch (QueenException e) {
            return failed(e, scheduledNanos);
        }
    }

    /** Pushes {@code items} as one request (caller-fixed transaction ids: cloud's, cm's and order's). */
    public PushOutcome send(QueenClient client, List<PushItem> items, long scheduledNanos, long launchedNanos) {
        long sent = begin(launchedNanos);
        try {
            return answered(client.push(items), scheduledNanos, sent);
        } catch (QueenException e) {
            return failed(e, scheduledNanos);
        }
    }

    /**
     * The request is being sent ({@code sentReq}, and {@code queue} when launched by a pacer): the first step of a
     * send, for a path that does not block on it (the push loop); returns the send instant for {@link #answered}.
     */
    public long begin(long launchedNanos) {
        counters.sentReq.increment();
        long sent = clock.nanoTime();
        if (launchedNanos >= 0) {
            recorders.queue.recordNanos(launchedNanos, sent);
        }
        return sent;
    }

    /** The answer of a request {@link #begin begun} at {@code sent}. */
    public PushOutcome answered(PushResult r, long scheduledNanos, long sent) {
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
        } else {
            counters.itemFailed.add(bad);
            counters.pushErrReq.increment();
            counters.pushErrors.record("item_failed", "push: " + bad + " of " + (bad + r.accepted())
                    + " items not accepted" + (r.firstError() == null ? "" : ": " + r.firstError()));
            recorders.failed.recordNanos(scheduledNanos, done);
        }
        return new PushOutcome(r, null, false);
    }

    /** The failure of a begun request. */
    public PushOutcome failed(QueenException e, long scheduledNanos) {
        long done = clock.nanoTime();
        // Only the run cancels a call (its stop cuts what is left in flight): counted once, as cancelled, never as
        // a failure (§1.4). A broker failure during the drain is a failure.
        if (QueenException.classify(e) == ErrorKind.CANCELED) {
            counters.pushErrors.canceled();
            return new PushOutcome(null, e, true);
        }
        counters.pushErrReq.increment();
        Errors.record(counters.pushErrors, e);
        recorders.failed.recordNanos(scheduledNanos, done);
        return new PushOutcome(null, e, false);
    }

    private static void addIfAny(LongAdder counter, int n) {
        if (n != 0) {
            counter.add(n);
        }
    }
}
