package dev.goload.client;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The messages of a pop answer {@link PopScanner} read: an unmodifiable list whose type says that every id in it
 * (transaction, partition, lease) is plain ASCII needing no JSON escaping — the scanner declines any other string —
 * so an ack body built from it ({@link AckBatchBody#of}) does not check each id again.
 */
final class ScannedMessages extends AbstractList<Message> implements RandomAccess {
    private final List<Message> messages;

    /** {@code messages}: the scanner's own list, not changed afterwards. */
    ScannedMessages(List<Message> messages) {
        this.messages = messages;
    }

    @Override
    public Message get(int index) {
        return messages.get(index);
    }

    @Override
    public int size() {
        return messages.size();
    }
}
