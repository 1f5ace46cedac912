package dev.goload.broker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Streaming JSON reading helpers shared by the routes. Stateless; the factory is thread-safe. */
final class JsonIn {
    static final JsonFactory FACTORY = new JsonFactory();
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    private JsonIn() {
    }

    /** A parser positioned on the body's first token, which must start an object. */
    static JsonParser openObject(byte[] body) throws IOException {
        if (body.length == 0) {
            throw new BadRequest("Empty request body");
        }
        JsonParser p = FACTORY.createParser(body);
        JsonToken t = next(p);
        if (t != JsonToken.START_OBJECT) {
            throw new BadRequest("Request body must be a JSON object");
        }
        return p;
    }

    /** nextToken, with syntax errors turned into the broker's 400 "Invalid JSON" answer. */
    static JsonToken next(JsonParser p) throws IOException {
        try {
            return p.nextToken();
        } catch (JsonProcessingException e) {
            throw new BadRequest("Invalid JSON: " + e.getOriginalMessage());
        }
    }

    static void skip(JsonParser p) throws IOException {
        try {
            p.skipChildren();
        } catch (JsonProcessingException e) {
            throw new BadRequest("Invalid JSON: " + e.getOriginalMessage());
        }
    }

    /** Reads the rest of the document so trailing garbage is reported like the real broker does. */
    static void finish(JsonParser p) throws IOException {
        if (next(p) != null) {
            throw new BadRequest("Invalid JSON: unexpected trailing content");
        }
    }

    /**
     * The current value's JSON text, byte for byte for objects and arrays (copied from {@code body}, which the
     * parser must be reading from offset 0); scalars are re-encoded.
     */
    static byte[] rawValue(JsonParser p, byte[] body) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT, START_ARRAY -> {
                int start = (int) p.currentTokenLocation().getByteOffset();
                skip(p);
                int end = (int) p.currentTokenLocation().getByteOffset() + 1;
                return Arrays.copyOfRange(body, start, end);
            }
            case VALUE_STRING -> {
                return new JsonOut(p.getTextLength() + 8).value(p.getText()).toBytes();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return p.getText().getBytes(StandardCharsets.US_ASCII);
            }
            case VALUE_TRUE -> {
                return "true".getBytes(StandardCharsets.US_ASCII);
            }
            case VALUE_FALSE -> {
                return "false".getBytes(StandardCharsets.US_ASCII);
            }
            default -> {
                return NULL;
            }
        }
    }

    /** A string field's value; null for JSON null; {@link BadRequest} with {@code error} for any other type. */
    static String optString(JsonParser p, String error) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw new BadRequest(error);
        }
        return p.getText();
    }
}
