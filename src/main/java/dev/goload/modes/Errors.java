package dev.goload.modes;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
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

    /** Records an ack call the broker answered with some of its {@code size} items not acked: one {@code item_failed}. */
    public static void ackItemsFailed(ErrorStats family, int size, AckResult a) {
        family.record(ErrorStats.ITEM_FAILED, "ack: " + (size - a.succeeded()) + " of " + size + " items failed"
                + (a.firstError() == null ? "" : ": " + a.firstError()));
    }

    /** Records an ack the client could not build (a message without its partition): kind {@code other}. */
    public static void ackUnbuildable(ErrorStats family, RuntimeException e) {
        family.record(ErrorKind.OTHER.label(), "ack: " + e.getMessage());
    }
}
