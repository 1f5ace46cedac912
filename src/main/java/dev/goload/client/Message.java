package dev.goload.client;

/**
 * One popped message. Fields missing on the message fall back to the response's top-level values
 * ({@code leaseId}, {@code queue}, {@code partition}, {@code partitionId}); {@code queue} falls back to the
 * requested queue. The broker's {@code createdAt} is checked to be a string but not kept: no mode reads it, and it
 * was a String per popped message.
 *
 * @param leaseId may be {@code ""} (autoAck pops on generation A) or null when the broker sent none
 * @param data    compact JSON text of {@code data} when the pop asked for it, else null
 */
public record Message(String transactionId, String partitionId, String leaseId, String queue, String partition,
                      int retryCount, byte[] data) {
}
