package dev.goload.broker;

import java.util.BitSet;

/**
 * One consumer group's progress through one partition, and the partition-level lease it may hold
 * (Queen's {@code partition_consumers} row).
 *
 * <p>Invariants: every message below {@link #position} is consumed by this group. Messages in
 * {@code [position, pendingEnd)} were delivered at least once and are redelivered with {@link #retryCount}.
 * {@code acked} and {@code dead} are bit sets relative to {@code position}: already acked in the current
 * window, or moved to the dead-letter list.
 *
 * <p>Not thread-safe: guarded by the owning {@link PartitionState}'s lock. {@code position} and {@code lease} are
 * volatile only so a wildcard pop can skip idle partitions without taking their locks.
 */
final class GroupCursor {
    /** Groups beyond this many per partition are not tracked in the ring's delivered/acked masks. */
    static final int TRACKED_GROUPS = 64;

    final String group;
    /** This group's bit in the ring's delivered/acked masks; 0 for a group beyond {@link #TRACKED_GROUPS}. */
    final long bit;
    volatile long position;
    volatile Lease lease;
    long leaseEnd;
    long pendingEnd;
    int delivered;
    int resolved;
    int retryCount;
    String lastError;
    /** The lease a {@code failed} ack released last: further failed acks of that batch are already answered. */
    String failedLeaseId;
    private BitSet acked = new BitSet();
    private BitSet dead = new BitSet();

    /** @param index the order in which the partition saw this group (0, 1, …) */
    GroupCursor(String group, long position, int index) {
        this.group = group;
        this.bit = index < TRACKED_GROUPS ? 1L << index : 0;
        this.position = position;
        this.pendingEnd = position;
        this.leaseEnd = position;
    }

    boolean isResolved(long seq) {
        int i = (int) (seq - position);
        return acked.get(i) || dead.get(i);
    }

    void markAcked(long seq) {
        acked.set((int) (seq - position));
    }

    void markDead(long seq) {
        dead.set((int) (seq - position));
    }

    /** Forgets the acks of the current window: a failed ack redelivers the whole batch. Dead messages stay dead. */
    void clearAcks() {
        acked.clear();
    }

    /** Moves {@code position} forward, keeping the bit sets aligned; leaving the redelivery window resets retries. */
    void advanceTo(long newPosition) {
        int k = (int) (newPosition - position);
        if (k <= 0) {
            return;
        }
        acked = shift(acked, k);
        dead = shift(dead, k);
        position = newPosition;
        if (leaseEnd < newPosition) {
            leaseEnd = newPosition;
        }
        if (pendingEnd <= newPosition) {
            pendingEnd = newPosition;
            retryCount = 0;
            lastError = null;
        }
    }

    /** Skips messages at the head that are already resolved (acked without a lease, or dead-lettered). */
    void skipResolvedHead() {
        int i = 0;
        while (acked.get(i) || dead.get(i)) {
            i++;
        }
        if (i > 0) {
            advanceTo(position + i);
        }
    }

    /** Retry count reported for a delivery of {@code seq}: fresh messages past the redelivery window report 0. */
    int retryCountFor(long seq) {
        return seq < pendingEnd ? retryCount : 0;
    }

    private static BitSet shift(BitSet bits, int k) {
        if (bits.isEmpty()) {
            return bits;
        }
        int n = bits.length();
        return k >= n ? new BitSet() : bits.get(k, n);
    }
}
