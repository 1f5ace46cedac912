package dev.goload.modes;

import dev.goload.client.ErrorKind;
import dev.goload.client.PushResult;
import dev.goload.client.QueenException;

/**
 * How one push request ended, as {@link PushSender} counted it: the broker's answer ({@code result}), or the call's
 * failure ({@code error}). A mode acts on it (cloud's ledger, app's manifest and sequence rollback, cm's retry with
 * stable ids, order's {@code push %d: %v} line) and never counts it again.
 *
 * @param canceledAtStop the call was cut off by the run's shutdown before any answer (counted as
 *                       {@code pushCanceledReq}: neither achieved nor failed)
 */
public record PushOutcome(PushResult result, QueenException error, boolean canceledAtStop) {

    /** Every item was accepted (queued, duplicate or buffered). */
    public boolean achieved() {
        return result != null && result.failed() + result.unknown() == 0;
    }

    /** Null when achieved; {@link ErrorKind#OTHER} for items a 2xx answered {@code failed}; else the call's kind. */
    public ErrorKind failureKind() {
        if (achieved()) return null;
        return error != null ? QueenException.classify(error) : ErrorKind.OTHER;
    }

    /**
     * The call failed without a definite answer, so the broker may have committed the items (everything but a 4xx:
     * a timeout, a cut connection, a cancel, a 5xx after the commit, an undecodable answer). Item-level failures are
     * definite (see {@link PushResult#statuses()}).
     */
    public boolean ambiguous() {
        if (error == null) return false;
        return switch (QueenException.classify(error)) {
            case HTTP_429, HTTP_403, HTTP_4XX -> false;
            default -> true;
        };
    }
}
