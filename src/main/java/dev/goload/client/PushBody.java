package dev.goload.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;

/**
 * The push request body, streamed straight into the socket:
 * {@code {"items":[{"queue":…,"partition":…,"payload":<verbatim>,"transactionId":"…"[,"traceId":"…"]}…]}}.
 *
 * <p>Nothing is serialised ahead of time: items sharing a queue and partition share one escaped prefix, payloads
 * are the callers' arrays, and ids are the Strings returned in the {@link PushResult} anyway. Immutable, so
 * {@link #writeTo} can run again for a retry and sends the same bytes (same transaction ids).
 */
final class PushBody extends RequestBody {
    static final MediaType JSON = MediaType.get("application/json");

    private static final byte[] OPEN = ascii("{\"items\":[");
    private static final byte[] CLOSE = ascii("]}");
    private static final byte[] TXN = ascii(",\"transactionId\":");
    private static final byte[] TRACE = ascii(",\"traceId\":");

    private final byte[][] prefixes;
    private final byte[][] payloads;
    private final String[] ids;
    private final String[] traceIds;
    private final long length;

    private PushBody(byte[][] prefixes, byte[][] payloads, String[] ids, String[] traceIds) {
        this.prefixes = prefixes;
        this.payloads = payloads;
        this.ids = ids;
        this.traceIds = traceIds;
        long len = OPEN.length + CLOSE.length + Math.max(0, ids.length - 1);
        for (int i = 0; i < ids.length; i++) {
            len += prefixes[i].length + payloads[i].length + TXN.length + quotedLength(ids[i]) + 1;
            if (traceIds != null && traceIds[i] != null) len += TRACE.length + quotedLength(traceIds[i]);
        }
        this.length = len;
    }

    /** {@code count} items of one queue/partition sharing one payload, each with its own id. */
    static PushBody uniform(String queue, String partition, byte[] payload, String[] ids) {
        byte[][] prefixes = new byte[ids.length][];
        byte[][] payloads = new byte[ids.length][];
        Arrays.fill(prefixes, prefix(queue, partition));
        Arrays.fill(payloads, payload);
        return new PushBody(prefixes, payloads, ids, null);
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
        return JSON;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        sink.write(OPEN);
        for (int i = 0; i < ids.length; i++) {
            if (i > 0) sink.writeByte(',');
            sink.write(prefixes[i]);
            sink.write(payloads[i]);
            sink.write(TXN);
            writeQuoted(sink, ids[i]);
            if (traceIds != null && traceIds[i] != null) {
                sink.write(TRACE);
                writeQuoted(sink, traceIds[i]);
            }
            sink.writeByte('}');
        }
        sink.write(CLOSE);
    }

    static void writeQuoted(BufferedSink sink, String s) throws IOException {
        if (plainAscii(s)) {
            sink.writeByte('"');
            sink.writeUtf8(s);
            sink.writeByte('"');
        } else {
            sink.writeUtf8(JsonText.quote(s));
        }
    }

    static long quotedLength(String s) {
        return plainAscii(s) ? s.length() + 2 : JsonText.quote(s).getBytes(StandardCharsets.UTF_8).length;
    }

    /** True when the string needs no JSON escaping and is one byte per char in UTF-8 (every generated id). */
    private static boolean plainAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') return false;
        }
        return true;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
