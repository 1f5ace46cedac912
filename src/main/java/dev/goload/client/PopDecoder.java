package dev.goload.client;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a pop answer (generation A or B) into a {@link PopResult} without building a JSON tree: with
 * {@link PopScanner} where it accepts the bytes, else with Jackson's streaming parser. A 204, an
 * empty body, and {@code messages} empty or absent are all an empty pop — whatever {@code success}/{@code error}
 * say. Anything that is not a JSON object with a {@code messages} array of objects is a decode error.
 */
final class PopDecoder implements Transport.Decoder<PopResult> {
    private final PopRequest req;

    PopDecoder(PopRequest req) {
        this.req = req;
    }

    /** What an answer says, before defaults are filled in: its messages and its top-level values. */
    record Answer(List<Message> messages, String leaseId, String queue, String partition, String partitionId) {
    }

    /** The scanner's fast path first; Jackson for every other shape (and for its errors). */
    @Override
    public PopResult decode(int status, Transport.Body body) throws IOException {
        if (status == 204) return new PopResult(status, List.of(), null);
        byte[] bytes = body.array(); // bytes[0, n): possibly a pooled buffer, which nothing returned refers to
        int n = body.length();
        Answer a = PopScanner.scan(bytes, n, req.captureData(), req.queue(), req.batch());
        return a != null ? result(status, a, true) : result(status, decode(bytes, n, req.captureData()), false);
    }

    /** {@code scanned}: the scanner read the answer (its ids are plain ASCII: {@link ScannedMessages}). */
    private PopResult result(int status, Answer a, boolean scanned) {
        if (a.messages().isEmpty()) return new PopResult(status, List.of(), a.leaseId());
        List<Message> filled = fillDefaults(a.messages(), a.leaseId(), a.queue(), a.partition(), a.partitionId());
        return new PopResult(status, scanned ? new ScannedMessages(filled) : java.util.Collections.unmodifiableList(filled),
                a.leaseId() != null ? a.leaseId() : filled.getFirst().leaseId());
    }

    /** The Jackson path: every shape, and the decode errors. */
    static Answer decode(byte[] bytes, boolean captureData) throws IOException {
        return decode(bytes, bytes.length, captureData);
    }

    /** As {@link #decode(byte[], boolean)} for the answer {@code bytes[0, n)}. */
    static Answer decode(byte[] bytes, int n, boolean captureData) throws IOException {
        try (JsonParser p = Transport.JSON.createParser(bytes, 0, n)) {
            JsonToken t = p.nextToken();
            if (t == null) return new Answer(List.of(), null, null, null, null);
            if (t != JsonToken.START_OBJECT) throw new JsonParseException(p, "pop response is not a JSON object: " + t);
            List<Message> messages = List.of();
            String leaseId = null, queue = null, partition = null, partitionId = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "messages" -> {
                        if (v == JsonToken.START_ARRAY) messages = readMessages(p, captureData);
                        else if (v != JsonToken.VALUE_NULL) throw new JsonParseException(p, "\"messages\" is not an array: " + v);
                    }
                    case "leaseId" -> leaseId = ResultDecoders.string(p, name);
                    case "queue", "queueName" -> queue = ResultDecoders.string(p, name);
                    case "partition", "partitionName" -> partition = ResultDecoders.string(p, name);
                    case "partitionId" -> partitionId = ResultDecoders.string(p, name);
                    default -> p.skipChildren();
                }
            }
            return new Answer(messages, leaseId, queue, partition, partitionId);
        }
    }

    private static List<Message> readMessages(JsonParser p, boolean captureData) throws IOException {
        List<Message> out = new ArrayList<>();
        ByteArrayOutputStream buf = captureData ? new ByteArrayOutputStream(256) : null;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) throw new JsonParseException(p, "message is not an object: " + t);
            String txn = null, partitionId = null, leaseId = null, queue = null, partition = null;
            int retryCount = 0;
            byte[] data = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "transactionId" -> txn = ResultDecoders.string(p, name);
                    case "partitionId" -> partitionId = ResultDecoders.string(p, name);
                    case "leaseId" -> leaseId = ResultDecoders.string(p, name);
                    case "queue", "queueName" -> queue = ResultDecoders.string(p, name);
                    case "partition", "partitionName" -> partition = ResultDecoders.string(p, name);
                    case "createdAt" -> ResultDecoders.string(p, name); // not kept (nothing reads it), but a string
                    case "retryCount" -> retryCount = intValue(p, v);
                    case "data" -> data = buf != null ? copy(p, buf) : skip(p);
                    default -> p.skipChildren();
                }
            }
            if (txn == null) throw new JsonParseException(p, "message without transactionId");
            out.add(new Message(txn, partitionId, leaseId, queue, partition, retryCount, data));
        }
        return out;
    }

    private static int intValue(JsonParser p, JsonToken v) throws IOException {
        return switch (v) {
            case VALUE_NUMBER_INT -> p.getIntValue();
            case VALUE_NUMBER_FLOAT -> (int) p.getDoubleValue(); // the reference decodes every number as float64
            case VALUE_NULL -> 0;
            default -> throw new JsonParseException(p, "\"retryCount\" is not a number: " + v);
        };
    }

    private static byte[] skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    /** Compact JSON text of the current value; one buffer per response, one exact-size array per message. */
    private static byte[] copy(JsonParser p, ByteArrayOutputStream buf) throws IOException {
        buf.reset();
        try (JsonGenerator g = Transport.JSON.createGenerator(buf)) {
            g.copyCurrentStructure(p);
        }
        return buf.toByteArray();
    }

    private List<Message> fillDefaults(List<Message> in, String leaseId, String queue, String partition,
                                       String partitionId) {
        String q = queue != null && !queue.isEmpty() ? queue : req.queue();
        String part = partition != null && !partition.isEmpty() ? partition : null;
        boolean named = !q.equals(req.queue()); // the answer names another queue than the one asked for
        for (int i = 0; i < in.size(); i++) {
            Message m = in.get(i);
            // no queue, or the scanner's default (req.queue()'s very instance) where the answer names another
            boolean noQueue = m.queue() == null || named && m.queue() == req.queue();
            if (m.leaseId() != null && !noQueue && m.partition() != null && m.partitionId() != null) continue;
            in.set(i, new Message(m.transactionId(),
                    m.partitionId() != null ? m.partitionId() : partitionId,
                    m.leaseId() != null ? m.leaseId() : leaseId,
                    noQueue ? q : m.queue(),
                    m.partition() != null ? m.partition() : part,
                    m.retryCount(), m.data()));
        }
        return in;
    }
}
