package dev.goload.modes.cm;

import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.modes.PushOutcome;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import java.util.List;

/**
 * cm's retry wrapper around the one push path ({@link PushSender}): pushes a list of items whose transaction ids are
 * fixed by the caller, retrying (3 ms, doubling, capped at 1 s) until every item is durable ({@code queued} or
 * {@code duplicate} — a duplicate means an earlier attempt committed), the attempt budget is spent, or the run stops.
 * Because the ids never change, a retry can never create a second copy of a message the broker already stored.
 *
 * <p>Every attempt is a sent request, counted by the {@link PushSender} (sent, achieved, failed by kind, {@code push}
 * latency from {@code scheduledNanos}, so a push that needed retries shows their time); the retries themselves are cm's
 * {@code pushRetry}.
 *
 * <p>Thread-safe.
 */
public final class StablePush {
    /** What became of a push. */
    public enum Outcome { OK, GAVE_UP, STOPPED }

    private final PushSender sender;
    private final QueenClient client;
    private final RunSignal signal;
    private final int attempts;
    private final CmCounters counters;
    private final NanoClock clock;

    public StablePush(PushSender sender, QueenClient client, RunSignal signal, int attempts, CmCounters counters,
                      NanoClock clock) {
        this.sender = sender;
        this.client = client;
        this.signal = signal;
        this.attempts = attempts;
        this.counters = counters;
        this.clock = clock;
    }

    /** @param scheduledNanos the instant the push was due (the pacer's, or the stage's decision to emit) */
    public Outcome push(List<PushItem> items, long scheduledNanos) {
        return push(items, scheduledNanos, attempts);
    }

    /** A push due now (a derived push, or a warm-up attempt), with {@code attempts} attempts (0: the configured). */
    public Outcome pushNow(List<PushItem> items, int attempts) {
        return push(items, clock.nanoTime(), attempts > 0 ? attempts : this.attempts);
    }

    /** As {@link #push(List, long)} with an explicit attempt budget (the warm-up has its own outer loop). */
    public Outcome push(List<PushItem> items, long scheduledNanos, int attempts) {
        long delay = 3;
        for (int i = 0; i < attempts; i++) {
            if (signal.isStopping()) return Outcome.STOPPED;
            if (i > 0) {
                counters.pushRetry.increment();
                if (signal.pause(delay)) return Outcome.STOPPED;
                delay = Math.min(1000, delay * 2);
            }
            PushOutcome o = sender.send(client, items, scheduledNanos, -1);
            if (o.canceledAtStop()) return Outcome.STOPPED;
            PushResult r = o.result();
            // buffered is accepted but not yet durable: retried with the same ids until the broker stores it
            if (r != null && r.durable() == r.size()) return Outcome.OK;
        }
        return Outcome.GAVE_UP;
    }
}
