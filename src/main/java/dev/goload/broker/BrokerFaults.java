package dev.goload.broker;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * TEST-ONLY switches that make the embedded broker lose messages the way a faulty broker would, so goload's loss
 * attribution can be proven to tell the two losses apart (docs/cloud.md, "Loss attribution"):
 * <ul>
 *   <li>{@link #skipDeliveryEvery(int)}: every n-th first delivery (counted across the broker) is not handed to
 *       the popper, yet the group's cursor passes it: the message stays stored, is never delivered, and a lookup
 *       shows it consumed by the group but never delivered — a broker that skipped a stored message;</li>
 *   <li>{@link #dropPushEvery(int)}: every n-th pushed item (counted across the broker) is answered
 *       {@code queued} but never stored — a message lost on push.</li>
 * </ul>
 * Both are off (0) unless a test turns them on; they are not reachable from the command line.
 *
 * <p>Thread-safe: the settings are volatile, the counters atomic.
 */
public final class BrokerFaults {
    private volatile int skipEvery;
    private volatile int dropEvery;
    private final AtomicLong firstDeliveries = new AtomicLong();
    private final AtomicLong pushedItems = new AtomicLong();
    private final LongAdder skipped = new LongAdder();
    private final LongAdder dropped = new LongAdder();

    /** Skips every {@code n}-th first delivery; 0 turns it off. */
    public BrokerFaults skipDeliveryEvery(int n) {
        if (n < 0) throw new IllegalArgumentException("n must be >= 0");
        skipEvery = n;
        return this;
    }

    /** Drops every {@code n}-th pushed item before storing it (answered as queued); 0 turns it off. */
    public BrokerFaults dropPushEvery(int n) {
        if (n < 0) throw new IllegalArgumentException("n must be >= 0");
        dropEvery = n;
        return this;
    }

    /** Messages the skip switch made the cursor pass without delivering them. */
    public long skipped() {
        return skipped.sum();
    }

    /** Pushed items the drop switch answered as queued without storing them. */
    public long dropped() {
        return dropped.sum();
    }

    /** Called once per first delivery of a message to a group: whether to skip it. */
    boolean skipThisDelivery() {
        int n = skipEvery;
        if (n <= 0 || firstDeliveries.incrementAndGet() % n != 0) {
            return false;
        }
        skipped.increment();
        return true;
    }

    /** Called once per pushed item about to be stored: whether to drop it. */
    boolean dropThisPush() {
        int n = dropEvery;
        if (n <= 0 || pushedItems.incrementAndGet() % n != 0) {
            return false;
        }
        dropped.increment();
        return true;
    }
}
