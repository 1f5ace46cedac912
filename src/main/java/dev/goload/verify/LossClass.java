package dev.goload.verify;

/**
 * Where a message the verdict counts as missing was lost, as the broker's own record of it tells (docs/cloud.md,
 * "Loss attribution"). {@link #label()} is the key used on the console and in the records.
 */
public enum LossClass {
    /** The broker has no such message although it kept an earlier one of the same partition: lost on push. */
    NEVER_STORED("neverStored", "never stored (lost on push)"),
    /** Stored, and the consumer group's cursor passed it without delivering it: the broker skipped it. */
    SKIPPED("skipped", "stored, never delivered: the group's cursor passed it (broker skipped it)"),
    /** Stored, not yet delivered when the run ended: the drain was too short, not a loss by the broker. */
    PENDING("pending", "stored, still waiting for delivery when the run ended"),
    /** Delivered to the group (a lease was taken) but never acked: the delivery did not reach the loader. */
    UNACKED("unacked", "delivered, never acked"),
    /** Delivered and consumed per the broker: lost after the broker handed it out (misrouted, undecodable). */
    DELIVERED("delivered", "delivered and consumed per the broker: lost after delivery"),
    /** The broker cannot tell: API not served, lookup failed, or the message was consumed and removed. */
    NOT_CHECKABLE("notCheckable", "not checkable");

    private final String label;
    private final String meaning;

    LossClass(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() {
        return label;
    }

    public String meaning() {
        return meaning;
    }
}
