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

    private final List<AckItem> items;
    private final String consumerGroup;
    private final long length;
    /**
     * Every string is plain ASCII needing no escaping (as the ids and statuses a consumer acks are): found while the
     * length is counted, so {@link #writeTo} does not look at each string a second time.
     */
    private final boolean plain;

    AckBatchBody(List<AckItem> items, String consumerGroup) {
        this.items = List.copyOf(items);
        this.consumerGroup = consumerGroup != null && !consumerGroup.isEmpty() ? consumerGroup : null;
        long len = OPEN.length + Math.max(0, this.items.size() - 1) + 2; // commas, "]}" or "]" + "}"
        boolean allPlain = true;
        for (AckItem a : this.items) {
            len += TXN.length + PARTITION.length + STATUS.length + 1
                    + (a.sentLeaseId() != null ? LEASE.length : 0) + (a.error() != null ? ERROR.length : 0);
            allPlain = allPlain && plain(a);
        }
        for (AckItem a : this.items) len += quotedLengths(a, allPlain);
        if (this.consumerGroup != null) len += GROUP.length - 1 + JsonText.quotedLength(this.consumerGroup);
        this.length = len;
        this.plain = allPlain;
    }

    /** True when every string {@code a} sends is {@link JsonText#plainAscii}. */
    private static boolean plain(AckItem a) {
        String lease = a.sentLeaseId();
        return JsonText.plainAscii(a.transactionId()) && JsonText.plainAscii(a.partitionId())
                && JsonText.plainAscii(a.status()) && (lease == null || JsonText.plainAscii(lease))
                && (a.error() == null || JsonText.plainAscii(a.error()));
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
        for (int i = 0; i < items.size(); i++) {
            AckItem a = items.get(i);
            if (i > 0) sink.writeByte(',');
            sink.write(TXN);
            string(sink, a.transactionId());
            sink.write(PARTITION);
            string(sink, a.partitionId());
            String lease = a.sentLeaseId();
            if (lease != null) {
                sink.write(LEASE);
                string(sink, lease);
            }
            sink.write(STATUS);
            string(sink, a.status());
            if (a.error() != null) {
                sink.write(ERROR);
                string(sink, a.error());
            }
            sink.writeByte('}');
        }
        if (consumerGroup != null) {
            sink.write(GROUP);
            JsonText.writeQuoted(sink, consumerGroup);
            sink.writeByte('}');
        } else {
            sink.writeByte(']');
            sink.writeByte('}');
        }
    }

    private void string(BufferedSink sink, String s) throws IOException {
        if (plain) JsonText.writePlain(sink, s);
        else JsonText.writeQuoted(sink, s);
    }
}
