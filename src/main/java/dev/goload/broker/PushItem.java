package dev.goload.broker;

/** One validated push item; {@code payload} is the raw JSON text, {@code transactionId} null = generate one. */
record PushItem(String queue, String partition, byte[] payload, String transactionId, String traceId) {
}
