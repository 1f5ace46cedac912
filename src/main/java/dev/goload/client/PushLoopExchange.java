package dev.goload.client;

/**
 * One push request of a {@link PushLoop} from its submission to its outcome: its body (immutable, so a stale
 * socket's resend sends the same bytes, same transaction ids), its deadline and the connection carrying it.
 *
 * <p>Not thread-safe: owned by the loop thread.
 */
final class PushLoopExchange<T> {
    final T tag;
    final PushBody body;
    final TransactionIds ids;
    /** {@link System#nanoTime()} past which the request fails with {@link ErrorKind#TIMEOUT}. */
    final long deadlineNanos;
    /** The connection carrying it, or null while it waits for a dial slot. */
    PushLoopConnection conn;
    /** Sent once more on a fresh socket after its reused one turned out stale (never twice). */
    boolean resent;
    /** Answered or failed: the listener has been told. */
    boolean finished;

    PushLoopExchange(T tag, PushBody body, TransactionIds ids, long deadlineNanos) {
        this.tag = tag;
        this.body = body;
        this.ids = ids;
        this.deadlineNanos = deadlineNanos;
    }
}
