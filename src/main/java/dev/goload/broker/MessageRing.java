package dev.goload.broker;

import java.util.function.Consumer;

/**
 * The retained messages of one partition: an array-backed ring addressed by absolute sequence number.
 * Messages enter at the tail and leave from the head once every consumer group has passed them.
 *
 * <p>Alongside each message the ring keeps two bit masks over the partition's consumer groups (bit
 * {@link GroupCursor#bit}): delivered to the group at least once, and acked by it — the state the message
 * look-up answers with. Sixteen bytes per retained message, dropped with it.
 *
 * <p>Not thread-safe: guarded by the owning {@link PartitionState}'s lock.
 */
final class MessageRing {
    private StoredMessage[] items = new StoredMessage[16];
    private long[] delivered = new long[16];
    private long[] acked = new long[16];
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
            long[] biggerDelivered = new long[bigger.length];
            long[] biggerAcked = new long[bigger.length];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (items.length - 1);
                bigger[i] = items[from];
                biggerDelivered[i] = delivered[from];
                biggerAcked[i] = acked[from];
            }
            items = bigger;
            delivered = biggerDelivered;
            acked = biggerAcked;
            head = 0;
        }
        int slot = (head + size) & (items.length - 1);
        items[slot] = m;
        delivered[slot] = 0;
        acked[slot] = 0;
        size++;
    }

    /** Marks {@code seq} delivered to the group with bit mask {@code groupBit} (0 = untracked group). */
    void markDelivered(long seq, long groupBit) {
        int i = slot(seq);
        if (i >= 0) {
            delivered[i] |= groupBit;
        }
    }

    /** Marks {@code seq} acked by the group with bit mask {@code groupBit} (0 = untracked group). */
    void markAcked(long seq, long groupBit) {
        int i = slot(seq);
        if (i >= 0) {
            acked[i] |= groupBit;
        }
    }

    /** The groups {@code seq} was delivered to (bit mask), 0 when it is not retained. */
    long deliveredMask(long seq) {
        int i = slot(seq);
        return i < 0 ? 0 : delivered[i];
    }

    /** The groups that acked {@code seq} (bit mask), 0 when it is not retained. */
    long ackedMask(long seq) {
        int i = slot(seq);
        return i < 0 ? 0 : acked[i];
    }

    private int slot(long seq) {
        long off = seq - baseSeq;
        return off < 0 || off >= size ? -1 : (head + (int) off) & (items.length - 1);
    }

    /** The message with this sequence number, or null if it was dropped or not pushed yet. */
    StoredMessage get(long seq) {
        int i = slot(seq);
        return i < 0 ? null : items[i];
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
