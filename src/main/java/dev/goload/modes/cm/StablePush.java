package dev.goload.modes.cm;

import dev.goload.client.PushItem;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.modes.RunSignal;
import java.util.List;

/**
 * Pushes a list of items whose transaction ids are fixed by the caller, retrying (3 ms, doubling, capped at 1 s)
 * until every item is accepted ({@code queued} or {@code duplicate} — a duplicate means an earlier attempt
 * committed), the attempt budget is spent, or the run stops. Because the ids never change, a retry can never
 * create a second copy of a message the broker already stored.
 *
 * <p>Thread-safe.
 */
public final class StablePush {
    /** What became of a push. */
    public enum Outcome { OK, GAVE_UP, STOPPED }

    private final QueenClient client;
    private final RunSignal signal;
    private final int attempts;
    private final CmCounters counters;

    public StablePush(QueenClient client, RunSignal signal, int attempts, CmCounters counters) {
        this.client = client;
        this.signal = signal;
        this.attempts = attempts;
        this.counters = counters;
    }

    public Outcome push(List<PushItem> items) {
        return push(items, attempts);
    }

    /** As {@link #push(List)} with an explicit attempt budget (the warm-up has its own outer loop). */
    public Outcome push(List<PushItem> items, int attempts) {
        long delay = 3;
        for (int i = 0; i < attempts; i++) {
            if (signal.isStopping()) return Outcome.STOPPED;
            if (i > 0) {
                counters.pushRetry.increment();
                if (signal.pause(delay)) return Outcome.STOPPED;
                delay = Math.min(1000, delay * 2);
            }
            try {
                PushResult r = client.push(items);
                if (r.durable() == r.size()) return Outcome.OK;
                counters.pushErrors.record("item_failed", "push: " + (r.size() - r.durable()) + " of " + r.size()
                        + " items not durable" + (r.firstError() == null ? "" : ": " + r.firstError()));
            } catch (QueenException e) {
                counters.pushErrors.record(e); // retried with the same ids
            }
        }
        return Outcome.GAVE_UP;
    }
}
