package dev.goload.modes;

import dev.goload.client.QueenException;
import dev.goload.metrics.ErrorStats;

/**
 * The adapter between the client's failures and the metrics' error families: {@code metrics} knows error kinds
 * as labels and nothing of the client, so engines record a {@link QueenException} through here.
 */
public final class Errors {
    private Errors() {}

    /** Records one failed call into {@code family}: its kind (classified), status, code, Retry-After, message. */
    public static void record(ErrorStats family, QueenException e) {
        family.record(QueenException.classify(e).label(), e.status(), e.codeKey(), e.retryAfterSeconds(),
                e.getMessage());
    }
}
