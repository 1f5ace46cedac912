package dev.goload.client;

/**
 * Tells a {@link PushLoop.Listener} each exchange's outcome exactly once ({@link PushLoopExchange#finish}) and
 * keeps a listener's exception from killing the thread that told it: an exchange whose
 * {@code answered} (or {@code sending}) threw is reported {@code failed} with {@link ErrorKind#OTHER}, the kind the
 * blocking path gives an unexpected failure, so the run counts it and goes on. A {@code failed} that throws is
 * swallowed: nothing more can be told for that exchange, and the next ones must still be.
 *
 * <p>Thread-safe: the sender calls {@link #sending}, the reader (or a dying loop's cleanup) the others.
 */
final class PushLoopOutcomes<T> {
    private final PushLoop.Listener<T> listener;
    private final ClientStats stats;
    private final String errorPrefix;

    PushLoopOutcomes(PushLoop.Listener<T> listener, ClientStats stats, String errorPrefix) {
        this.listener = listener;
        this.stats = stats;
        this.errorPrefix = errorPrefix;
    }

    /** The request is about to be sent; false (already reported failed) when the listener threw. */
    boolean sending(T tag) {
        try {
            listener.sending(tag);
            return true;
        } catch (RuntimeException e) {
            failedNow(tag, internal("listener failed on sending", e));
            return false;
        }
    }

    /** The answer of an exchange not reported yet (no-op otherwise). */
    void answered(PushLoopExchange<T> ex, PushResult r) {
        if (ex.finish()) answered(ex.tag, r);
    }

    /** An answer without an exchange (an empty push). */
    void answered(T tag, PushResult r) {
        try {
            listener.answered(tag, r);
        } catch (RuntimeException e) {
            failedNow(tag, internal("listener failed on an answer", e));
        }
    }

    /** Reports {@code e} as the blocking client's one-attempt call would have thrown it (no-op once reported). */
    void failed(PushLoopExchange<T> ex, QueenException e) {
        if (ex.finish()) failedNow(ex.tag, e);
    }

    private void failedNow(T tag, QueenException e) {
        QueenException f = e.afterAttempts(1, false).wrap(errorPrefix);
        stats.failed(f);
        try {
            listener.failed(tag, f);
        } catch (RuntimeException ignored) {
            // the listener could not take this failure; the loop must still report the next ones
        }
    }

    /** An internal failure: {@link ErrorKind#OTHER}, with the cause. */
    static QueenException internal(String what, Throwable cause) {
        return QueenException.of(ErrorKind.OTHER, 0, "push loop: " + what + ": " + cause, cause);
    }
}
