package dev.goload.broker;

/**
 * One pushed message. Immutable; the payload array is never modified after the push parsed it.
 *
 * @param seq           position inside its partition (0, 1, 2, … in push order)
 * @param messageId     UUIDv7 assigned at push
 * @param transactionId caller's id or a generated one; unique per partition while the message is retained
 * @param traceId       UUID text or null
 * @param payload       the pushed {@code payload} JSON, byte for byte
 * @param createdAt     ISO-8601 UTC text of the push instant
 * @param pushedAtMillis the push instant (broker clock), for retention
 */
record StoredMessage(long seq, String messageId, String transactionId, String traceId, byte[] payload,
        String createdAt, long pushedAtMillis) {
}
