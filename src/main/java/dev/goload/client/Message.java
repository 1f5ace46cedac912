package dev.goload.client;

/**
 * One popped message. Fields missing on the message fall back to the response's top-level values
 * ({@code leaseId}, {@code queue}, {@code partition}, {@code partitionId}); {@code queue} falls back to the
 * requested queue.
 *
 * @param leaseId may be {@code ""} (autoAck pops on generation A) or null when the broker sent none
 * @param data    compact JSON text of {@code data} when the pop asked for it, else null
 */
public record Message(String transactionId, String partitionId, String leaseId, String queue, String partition,
                      int retryCount, String createdAt, byte[] data) {
}
