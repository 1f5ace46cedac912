package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.QueenException;

/**
 * Where a mode counts its acks ({@link Acks} is the one ack path; the counters and their names stay the mode's).
 * Every outcome of an ack call reaches exactly one method, except a call failure after the cut-off.
 *
 * <p>Threading: called from consumer and async-ack threads at once.
 */
public interface AckTally {
    /** Before each call. */
    default void ackAttempt() {
    }

    /** The broker answered; {@code size - r.succeeded()} of the batch were not acked. */
    void answered(int size, AckResult r, long micros);

    /** The call failed (not cut off at shutdown): the whole batch counts as not acked. */
    void failed(int size, QueenException e, long micros);

    /**
     * The client could not even build the ack (a message without {@code partitionId}): counted as kind
     * {@code other}, as the reference's 400 would be; the consumer lives on.
     */
    void unbuildable(int size, RuntimeException e);
}
