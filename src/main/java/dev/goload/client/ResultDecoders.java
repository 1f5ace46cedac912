package dev.goload.client;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;

/**
 * Streaming decoders for the push and ack answers (no JSON tree on the hot path). Results are matched to the
 * request by position; any answer that does not line up with the request marks every item failed rather than
 * guessing.
 */
final class ResultDecoders {
    private ResultDecoders() {
    }

    static Transport.Decoder<PushResult> push(TransactionIds ids) {
        return (status, body) -> decodePush(status, body, ids);
    }

    static Transport.Decoder<AckResult> ack(int n) {
        return (status, body) -> decodeAck(status, body, n);
    }

    /** The scanner's fast path first; the streaming decoder for every other shape (and for its errors). */
    private static PushResult decodePush(int status, Transport.Body body, TransactionIds ids) throws IOException {
        byte[] bytes = body.array(); // bytes[0, length): possibly a pooled buffer, which nothing returned refers to
        int length = body.length();
        PushResult fast = ResultScanner.push(status, bytes, length, ids);
        return fast != null ? fast : decodePush(status, bytes, length, ids);
    }

    private static AckResult decodeAck(int status, Transport.Body body, int n) throws IOException {
        byte[] bytes = body.array();
        int length = body.length();
        AckResult fast = ResultScanner.ack(status, bytes, length, n);
        return fast != null ? fast : decodeAck(status, bytes, length, n);
    }

    static PushResult decodePush(int status, byte[] body, TransactionIds ids) throws IOException {
        return decodePush(status, body, body.length, ids);
    }

    /** The streaming decoder for the push answer {@code body[0, length)}. */
    static PushResult decodePush(int status, byte[] body, int length, TransactionIds ids) throws IOException {
        int n = ids.size();
        try (JsonParser p = Transport.JSON.createParser(body, 0, length)) {
            JsonToken t = p.nextToken();
            if (t == null) return PushResult.all(status, ItemStatus.UNKNOWN, ids, "empty push response body");
            if (t == JsonToken.START_OBJECT) {
                String err = objectError(p);
                return err != null
                        ? PushResult.all(status, ItemStatus.FAILED, ids, err)
                        : PushResult.all(status, ItemStatus.UNKNOWN, ids, "push response is an object without results");
            }
            if (t != JsonToken.START_ARRAY) throw new JsonParseException(p, "push response is not a JSON array: " + t);
            ItemStatus[] st = new ItemStatus[n];
            String firstError = null;
            int i = 0;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t != JsonToken.START_OBJECT) throw new JsonParseException(p, "push result item is not an object: " + t);
                String s = null;
                String err = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    switch (name) {
                        case "status" -> s = string(p, "status");
                        case "error" -> err = errorText(p);
                        default -> p.skipChildren();
                    }
                }
                ItemStatus is = s != null ? ItemStatus.parse(s) : (err != null ? ItemStatus.FAILED : ItemStatus.UNKNOWN);
                if (i < n) st[i] = is;
                if (firstError == null && err != null) firstError = err;
                i++;
            }
            if (i != n) {
                return PushResult.all(status, ItemStatus.FAILED, ids, "push response has " + i + " results for " + n + " items");
            }
            return PushResult.of(status, st, ids, firstError);
        }
    }

    static AckResult decodeAck(int status, byte[] body, int n) throws IOException {
        return decodeAck(status, body, body.length, n);
    }

    /** The streaming decoder for the ack answer {@code body[0, length)} of {@code n} acks. */
    static AckResult decodeAck(int status, byte[] body, int length, int n) throws IOException {
        boolean[] ok = new boolean[n];
        try (JsonParser p = Transport.JSON.createParser(body, 0, length)) {
            JsonToken t = p.nextToken();
            if (t == null) return AckResult.of(status, ok, "empty ack response body");
            if (t == JsonToken.START_OBJECT) {
                Outcome o = readOutcome(p);
                Arrays.fill(ok, o.success);
                return AckResult.of(status, ok, o.success ? null : o.errorOr("ack response object without success"));
            }
            if (t != JsonToken.START_ARRAY) throw new JsonParseException(p, "ack response is not a JSON array: " + t);
            String firstError = null;
            boolean[] dlq = new boolean[n];
            int i = 0;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t != JsonToken.START_OBJECT) throw new JsonParseException(p, "ack result item is not an object: " + t);
                Outcome o = readOutcome(p);
                if (i < n) {
                    ok[i] = o.success;
                    dlq[i] = o.dlq;
                }
                if (firstError == null && !o.success) firstError = o.errorOr("success=false");
                i++;
            }
            if (i != n) {
                Arrays.fill(ok, false);
                return AckResult.of(status, ok, "ack response has " + i + " results for " + n + " acks");
            }
            return AckResult.of(status, ok, firstError, dlq);
        }
    }

    private record Outcome(boolean success, String error, boolean dlq) {
        String errorOr(String fallback) {
            return error != null ? error : fallback;
        }
    }

    /** Reads one result object (parser on START_OBJECT): success = {@code "success":true} and no non-empty error. */
    private static Outcome readOutcome(JsonParser p) throws IOException {
        Boolean success = null;
        String err = null;
        boolean dlq = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "dlq" -> dlq = v == JsonToken.VALUE_TRUE;
                case "success" -> {
                    if (v == JsonToken.VALUE_TRUE) success = true;
                    else if (v == JsonToken.VALUE_FALSE || v == JsonToken.VALUE_NULL) success = false;
                    else throw new JsonParseException(p, "\"success\" is not a boolean: " + v);
                }
                case "error" -> err = errorText(p);
                default -> p.skipChildren();
            }
        }
        return new Outcome(Boolean.TRUE.equals(success) && err == null, err, dlq);
    }

    /** The top-level {@code error} of an object answer (parser on START_OBJECT), null when absent or empty. */
    private static String objectError(JsonParser p) throws IOException {
        String err = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if ("error".equals(name)) err = errorText(p);
            else p.skipChildren();
        }
        return err;
    }

    /** A string value or null (wrong types are a decode error). */
    static String string(JsonParser p, String field) throws IOException {
        JsonToken v = p.currentToken();
        if (v == JsonToken.VALUE_STRING) return p.getText();
        if (v == JsonToken.VALUE_NULL) return null;
        throw new JsonParseException(p, "\"" + field + "\" is not a string: " + v);
    }

    /** An {@code error} value as text; null/"" mean no error. Non-string errors still count as errors. */
    private static String errorText(JsonParser p) throws IOException {
        JsonToken v = p.currentToken();
        if (v == JsonToken.VALUE_NULL || v == JsonToken.VALUE_FALSE) return null;
        if (v == JsonToken.VALUE_STRING) {
            String s = p.getText();
            return s.isEmpty() ? null : s;
        }
        if (v.isStructStart()) {
            p.skipChildren();
            return "(structured error)";
        }
        return p.getText();
    }
}
