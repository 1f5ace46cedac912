package dev.goload.config;

/**
 * A {@code -mode order} run (goload-behavior.md §2.5). Immutable.
 *
 * @param target "proxy" or anything else (plain broker), as given
 * @param out    artifact directory for {@code <run-id>.json}, "" = none
 */
public record OrderConfig(String target, String url, String queue, String group, int partitions, int messages,
                          int consumers, int popBatch, int popPartitions, int popTimeoutMs, int leaseTime,
                          int minPopWait, int drainSec, String out, String runId, String note) {
    public OrderConfig {
        if (messages <= 0) throw new IllegalArgumentException("-messages must be > 0");
        if (consumers <= 0) throw new IllegalArgumentException("-consumers must be > 0");
        if (popBatch <= 0) throw new IllegalArgumentException("-pop-batch must be > 0");
        if (drainSec < 0) throw new IllegalArgumentException("-drain must be >= 0");
    }

    /** The partition of sequence {@code s}: {@code p<s mod partitions>}, or {@code Default} when partitions ≤ 1. */
    public String partitionOf(long s) {
        return partitions <= 1 ? "Default" : "p" + (s % partitions);
    }
}
