package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.QueenException;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;

/**
 * Pops and acks in the common vocabulary of {@link RunCounters} (goload-behavior.md §2.1.1): {@code popCalls} per
 * answered pop, {@code emptyPops}, {@code popErr} with the pop error family by kind; {@code ackCalls} and
 * {@code ackMicros} per answered or failed ack call (the {@code ack} recorder for the answered ones), {@code acked} +=
 * successes, {@code ackErr} += the batch's messages not acked (a failed or unbuildable call: all of them), the ack
 * error family by kind. A mode with figures of its own wraps it (cloud's attempt counts and per-tenant acks).
 *
 * <p>Threading: adders and error families only.
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
        dev.goload.modes.Errors.record(c.popErrors, e);
    }

    @Override
    public void answered(int size, AckResult a, long micros) {
        timed(micros);
        r.ack.record(micros);
        c.acked.add(a.succeeded());
        // LongAdder.add(0) still CASes a shared cell, and nearly every ack answer acks its whole batch
        int notAcked = size - a.succeeded();
        if (notAcked != 0) c.ackErr.add(notAcked);
    }

    @Override
    public void failed(int size, QueenException e, long micros) {
        timed(micros);
        c.ackErr.add(size);
        dev.goload.modes.Errors.record(c.ackErrors, e);
    }

    /** Counted as kind {@code other}, as the reference's 400 would be; the consumer lives on. */
    @Override
    public void unbuildable(int size, RuntimeException e) {
        c.ackErr.add(size);
        c.ackErrors.record(ErrorKind.OTHER.label(), "ack: " + e.getMessage());
    }

    private void timed(long micros) {
        c.ackCalls.increment();
        c.ackMicros.add(micros);
    }
}
