package dev.goload.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;

/**
 * The {@code POST /api/v1/ack/batch} body, streamed straight into the socket:
 * {@code {"acknowledgments":[{"transactionId":…,"partitionId":…[,"leaseId":…],"status":…[,"error":…]}…]
 * [,"consumerGroup":…]}} — the fields and order the Jackson generator wrote before, without its per-value
 * state checks (a fifth of a consumer's CPU at 500-message batches) and without building the body in memory.
 * Immutable, so a retry writes the same bytes.
 */
final class AckBatchBody extends RequestBody {
    private static final byte[] OPEN = JsonText.ascii("{\"acknowledgments\":[");
    private static final byte[] TXN = JsonText.ascii("{\"transactionId\":");
    private static final byte[] PARTITION = JsonText.ascii(",\"partitionId\":");
    private static final byte[] LEASE = JsonText.ascii(",\"leaseId\":");
    private static final byte[] STATUS = JsonText.ascii(",\"status\":");
    private static final byte[] ERROR = JsonText.ascii(",\"error\":");
    private static final byte[] GROUP = JsonText.ascii("],\"consumerGroup\":");

    /** Strings up to this long (every id) are checked by {@link JsonText#plainAscii(String, char[])}. */
    private static final int SCRATCH_CHARS = 64;
    /** Bytes of items assembled per sink write (half an okio segment: fewer writes, little more allocation). */
    private static final int CHUNK_BYTES = 4096;

    /** The acks as items, or null when built from {@link #messages}. */
    private final List<AckItem> items;
    /** The popped messages acked with {@link #status} and no error, or null when built from {@link #items}. */
    private final List<Message> messages;
    private final String status;
    private final String consumerGroup;
    private final long length;
    /**
     * Every string is plain ASCII needing no escaping (as the ids and statuses a consumer acks are): found while the
     * length is counted, so {@link #writeTo} does not look at each string a second time.
     */
    private final boolean plain;
    /** Bytes of the longest item, its leading comma included: the size of {@link #writeTo}'s one item buffer. */
    private final int longestItem;

    AckBatchBody(List<AckItem> items, String consumerGroup) {
        this(List.copyOf(items), null, null, consumerGroup, false);
    }

    /**
     * Acks {@code messages} with {@code status} and no error: the body {@link AckItem#completed} (or {@code failed}
     * without an error) items would make, without an item per message. Messages of a pop the scanner read
     * ({@link ScannedMessages}) have ids already known to be plain ASCII, which are not checked again.
     */
    static AckBatchBody of(List<Message> messages, String status, String consumerGroup) {
        boolean scanned = messages instanceof ScannedMessages;
        List<Message> ms = scanned ? messages : List.copyOf(messages);
        for (Message m : ms) AckItem.requireIds(m.transactionId(), m.partitionId());
        return new AckBatchBody(null, ms, Objects.requireNonNull(status, "status"), consumerGroup, scanned);
    }

    private AckBatchBody(List<AckItem> items, List<Message> messages, String status, String consumerGroup,
                         boolean idsPlain) {
        this.items = items;
        this.messages = messages;
        this.status = status;
        this.consumerGroup = consumerGroup != null && !consumerGroup.isEmpty() ? consumerGroup : null;
        int size = size();
        long len = OPEN.length + Math.max(0, size - 1) + 2; // commas, "]}" or "]" + "}"
        boolean allPlain = idsPlain ? JsonText.plainAscii(status) : checkPlain();
        long longest = 0;
        Item it = new Item();
        for (int i = 0; i < size; i++) {
            it.at(i);
            long item = fixedLength(it.lease, it.error) + quotedLengths(it, allPlain);
            len += item;
            longest = Math.max(longest, item + 1);
        }
        if (this.consumerGroup != null) len += GROUP.length - 1 + JsonText.quotedLength(this.consumerGroup);
        this.length = len;
        this.plain = allPlain;
        this.longestItem = (int) Math.min(longest, Integer.MAX_VALUE);
    }

    private int size() {
        return items != null ? items.size() : messages.size();
    }

    /**
     * One item's strings, read from {@link #items} or {@link #messages} once per item (one cursor per pass over the
     * body, not a list lookup per string).
     */
    private final class Item {
        String txn;
        String partition;
        /** The lease id sent, null for none ({@link AckItem#sentLeaseId}). */
        String lease;
        String status;
        String error;

        Item at(int i) {
            if (items != null) {
                AckItem a = items.get(i);
                txn = a.transactionId();
                partition = a.partitionId();
                lease = a.sentLeaseId();
                status = a.status();
                error = a.error();
            } else {
                Message m = messages.get(i);
                txn = m.transactionId();
                partition = m.partitionId();
                lease = AckItem.sent(m.leaseId());
                status = AckBatchBody.this.status;
                error = null;
            }
            return this;
        }
    }

    /** The bytes of an item besides its strings: field names, quotes' neighbours, the closing brace. */
    private static long fixedLength(String lease, String error) {
        return TXN.length + PARTITION.length + STATUS.length + 1
                + (lease != null ? LEASE.length : 0) + (error != null ? ERROR.length : 0);
    }

    /**
     * True when every string sent is {@link JsonText#plainAscii}; a string that is the very instance the previous
     * item sent (a batch's partition, lease and status, which the pop decoder shares) is not looked at again.
     */
    private boolean checkPlain() {
        char[] scratch = new char[SCRATCH_CHARS];
        String prevPartition = null;
        String prevStatus = null;
        String prevLease = null;
        Item it = new Item();
        for (int i = 0; i < size(); i++) {
            it.at(i);
            String partition = it.partition;
            String st = it.status;
            String lease = it.lease;
            String error = it.error;
            boolean ok = JsonText.plainAscii(it.txn, scratch)
                    && (i > 0 && partition == prevPartition || JsonText.plainAscii(partition, scratch))
                    && (i > 0 && st == prevStatus || JsonText.plainAscii(st, scratch))
                    && (lease == null || i > 0 && lease == prevLease || JsonText.plainAscii(lease, scratch))
                    && (error == null || JsonText.plainAscii(error, scratch));
            if (!ok) return false;
            prevPartition = partition;
            prevStatus = st;
            prevLease = lease;
        }
        return true;
    }

    /** Bytes of the quoted strings item {@code it} sends; {@code plain}: known to need no escaping (no second look). */
    private static long quotedLengths(Item it, boolean plain) {
        return quoted(it.txn, plain) + quoted(it.partition, plain) + quoted(it.status, plain)
                + quoted(it.lease, plain) + quoted(it.error, plain);
    }

    private static long quoted(String s, boolean plain) {
        return s == null ? 0 : plain ? s.length() + 2 : JsonText.quotedLength(s);
    }

    @Override
    public MediaType contentType() {
        return JsonText.MEDIA_TYPE;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        sink.write(OPEN);
        writeItems(sink);
        if (consumerGroup != null) {
            sink.write(GROUP);
            JsonText.writeQuoted(sink, consumerGroup);
            sink.writeByte('}');
        } else {
            sink.writeByte(']');
            sink.writeByte('}');
        }
    }

    /**
     * The items assembled in one buffer (plain ASCII strings copied as bytes, not re-encoded char by char) and written
     * a chunk of items per sink write instead of about a dozen writes per item — the writes were a fifth of a
     * consumer's CPU. A string needing escapes (only when not every string is {@link #plain}) is escaped into it.
     */
    private void writeItems(BufferedSink sink) throws IOException {
        byte[] buf = new byte[(int) Math.max(longestItem, Math.min(CHUNK_BYTES, (long) longestItem * size()))];
        int n = 0;
        Item it = new Item();
        for (int i = 0; i < size(); i++) {
            if (n + longestItem > buf.length) { // the next item might not fit: write what is assembled
                sink.write(buf, 0, n);
                n = 0;
            }
            it.at(i);
            if (i > 0) buf[n++] = ',';
            n = put(buf, n, TXN);
            n = quoted(buf, n, it.txn);
            n = put(buf, n, PARTITION);
            n = quoted(buf, n, it.partition);
            String lease = it.lease;
            if (lease != null) {
                n = put(buf, n, LEASE);
                n = quoted(buf, n, lease);
            }
            n = put(buf, n, STATUS);
            n = quoted(buf, n, it.status);
            String error = it.error;
            if (error != null) {
                n = put(buf, n, ERROR);
                n = quoted(buf, n, error);
            }
            buf[n++] = '}';
        }
        sink.write(buf, 0, n);
    }

    private static int put(byte[] buf, int at, byte[] b) {
        System.arraycopy(b, 0, buf, at, b.length);
        return at + b.length;
    }

    /** {@code s} as a quoted JSON string at {@code at} (escaped unless it is plain ASCII); the index after it. */
    private int quoted(byte[] buf, int at, String s) {
        if (!plain && !JsonText.plainAscii(s)) {
            byte[] q = JsonText.quote(s).getBytes(StandardCharsets.UTF_8);
            return put(buf, at, q);
        }
        buf[at++] = '"';
        at = JsonText.copyAscii(s, buf, at);
        buf[at++] = '"';
        return at;
    }
}
