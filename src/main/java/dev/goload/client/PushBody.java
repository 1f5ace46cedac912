package dev.goload.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;

/**
 * The push request body, streamed straight into the socket (or the push loop's direct buffer):
 * {@code {"items":[{"queue":…,"partition":…,"payload":<verbatim>,"transactionId":"…"[,"traceId":"…"]}…]}}.
 *
 * <p>Nothing is serialised ahead of time: items sharing a queue and partition share one escaped prefix, payloads
 * are the callers' arrays, and ids are the callers' Strings or the generated ids' bytes ({@link TransactionIds}). Immutable, so
 * {@link #writeTo} can run again for a retry and sends the same bytes (same transaction ids).
 */
final class PushBody extends RequestBody {
    private static final byte[] OPEN = JsonText.ascii("{\"items\":[");
    private static final byte[] CLOSE = JsonText.ascii("]}");
    private static final byte[] TXN = JsonText.ascii(",\"transactionId\":");
    private static final byte[] TRACE = JsonText.ascii(",\"traceId\":");
    private static final byte[] COMMA = {','};
    private static final byte[] ITEM_END = {'}'};

    private final byte[][] prefixes;
    private final byte[][] payloads;
    /** The callers' ids, or null when {@link #idBytes} holds generated ones. */
    private final String[] ids;
    /** Generated ids, {@value TransactionIds#UUID_LENGTH} ASCII bytes each, or null. */
    private final byte[] idBytes;
    private final int count;
    private final String[] traceIds;
    private final long length;
    /** Every id is plain ASCII needing no escaping (always so for generated ids): written by a byte copy. */
    private final boolean plainIds;
    private final int maxIdLength;

    private PushBody(byte[][] prefixes, byte[][] payloads, String[] ids, String[] traceIds) {
        this.prefixes = prefixes;
        this.payloads = payloads;
        this.ids = ids;
        this.idBytes = null;
        this.count = ids.length;
        this.traceIds = traceIds;
        long len = OPEN.length + CLOSE.length + Math.max(0, ids.length - 1);
        boolean plain = true;
        int maxLen = 0;
        for (int i = 0; i < ids.length; i++) {
            boolean p = JsonText.plainAscii(ids[i]);
            plain &= p;
            maxLen = Math.max(maxLen, ids[i].length());
            long quoted = p ? ids[i].length() + 2 : JsonText.quotedLength(ids[i]);
            len += prefixes[i].length + payloads[i].length + TXN.length + quoted + 1;
            if (traceIds != null && traceIds[i] != null) len += TRACE.length + JsonText.quotedLength(traceIds[i]);
        }
        this.length = len;
        this.plainIds = plain;
        this.maxIdLength = maxLen;
    }

    /** One prefix and payload for every item, generated ids (plain ASCII by construction: nothing to check). */
    private PushBody(byte[] prefix, byte[] payload, TransactionIds ids) {
        this.count = ids.size();
        this.prefixes = new byte[][] {prefix};
        this.payloads = new byte[][] {payload};
        this.ids = null;
        this.idBytes = ids.generatedBytes();
        this.traceIds = null;
        int idLength = TransactionIds.UUID_LENGTH;
        this.length = OPEN.length + CLOSE.length + Math.max(0, count - 1)
                + (long) count * (prefix.length + payload.length + TXN.length + idLength + 2 + 1);
        this.plainIds = true;
        this.maxIdLength = idLength;
    }

    /**
     * {@code ids.size()} items of one queue/partition sharing one payload, each with its own id the client generated
     * ({@link TransactionIds#generate}), copied into the body as bytes.
     */
    static PushBody uniformGenerated(String queue, String partition, byte[] payload, TransactionIds ids) {
        return new PushBody(prefix(queue, partition), payload, ids);
    }

    /** Arbitrary items; {@code ids[i]} is the transaction id to send for {@code items.get(i)}. */
    static PushBody of(List<PushItem> items, String[] ids) {
        int n = items.size();
        byte[][] prefixes = new byte[n][];
        byte[][] payloads = new byte[n][];
        String[] traces = null;
        for (int i = 0; i < n; i++) {
            PushItem it = items.get(i);
            PushItem prev = i > 0 ? items.get(i - 1) : null;
            boolean same = prev != null && prev.queue().equals(it.queue())
                    && partitionOf(prev.partition()).equals(partitionOf(it.partition()));
            prefixes[i] = same ? prefixes[i - 1] : prefix(it.queue(), it.partition());
            payloads[i] = it.payloadJson();
            if (it.traceId() != null) {
                if (traces == null) traces = new String[n];
                traces[i] = it.traceId();
            }
        }
        return new PushBody(prefixes, payloads, ids, traces);
    }

    static String partitionOf(String partition) {
        return partition == null ? "Default" : partition;
    }

    private static byte[] prefix(String queue, String partition) {
        return ("{\"queue\":" + JsonText.quote(queue) + ",\"partition\":" + JsonText.quote(partitionOf(partition))
                + ",\"payload\":").getBytes(StandardCharsets.UTF_8);
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
        write(new Out() {
            @Override
            public void put(byte[] b, int off, int len) throws IOException {
                sink.write(b, off, len);
            }

            @Override
            public void quoted(String s) throws IOException {
                JsonText.writeQuoted(sink, s);
            }
        });
    }

    /**
     * Writes the body into {@code dst}, which must have {@link #contentLength()} bytes left: the push loop encodes
     * straight into its direct buffer, with no okio segment in between and no copy out of one.
     */
    void writeTo(ByteBuffer dst) throws IOException {
        write(new Out() {
            @Override
            public void put(byte[] b, int off, int len) {
                dst.put(b, off, len);
            }

            @Override
            public void quoted(String s) {
                dst.put(JsonText.quote(s).getBytes(StandardCharsets.UTF_8));
            }
        });
    }

    /** Where {@link #write} puts the body: okio's sink (the blocking engines) or a buffer (the push loop). */
    private interface Out {
        void put(byte[] b, int off, int len) throws IOException;

        /** {@code s} as a JSON string literal (callers' ids that need escaping, trace ids: rare). */
        void quoted(String s) throws IOException;

        default void put(byte[] b) throws IOException {
            put(b, 0, b.length);
        }
    }

    private void write(Out out) throws IOException {
        out.put(OPEN);
        // ,"transactionId":"<id>"} assembled in one small buffer per item: one write instead of four, and the id
        // copied as bytes (ids are Latin-1 Strings) instead of re-encoded char by char
        byte[] tail = plainIds ? new byte[TXN.length + maxIdLength + 4] : null;
        if (tail != null) {
            System.arraycopy(TXN, 0, tail, 0, TXN.length);
            tail[TXN.length] = '"';
        }
        boolean uniform = prefixes.length == 1; // one prefix and payload for all (or a single item)
        boolean comma = false; // the separator before item i is still owed
        for (int i = 0; i < count; i++) {
            if (comma) out.put(COMMA);
            out.put(prefixes[uniform ? 0 : i]);
            out.put(payloads[uniform ? 0 : i]);
            boolean trace = traceIds != null && traceIds[i] != null;
            if (tail != null) {
                int n = idBytes != null ? copyId(i, tail, TXN.length + 1) : JsonText.copyAscii(ids[i], tail, TXN.length + 1);
                tail[n++] = '"';
                if (!trace) {
                    tail[n++] = '}';
                    if (i + 1 < count) tail[n++] = ','; // the separator rides with the tail: three writes an item
                    out.put(tail, 0, n);
                    comma = false;
                    continue;
                }
                out.put(tail, 0, n);
            } else {
                out.put(TXN);
                out.quoted(ids[i]);
            }
            if (trace) {
                out.put(TRACE);
                out.quoted(traceIds[i]);
            }
            out.put(ITEM_END);
            comma = true;
        }
        out.put(CLOSE);
    }

    /** Copies generated id {@code i} into {@code dst} at {@code at}; returns the index after it. */
    private int copyId(int i, byte[] dst, int at) {
        System.arraycopy(idBytes, i * TransactionIds.UUID_LENGTH, dst, at, TransactionIds.UUID_LENGTH);
        return at + TransactionIds.UUID_LENGTH;
    }
}
