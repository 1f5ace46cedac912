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

    /** {@code POST /api/v1/ack}: one ack with an optional consumer group. */
    static RequestBody ack(AckItem a, String consumerGroup) {
        return json(g -> {
            g.writeStartObject();
            ackFields(g, a);
            if (consumerGroup != null && !consumerGroup.isEmpty()) g.writeStringField("consumerGroup", consumerGroup);
            g.writeEndObject();
        });
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
