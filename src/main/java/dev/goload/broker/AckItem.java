package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/** One acknowledgment as sent; any field may be null until validated by the route. */
record AckItem(String transactionId, String partitionId, String leaseId, String status, String error,
        String consumerGroup) {

    /** Reads the rest of an ack object; the parser is on its START_OBJECT. Unknown fields are skipped. */
    static AckItem parse(JsonParser p) throws IOException {
        String txn = null;
        String partitionId = null;
        String leaseId = null;
        String status = null;
        String error = null;
        String group = null;
        while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = JsonIn.next(p);
            boolean text = t == JsonToken.VALUE_STRING;
            switch (field) {
                case "transactionId" -> txn = text ? p.getText() : null;
                case "partitionId" -> partitionId = text ? p.getText() : null;
                case "leaseId" -> leaseId = text ? p.getText() : null;
                case "status" -> status = text ? p.getText() : null;
                case "error" -> error = text ? p.getText() : null;
                case "consumerGroup" -> group = text ? p.getText() : null;
                default -> JsonIn.skip(p);
            }
            if (!text && t.isStructStart()) {
                JsonIn.skip(p);
            }
        }
        return new AckItem(txn, partitionId, leaseId, status, error, group);
    }
}
