package dev.goload.broker;

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
 * <p>Thread-safe ({@link EveryNth}).
 */
public final class BrokerFaults {
    private final EveryNth skip = new EveryNth();
    private final EveryNth drop = new EveryNth();

    /** Skips every {@code n}-th first delivery; 0 turns it off. */
    public BrokerFaults skipDeliveryEvery(int n) {
        skip.set(n);
        return this;
    }

    /** Drops every {@code n}-th pushed item before storing it (answered as queued); 0 turns it off. */
    public BrokerFaults dropPushEvery(int n) {
        drop.set(n);
        return this;
    }

    /** Messages the skip switch made the cursor pass without delivering them. */
    public long skipped() {
        return skip.fired();
    }

    /** Pushed items the drop switch answered as queued without storing them. */
    public long dropped() {
        return drop.fired();
    }

    /** Called once per first delivery of a message to a group: whether to skip it. */
    boolean skipThisDelivery() {
        return skip.fires();
    }

    /** Called once per pushed item about to be stored: whether to drop it. */
    boolean dropThisPush() {
        return drop.fires();
    }
}
