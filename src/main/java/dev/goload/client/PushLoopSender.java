package dev.goload.client;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * The sender's side of a {@link PushLoop}: on the pacer's thread, at the launch instant, it takes the
 * most recently used idle socket and writes the request non-blocking right there; it never reads and never waits for
 * an answer. What it cannot finish (no idle socket: a dial; a partial write; a write that failed; a socket past its
 * idle timeout) it hands to the reader through a queue and one {@code selector.wakeup()}: rare, so the steady state
 * has no hand-off and no wake-up per request.
 *
 * <p>Threading: {@link #push} on the sender thread only; {@link #drain} on the reader thread; {@link #readerDied}
 * once, by the dying reader.
 */
final class PushLoopSender<T> {
    private final PushLoopExchanges<T> exchanges;
    private final PushLoopOutcomes<T> outcomes;
    private final PushLoopRequests requests;
    private final ClientStats stats;
    private final ConcurrentLinkedQueue<Consumer<PushLoopExchanges<T>>> handOffs = new ConcurrentLinkedQueue<>();
    private final PushLoopConnection[] expired = new PushLoopConnection[1];
    private volatile Throwable readerDeath;

    PushLoopSender(PushLoopExchanges<T> exchanges, PushLoopOutcomes<T> outcomes, PushLoopRequests requests,
                   ClientStats stats) {
        this.exchanges = exchanges;
        this.outcomes = outcomes;
        this.requests = requests;
        this.stats = stats;
    }

    /** Sends {@code copies} copies of {@code payload}, each with a fresh UUIDv7. */
    void push(String queue, String partition, byte[] payload, int copies, T tag) {
        TransactionIds ids = TransactionIds.generate(copies);
        send(copies == 0 ? null : PushBody.uniformGenerated(queue, partition, payload, ids), ids, tag);
    }

    /** Sends {@code items}, each with its transaction id (a fresh UUIDv7 where it has none). */
    void push(List<PushItem> items, T tag) {
        String[] strings = QueenClient.transactionIds(items);
        TransactionIds ids = TransactionIds.of(strings);
        send(strings.length == 0 ? null : PushBody.of(items, strings), ids, tag);
    }

    /** Sends {@code body} (null: no item, answered at once without a request). */
    private void send(PushBody body, TransactionIds ids, T tag) {
        if (!outcomes.sending(tag)) return;
        if (body == null) {
            outcomes.answered(tag, PushResult.of(0, new ItemStatus[0], ids, null));
            return;
        }
        stats.request();
        long now = System.nanoTime();
        var ex = new PushLoopExchange<>(tag, body, ids, now + exchanges.timeoutNanos());
        PushLoopConnection c = takeIdle(ex, now);
        ex.conn = c;
        exchanges.inFlight.add(ex); // the reader's deadlines and cuts see it from now on
        Throwable death = readerDeath; // read after the add: a dying reader either drains ex or is seen here
        if (death != null) {
            outcomes.failed(ex, PushLoopOutcomes.internal("the loop thread died", death));
            return;
        }
        if (c == null) {
            handOff(x -> x.start(ex, false));
            return;
        }
        try {
            if (!c.write(requests.encode(ex.body))) handOff(x -> x.writeRest(c));
        } catch (IOException e) {
            handOff(x -> x.broken(c, e));
        }
    }

    private PushLoopConnection takeIdle(PushLoopExchange<T> ex, long now) {
        for (;;) {
            PushLoopConnection c = exchanges.idle.take(ex, now, expired);
            if (c != null || expired[0] == null) return c;
            PushLoopConnection old = expired[0];
            expired[0] = null;
            handOff(x -> x.closeExpired(old));
        }
    }

    /** Runs {@code work} on the reader, woken for it. */
    void handOff(Consumer<PushLoopExchanges<T>> work) {
        handOffs.add(work);
        exchanges.selector.wakeup();
    }

    /** Reader: runs what the sender handed over. */
    void drain() {
        for (Consumer<PushLoopExchanges<T>> w; (w = handOffs.poll()) != null; ) w.accept(exchanges);
    }

    boolean idle() {
        return handOffs.isEmpty();
    }

    /** The reader died: later pushes fail at once instead of waiting for an answer nobody reads. */
    void readerDied(Throwable cause) {
        readerDeath = cause;
    }
}
