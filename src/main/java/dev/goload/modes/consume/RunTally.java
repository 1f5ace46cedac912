package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.QueenException;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.Errors;

/**
 * Pops and acks in the common vocabulary of {@link RunCounters} (goload-behavior.md §2.1.1, docs/run-record.md), one
 * count per call:
 * <ul>
 *   <li>pops: {@code popCalls} per answer ({@code emptyPops} among them), {@code popErr} and the pop family by kind
 *       per failure, {@code popCanceledCalls} and the family's {@code canceled} per cancelled call;</li>
 *   <li>acks: {@code ackCalls} and {@code ackMicros} per call whatever its outcome; an answer is timed in the
 *       {@code ack} recorder, adds its successes to {@code acked} and the rest to {@code ackErr} (then it is also an
 *       {@code item_failed} ack error); a failed or unbuildable call adds its whole batch to {@code ackErr} and its
 *       kind to the ack family; a cancelled one counts {@code ackCanceledCalls} and the family's {@code canceled},
 *       never {@code ackErr}.</li>
 * </ul>
 * So {@code errors.ack.total} is the calls that left a message not acked, and {@code ackCalls} = the {@code ack}
 * recorder's count + the failed calls + {@code ackCanceledCalls}. A mode with figures of its own wraps it (cloud's
 * attempt counts and per-tenant acks, cm's per-stage ackErr).
 *
 * <p>Threading: adders, recorders and error families only.
 */
public record RunTally(RunCounters c, RunRecorders r) implements PopTally, AckTally {
    @Override
    public void answered() {
        c.popCalls.increment();
    }

    @Override
    public void empty() {
        c.emptyPops.increment();
    }

    @Override
    public void failed(QueenException e) {
        c.popErr.increment();
        Errors.record(c.popErrors, e);
    }

    @Override
    public void canceled() {
        c.popErrors.canceled();
    }

    @Override
    public void answered(int size, AckResult a, long micros) {
        timed(micros);
        r.ack.record(micros);
        c.acked.add(a.succeeded());
        // LongAdder.add(0) still CASes a shared cell, and nearly every ack answer acks its whole batch
        int notAcked = size - a.succeeded();
        if (notAcked != 0) {
            c.ackErr.add(notAcked);
            Errors.ackItemsFailed(c.ackErrors, size, a);
        }
    }

    @Override
    public void failed(int size, QueenException e, long micros) {
        timed(micros);
        c.ackErr.add(size);
        Errors.record(c.ackErrors, e);
    }

    @Override
    public void canceled(int size, long micros) {
        timed(micros);
        c.ackErrors.canceled();
    }

    /** Counted as a call failed with kind {@code other}, as the reference's 400 would be; the consumer lives on. */
    @Override
    public void unbuildable(int size, RuntimeException e) {
        timed(0);
        c.ackErr.add(size);
        Errors.ackUnbuildable(c.ackErrors, e);
    }

    private void timed(long micros) {
        c.ackCalls.increment();
        if (micros != 0) c.ackMicros.add(micros);
    }
}
