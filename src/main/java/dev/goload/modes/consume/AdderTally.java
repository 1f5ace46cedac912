package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.QueenException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The plain counters of a mode without an error-kind vocabulary of its own (order, tenants, app): pops answered,
 * empty, failed; messages acked and not acked ({@code N − successes}, a failed call: all {@code N}). A null adder is
 * a figure the mode does not keep.
 *
 * <p>Threading: adders only.
 */
public record AdderTally(LongAdder answers, LongAdder empties, LongAdder popErrors, LongAdder ackedMsgs,
                         LongAdder notAcked)
        implements PopTally, AckTally {
    @Override
    public void answered() {
        add(answers, 1);
    }

    @Override
    public void empty() {
        add(empties, 1);
    }

    @Override
    public void failed(QueenException e) {
        add(popErrors, 1);
    }

    @Override
    public void answered(int size, AckResult r, long micros) {
        add(ackedMsgs, r.succeeded());
        add(notAcked, size - r.succeeded());
    }

    @Override
    public void failed(int size, QueenException e, long micros) {
        add(notAcked, size);
    }

    @Override
    public void unbuildable(int size, RuntimeException e) {
        add(notAcked, size);
    }

    /** Skips zeros too: LongAdder.add(0) still CASes a shared cell (an answered ack mostly leaves none unacked). */
    private static void add(LongAdder a, long n) {
        if (a != null && n != 0) a.add(n);
    }
}
