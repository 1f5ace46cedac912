package dev.goload.broker;

import java.util.function.Consumer;

/**
 * The retained messages of one partition: an array-backed ring addressed by absolute sequence number.
 * Messages enter at the tail and leave from the head once every consumer group has passed them.
 *
 * <p>Not thread-safe: guarded by the owning {@link PartitionState}'s lock.
 */
final class MessageRing {
    private StoredMessage[] items = new StoredMessage[16];
    private int head;
    private int size;
    /** Sequence number of the message at {@code head}. */
    private long baseSeq;

    long baseSeq() {
        return baseSeq;
    }

    /** Sequence number the next appended message gets. */
    long tailSeq() {
        return baseSeq + size;
    }

    void append(StoredMessage m) {
        if (size == items.length) {
            StoredMessage[] bigger = new StoredMessage[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = m;
        size++;
    }

    /** The message with this sequence number, or null if it was dropped or not pushed yet. */
    StoredMessage get(long seq) {
        long off = seq - baseSeq;
        if (off < 0 || off >= size) {
            return null;
        }
        return items[(head + (int) off) & (items.length - 1)];
    }

    /**
     * Drops messages from the head while their seq is below {@code seq} and they were pushed at or before
     * {@code pushedAtOrBefore}, handing each to {@code dropped}.
     */
    void dropBelow(long seq, long pushedAtOrBefore, Consumer<StoredMessage> dropped) {
        while (size > 0 && baseSeq < seq) {
            StoredMessage m = items[head];
            if (m.pushedAtMillis() > pushedAtOrBefore) {
                return;
            }
            items[head] = null;
            head = (head + 1) & (items.length - 1);
            size--;
            baseSeq++;
            dropped.accept(m);
        }
    }

    int size() {
        return size;
    }
}
