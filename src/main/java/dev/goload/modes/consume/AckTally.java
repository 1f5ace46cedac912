package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.QueenException;

/**
 * Where a mode counts its acks ({@link Acks} is the one ack path; the counters and their names stay the mode's).
 * Every ack call reaches exactly one method after {@link #ackAttempt}.
 *
 * <p>Threading: called from consumer and async-ack threads at once.
 */
public interface AckTally {
    /** Before each call. */
    default void ackAttempt() {
    }

    /** The broker answered; {@code size - r.succeeded()} of the batch were not acked. */
    void answered(int size, AckResult r, long micros);

    /** The call failed (a broker error, never a cancellation): the whole batch counts as not acked. */
    void failed(int size, QueenException e, long micros);

    /**
     * The call was cancelled by the run's stop, or failed after its cut-off: neither acked nor an error (the
     * batch's leases expire after the run).
     */
    void canceled(int size, long micros);

    /**
     * The client could not even build the ack (a message without {@code partitionId}): counted as kind
     * {@code other}, as the reference's 400 would be; the consumer lives on.
     */
    void unbuildable(int size, RuntimeException e);
}
