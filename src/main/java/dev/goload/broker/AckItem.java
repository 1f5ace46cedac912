package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/** One acknowledgment as sent; any field may be null until validated by the route. */
record AckItem(String transactionId, String partitionId, String leaseId, String status, String error,
        String consumerGroup) {

    /** Reads a field of the object that is not an ack field (a transaction operation's {@code type} and items). */
    @FunctionalInterface
    interface OtherField {
        /** The parser is on the field's value; an object or array value it leaves unread is skipped after. */
        void read(String field, JsonToken value, JsonParser p) throws IOException;
    }

    /** Reads the rest of an ack object; the parser is on its START_OBJECT. Unknown fields are skipped. */
    static AckItem parse(JsonParser p) throws IOException {
        return parse(p, (field, value, parser) -> { });
    }

    /**
     * As {@link #parse(JsonParser)}, handing every field that is not an ack field to {@code other}. An ack field
     * whose value is not a string reads as null.
     */
    static AckItem parse(JsonParser p, OtherField other) throws IOException {
        String txn = null;
        String partitionId = null;
        String leaseId = null;
        String status = null;
        String error = null;
        String group = null;
        while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = JsonIn.next(p);
            String text = t == JsonToken.VALUE_STRING ? p.getText() : null;
            switch (field) {
                case "transactionId" -> txn = text;
                case "partitionId" -> partitionId = text;
                case "leaseId" -> leaseId = text;
                case "status" -> status = text;
                case "error" -> error = text;
                case "consumerGroup" -> group = text;
                default -> other.read(field, t, p);
            }
            JsonIn.skip(p); // an object or array nobody read; a no-op on scalars and on values already read
        }
        return new AckItem(txn, partitionId, leaseId, status, error, group);
    }

    /** This item, or 400 with Queen's text when it lacks the ids that address a message. */
    AckItem requireIds() {
        if (transactionId == null || transactionId.isEmpty()) {
            throw new BadRequest("transactionId is required");
        }
        if (partitionId == null || partitionId.isEmpty()) {
            throw new BadRequest("partitionId is required to ensure message uniqueness");
        }
        return this;
    }
}
