package dev.goload.modes.order;

import dev.goload.modes.run.RunNote;

/** What an order run says besides its result; {@code report/OrderReport} renders each in the reference's bytes. */
public sealed interface OrderNote extends RunNote {
    /** Sequence {@code seq}'s push failed: {@code detail} is the error (the reference's {@code push %d: %v}). */
    record PushFailed(long seq, String detail) implements OrderNote {}

    /** The drain's cap was raised to {@code capSec} because {@code lostAnswers} pops may have lost a leased answer. */
    record DrainCapRaised(int drainSec, int leaseSec, int marginSec, int capSec, long lostAnswers)
            implements OrderNote {}
}
