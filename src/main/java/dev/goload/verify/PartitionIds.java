package dev.goload.verify;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The broker's partition ids of one queue, learned from deliveries (each popped message carries its
 * {@code partitionId}): the message look-up API addresses a message by partition id, not by name. Bounded by the
 * queue's partition count.
 *
 * <p>Thread-safe; {@link #learn} is a map read once the partition is known (consumers call it per message).
 */
public final class PartitionIds {
    private final ConcurrentHashMap<String, String> byName = new ConcurrentHashMap<>();

    public void learn(String partition, String partitionId) {
        if (partition == null || partitionId == null || partitionId.isEmpty()) {
            return;
        }
        if (!byName.containsKey(partition)) {
            byName.putIfAbsent(partition, partitionId);
        }
    }

    /** The id of {@code partition}, or null when nothing of it was ever delivered. */
    public String idOf(String partition) {
        return byName.get(partition);
    }
}
