package dev.goload.broker;

import java.util.List;

/**
 * A retained message as the look-up route reports it: the message, its partition, and its state for every consumer
 * group the partition knows. Immutable snapshot taken under the partition lock.
 */
record MessageView(StoredMessage message, PartitionState partition, List<Group> groups) {

    /**
     * One group's view of the message.
     *
     * @param consumed             the group's cursor has passed it (acked, dead-lettered, or skipped)
     * @param delivered            handed to a popper of the group at least once; null = not tracked (group #65+)
     * @param acked                acked by the group (or delivered with autoAck); null = not tracked
     * @param leaseExpiresAtMillis expiry of the live lease covering it, -1 when none
     * @param retryCount           redeliveries so far (0 once consumed)
     */
    record Group(String name, boolean consumed, Boolean delivered, Boolean acked, long leaseExpiresAtMillis,
            int retryCount) {
    }

    /** Queue mode's reading (generation A): completed once every known group consumed it. */
    String status() {
        if (groups.isEmpty()) {
            return "pending";
        }
        for (Group g : groups) {
            if (!g.consumed()) {
                return "pending";
            }
        }
        return "completed";
    }
}
