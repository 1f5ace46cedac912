package dev.goload.modes.order;

import dev.goload.client.ErrorKind;
import dev.goload.metrics.ErrorStats;

/**
 * How long {@code order} may drain. A pop whose answer was lost in flight (connection reset or closed, timeout, an
 * undecodable or unclassified answer — or a call the client retried, which the mode never sees) may have leased a
 * batch the loader never received: the broker hands those messages out again only after {@code leaseTime}. Once
 * that happened the cap is at least {@code leaseTime + 5 s}, so the gate does not call LOSS what the broker still
 * holds. An answered error ({@code http_*}) leased nothing and does not raise it. The drain still ends as soon as
 * every pushed sequence was delivered, so the raise costs a clean run nothing. Stateless.
 */
final class DrainCap {
    static final int LEASE_MARGIN_SEC = 5;

    private DrainCap() {}

    /** Counted pop failures that may have lost a leased answer, plus the client's own retries. */
    static long lostAnswers(ErrorStats popErrors, long clientRetries) {
        return popErrors.kind(ErrorKind.CONN.label()) + popErrors.kind(ErrorKind.TIMEOUT.label())
                + popErrors.kind(ErrorKind.DECODE.label())
                + popErrors.kind(ErrorKind.OTHER.label()) + clientRetries;
    }

    /** The cap in seconds: {@code -drain}, or at least {@code leaseTime + 5} once an answer may have been lost. */
    static int seconds(int drainSec, int leaseSec, long lostAnswers) {
        return lostAnswers > 0 ? Math.max(drainSec, leaseSec + LEASE_MARGIN_SEC) : drainSec;
    }
}
