package dev.goload.client;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import okhttp3.RequestBody;

/** The small JSON bodies (ack, configure, transaction, lease), written with a streaming generator. */
final class RequestBodies {
    static final ObjectMapper MAPPER = new ObjectMapper(Transport.JSON);

    private RequestBodies() {
    }

    @FunctionalInterface
    private interface Writer {
        void write(JsonGenerator g) throws IOException;
    }

    private static RequestBody json(Writer w) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator g = Transport.JSON.createGenerator(out)) {
            w.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory: only a bug gets here
        }
        return RequestBody.create(out.toByteArray(), JsonText.MEDIA_TYPE);
    }

    /**
     * {@code POST /api/v1/ack}: one ack with an optional consumer group. Plain-ASCII strings (every id and status a
     * consumer acks) are copied straight into the body's array, the bytes the generator writes for them: a generator
     * per ack was ~4 % of a cloud consumer's CPU (one ack per pop of 1-2 messages). Anything else goes through the
     * generator.
     */
    static RequestBody ack(AckItem a, String consumerGroup) {
        String group = consumerGroup != null && !consumerGroup.isEmpty() ? consumerGroup : null;
        byte[] plain = plainAck(a, group);
        if (plain != null) return RequestBody.create(plain, JsonText.MEDIA_TYPE);
        return json(g -> {
            g.writeStartObject();
            ackFields(g, a);
            if (consumerGroup != null && !consumerGroup.isEmpty()) g.writeStringField("consumerGroup", consumerGroup);
            g.writeEndObject();
        });
    }

    private static final byte[] ACK_TXN = JsonText.ascii("{\"transactionId\":\"");
    private static final byte[] ACK_PARTITION = JsonText.ascii("\",\"partitionId\":\"");
    private static final byte[] ACK_LEASE = JsonText.ascii("\",\"leaseId\":\"");
    private static final byte[] ACK_STATUS = JsonText.ascii("\",\"status\":\"");
    private static final byte[] ACK_ERROR = JsonText.ascii("\",\"error\":\"");
    private static final byte[] ACK_GROUP = JsonText.ascii("\",\"consumerGroup\":\"");

    /** {@link #ack}'s body when every string sent is {@link JsonText#plainAscii}; null otherwise. */
    private static byte[] plainAck(AckItem a, String group) {
        String txn = a.transactionId();
        String partition = a.partitionId();
        String lease = a.sentLeaseId();
        String status = a.status();
        String error = a.error();
        // the ids and the status are never null (AckItem requires them)
        if (!plain(txn) || !plain(partition) || !plain(lease) || !plain(status) || !plain(error) || !plain(group)) {
            return null;
        }
        int len = ACK_TXN.length + txn.length() + ACK_PARTITION.length + partition.length() + ACK_STATUS.length
                + status.length() + 2 // the closing quote and brace
                + (lease != null ? ACK_LEASE.length + lease.length() : 0)
                + (error != null ? ACK_ERROR.length + error.length() : 0)
                + (group != null ? ACK_GROUP.length + group.length() : 0);
        byte[] b = new byte[len];
        int n = put(b, 0, ACK_TXN, txn);
        n = put(b, n, ACK_PARTITION, partition);
        if (lease != null) n = put(b, n, ACK_LEASE, lease);
        n = put(b, n, ACK_STATUS, status);
        if (error != null) n = put(b, n, ACK_ERROR, error);
        if (group != null) n = put(b, n, ACK_GROUP, group);
        b[n++] = '"';
        b[n] = '}';
        return b;
    }

    private static boolean plain(String s) {
        return s == null || JsonText.plainAscii(s);
    }

    private static int put(byte[] b, int at, byte[] field, String plainValue) {
        System.arraycopy(field, 0, b, at, field.length);
        return JsonText.copyAscii(plainValue, b, at + field.length);
    }

    /** {@code POST /api/v1/ack/batch}: streamed, see {@link AckBatchBody}. */
    static RequestBody ackBatch(List<AckItem> items, String consumerGroup) {
        return new AckBatchBody(items, consumerGroup);
    }

    /** {@code POST /api/v1/ack/batch} acking popped messages with {@code status}: see {@link AckBatchBody#of}. */
    static RequestBody ackMessages(List<Message> messages, String status, String consumerGroup) {
        return AckBatchBody.of(messages, status, consumerGroup);
    }

    private static void ackFields(JsonGenerator g, AckItem a) throws IOException {
        g.writeStringField("transactionId", a.transactionId());
        g.writeStringField("partitionId", a.partitionId());
        if (a.sentLeaseId() != null) g.writeStringField("leaseId", a.sentLeaseId());
        g.writeStringField("status", a.status());
        if (a.error() != null) g.writeStringField("error", a.error());
    }

    static RequestBody configure(String queue, Map<String, Object> options, boolean replace) {
        return json(g -> {
            g.writeStartObject();
            g.writeStringField("queue", queue);
            g.writeFieldName("options");
            MAPPER.writeValue(g, options);
            if (replace) g.writeStringField("mode", "replace");
            g.writeEndObject();
        });
    }

    static RequestBody transaction(List<AckItem> acks, List<PushItem> pushes, String[] pushIds,
                                   List<String> requiredLeases, String consumerGroup) {
        return json(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("operations");
            for (AckItem a : acks) {
                g.writeStartObject();
                g.writeStringField("type", "ack");
                ackFields(g, a);
                if (consumerGroup != null && !consumerGroup.isEmpty()) g.writeStringField("consumerGroup", consumerGroup);
                g.writeEndObject();
            }
            if (!pushes.isEmpty()) {
                g.writeStartObject();
                g.writeStringField("type", "push");
                g.writeArrayFieldStart("items");
                for (int i = 0; i < pushes.size(); i++) {
                    PushItem it = pushes.get(i);
                    g.writeStartObject();
                    g.writeStringField("queue", it.queue());
                    g.writeStringField("partition", PushBody.partitionOf(it.partition()));
                    g.writeFieldName("payload");
                    g.writeRawValue(new String(it.payloadJson(), StandardCharsets.UTF_8));
                    g.writeStringField("transactionId", pushIds[i]);
                    if (it.traceId() != null) g.writeStringField("traceId", it.traceId());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            if (requiredLeases != null && !requiredLeases.isEmpty()) {
                g.writeArrayFieldStart("requiredLeases");
                for (String l : requiredLeases) g.writeString(l);
                g.writeEndArray();
            }
            g.writeEndObject();
        });
    }

    static RequestBody leaseExtend(int seconds) {
        return json(g -> {
            g.writeStartObject();
            if (seconds > 0) g.writeNumberField("seconds", seconds);
            g.writeEndObject();
        });
    }
}
