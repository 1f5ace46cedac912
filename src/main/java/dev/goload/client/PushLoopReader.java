package dev.goload.client;

import java.io.IOException;
import java.nio.channels.Selector;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The reader thread of a {@link PushLoop}: it blocks in {@code selector.select} with every connected
 * socket registered for reading, in flight or idle, so an answer wakes it at once whatever the sender is doing, with
 * no interest change and no wake-up per request. Each pass applies a cancel, fails the exchanges past their deadline
 * (millisecond timers: a deadline is seconds away), reads what arrived, then runs what the sender handed over.
 *
 * <p>It ends once the sender has ended, a stop was asked for and no exchange is left (or on a close: every exchange
 * cut, every socket closed). If it dies anyway, every exchange not reported yet is failed
 * ({@link ErrorKind#OTHER}) and later pushes fail at once, so the run's counters stay whole.
 */
final class PushLoopReader<T> implements Runnable {
    private final PushLoopExchanges<T> exchanges;
    private final PushLoopSender<T> sender;
    private final Selector selector;
    private final AtomicInteger cancels;
    /** The sender ended and a stop (not only the schedule's end) was asked for: drain and end. */
    private final BooleanSupplier drainAndEnd;
    private final BooleanSupplier closeRequested;
    private int cancelsSeen;

    PushLoopReader(PushLoopExchanges<T> exchanges, PushLoopSender<T> sender, AtomicInteger cancels,
                   BooleanSupplier drainAndEnd, BooleanSupplier closeRequested) {
        this.exchanges = exchanges;
        this.sender = sender;
        this.selector = exchanges.selector;
        this.cancels = cancels;
        this.drainAndEnd = drainAndEnd;
        this.closeRequested = closeRequested;
    }

    @Override
    public void run() {
        try {
            selector.selectNow(exchanges::onKey); // sockets dialled ahead that the peer closed since: not sent on
            while (!closeRequested.getAsBoolean()) {
                boolean ending = drainAndEnd.getAsBoolean(); // read before the checks: pushes before it are visible
                int c = cancels.get();
                if (c != cancelsSeen) {
                    cancelsSeen = c;
                    exchanges.cutInFlight();
                }
                PushLoopExchange<T> head = exchanges.expire(System.nanoTime());
                if (ending && head == null && sender.idle()) return;
                long timeoutMs = 0; // none in flight: wait for an answer, a hand-off or a wake-up
                if (head != null) timeoutMs = Math.max(1, (head.deadlineNanos - System.nanoTime() + 999_999) / 1_000_000);
                // a wake-up is consumed by any select (the first selectNow too): never block with a hand-off queued
                if (sender.idle()) selector.select(exchanges::onKey, timeoutMs);
                else selector.selectNow(exchanges::onKey);
                // after the answers: a reader that fell behind frees its sockets first, so what the sender handed
                // over (no idle socket then) reuses them instead of dialling one each
                sender.drain();
            }
            exchanges.closing = true;
            sender.drain();
            exchanges.cutInFlight();
            exchanges.closeSockets();
        } catch (IOException | RuntimeException | Error e) {
            // not rethrown: the engine never prints; each exchange failed carries the cause in its message
            fail(e);
        }
    }

    private void fail(Throwable cause) {
        sender.readerDied(cause); // first: a push after this fails itself, one before it is drained below
        exchanges.failAll(cause);
        exchanges.closeSockets();
    }
}
