package dev.goload.client;

import java.util.Objects;

/**
 * One message to push.
 *
 * @param queue         target queue
 * @param partition     target partition; null ⇒ {@code "Default"} (the field is always sent)
 * @param payloadJson   a pre-serialised JSON value, written verbatim as {@code "payload"} (not validated)
 * @param transactionId dedup key; null ⇒ the client generates a UUIDv7
 * @param traceId       null ⇒ not sent; must be a UUID when given (a non-UUID poisons generation A's push path)
 */
public record PushItem(String queue, String partition, byte[] payloadJson, String transactionId, String traceId) {
    public PushItem {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(payloadJson, "payloadJson");
        if (traceId != null && !Uuid7.isUuid(traceId)) {
            throw new IllegalArgumentException("traceId must be a UUID: " + traceId);
        }
    }

    public static PushItem of(String queue, String partition, byte[] payloadJson) {
        return new PushItem(queue, partition, payloadJson, null, null);
    }
}
