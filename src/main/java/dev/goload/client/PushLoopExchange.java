package dev.goload.client;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One push request of a {@link PushLoop} from its submission to its outcome: its body (immutable, so a stale
 * socket's resend sends the same bytes, same transaction ids), its deadline and the connection carrying it.
 *
 * <p>Thread-safety: created by the sender, which sets {@link #conn} before publishing it (the in-flight queue, the
 * connection's {@code exchange}); afterwards the reader's. {@link #finish} decides once which thread reports the
 * outcome (the reader, or whoever fails it after the reader died): the flag is the inherited {@link AtomicBoolean}.
 */
final class PushLoopExchange<T> extends AtomicBoolean {
    final T tag;
    final PushBody body;
    final TransactionIds ids;
    /** {@link System#nanoTime()} past which the request fails with {@link ErrorKind#TIMEOUT}. */
    final long deadlineNanos;
    /** The connection carrying it, or null while it waits for a dial slot. */
    volatile PushLoopConnection conn;
    /** Sent once more on a fresh socket after its reused one turned out stale (never twice); reader only. */
    boolean resent;

    PushLoopExchange(T tag, PushBody body, TransactionIds ids, long deadlineNanos) {
        this.tag = tag;
        this.body = body;
        this.ids = ids;
        this.deadlineNanos = deadlineNanos;
    }

    /** Claims the outcome: true for the one caller that reports it. */
    boolean finish() {
        return compareAndSet(false, true);
    }

    boolean finished() {
        return get();
    }
}
