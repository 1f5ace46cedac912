package dev.goload.client;

import java.io.IOException;
import java.util.List;
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

    private final List<AckItem> items;
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
        this.items = List.copyOf(items);
        this.consumerGroup = consumerGroup != null && !consumerGroup.isEmpty() ? consumerGroup : null;
        long len = OPEN.length + Math.max(0, this.items.size() - 1) + 2; // commas, "]}" or "]" + "}"
        boolean allPlain = true;
        AckItem prev = null;
        char[] scratch = new char[SCRATCH_CHARS];
        for (AckItem a : this.items) {
            len += fixedLength(a);
            allPlain = allPlain && plain(a, prev, scratch);
            prev = a;
        }
        long longest = 0;
        for (AckItem a : this.items) {
            long q = quotedLengths(a, allPlain);
            len += q;
            longest = Math.max(longest, fixedLength(a) + q + 1);
        }
        if (this.consumerGroup != null) len += GROUP.length - 1 + JsonText.quotedLength(this.consumerGroup);
        this.length = len;
        this.plain = allPlain;
        this.longestItem = (int) Math.min(longest, Integer.MAX_VALUE);
    }

    /** The bytes of {@code a}'s item besides its strings: field names, quotes' neighbours, the closing brace. */
    private static long fixedLength(AckItem a) {
        return TXN.length + PARTITION.length + STATUS.length + 1
                + (a.sentLeaseId() != null ? LEASE.length : 0) + (a.error() != null ? ERROR.length : 0);
    }

    /**
     * True when every string {@code a} sends is {@link JsonText#plainAscii}; a string that is the very instance the
     * previous item sent (a batch's partition, lease and status, which the pop decoder shares) is not looked at again.
     */
    private static boolean plain(AckItem a, AckItem prev, char[] scratch) {
        String lease = a.sentLeaseId();
        return JsonText.plainAscii(a.transactionId(), scratch)
                && (prev != null && a.partitionId() == prev.partitionId() || JsonText.plainAscii(a.partitionId(), scratch))
                && (prev != null && a.status() == prev.status() || JsonText.plainAscii(a.status(), scratch))
                && (lease == null || prev != null && lease == prev.sentLeaseId() || JsonText.plainAscii(lease, scratch))
                && (a.error() == null || JsonText.plainAscii(a.error(), scratch));
    }

    /** Bytes of the quoted strings {@code a} sends; {@code plain}: known to need no escaping (no second look). */
    private static long quotedLengths(AckItem a, boolean plain) {
        return quoted(a.transactionId(), plain) + quoted(a.partitionId(), plain) + quoted(a.status(), plain)
                + quoted(a.sentLeaseId(), plain) + quoted(a.error(), plain);
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
        if (plain) writePlainItems(sink);
        else writeItems(sink);
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
     * Every string plain ASCII: the items assembled in one buffer (their strings copied as bytes, not re-encoded char
     * by char) and written a chunk of items per sink write instead of about a dozen writes per item — the writes were
     * a fifth of a consumer's CPU.
     */
    private void writePlainItems(BufferedSink sink) throws IOException {
        byte[] buf = new byte[(int) Math.max(longestItem, Math.min(CHUNK_BYTES, (long) longestItem * items.size()))];
        int n = 0;
        for (int i = 0; i < items.size(); i++) {
            if (n + longestItem > buf.length) { // the next item might not fit: write what is assembled
                sink.write(buf, 0, n);
                n = 0;
            }
            AckItem a = items.get(i);
            if (i > 0) buf[n++] = ',';
            n = put(buf, n, TXN);
            n = quoted(buf, n, a.transactionId());
            n = put(buf, n, PARTITION);
            n = quoted(buf, n, a.partitionId());
            String lease = a.sentLeaseId();
            if (lease != null) {
                n = put(buf, n, LEASE);
                n = quoted(buf, n, lease);
            }
            n = put(buf, n, STATUS);
            n = quoted(buf, n, a.status());
            if (a.error() != null) {
                n = put(buf, n, ERROR);
                n = quoted(buf, n, a.error());
            }
            buf[n++] = '}';
        }
        sink.write(buf, 0, n);
    }

    private static int put(byte[] buf, int at, byte[] b) {
        System.arraycopy(b, 0, buf, at, b.length);
        return at + b.length;
    }

    /** {@code s}, known to be plain ASCII, between quotes at {@code at}; the index after it. */
    private static int quoted(byte[] buf, int at, String s) {
        buf[at++] = '"';
        at = JsonText.copyAscii(s, buf, at);
        buf[at++] = '"';
        return at;
    }

    private void writeItems(BufferedSink sink) throws IOException {
        for (int i = 0; i < items.size(); i++) {
            AckItem a = items.get(i);
            if (i > 0) sink.writeByte(',');
            sink.write(TXN);
            JsonText.writeQuoted(sink, a.transactionId());
            sink.write(PARTITION);
            JsonText.writeQuoted(sink, a.partitionId());
            String lease = a.sentLeaseId();
            if (lease != null) {
                sink.write(LEASE);
                JsonText.writeQuoted(sink, lease);
            }
            sink.write(STATUS);
            JsonText.writeQuoted(sink, a.status());
            if (a.error() != null) {
                sink.write(ERROR);
                JsonText.writeQuoted(sink, a.error());
            }
            sink.writeByte('}');
        }
    }
}
