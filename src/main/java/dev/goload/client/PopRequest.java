package dev.goload.client;

import java.util.Objects;

/**
 * One pop call. {@code partition} null or {@code "Default"} uses the queue (wildcard) route
 * {@code /api/v1/pop/queue/{q}}; anything else the partition route.
 *
 * <p>{@code batch <= 0} and {@code partitions <= 0} mean "not set": with {@link PopAutopilot#ON} an unset knob
 * makes the request carry {@code autopilot=true}. The reference never sets partitions to 1, so to reproduce it pass
 * {@code partitions} only when it is &gt; 1.
 *
 * @param longPoll    sent as {@code wait=true|false} (a record component cannot be named {@code wait}: it would
 *                    clash with {@link Object#wait()})
 * @param timeoutMs   long-poll park time sent as {@code timeout}; {@code <= 0} ⇒ 30000 is sent
 * @param autoAck     null ⇒ not sent
 * @param captureData keep each message's {@code data} as raw JSON bytes (otherwise skipped while parsing)
 */
public record PopRequest(String queue, String partition, int batch, int partitions, boolean longPoll, int timeoutMs,
                         String consumerGroup, Boolean autoAck, boolean captureData) {
    public static final int DEFAULT_TIMEOUT_MS = 30_000;

    public PopRequest {
        Objects.requireNonNull(queue, "queue");
    }

    public static PopRequest of(String queue) {
        return new PopRequest(queue, null, 0, 0, false, 0, null, null, false);
    }

    public PopRequest withPartition(String v) {
        return new PopRequest(queue, v, batch, partitions, longPoll, timeoutMs, consumerGroup, autoAck, captureData);
    }

    public PopRequest withBatch(int v) {
        return new PopRequest(queue, partition, v, partitions, longPoll, timeoutMs, consumerGroup, autoAck, captureData);
    }

    public PopRequest withPartitions(int v) {
        return new PopRequest(queue, partition, batch, v, longPoll, timeoutMs, consumerGroup, autoAck, captureData);
    }

    /** Sets {@link #longPoll()} — the wire's {@code wait} parameter. */
    public PopRequest withWait(boolean v) {
        return withLongPoll(v);
    }

    public PopRequest withLongPoll(boolean v) {
        return new PopRequest(queue, partition, batch, partitions, v, timeoutMs, consumerGroup, autoAck, captureData);
    }

    public PopRequest withTimeoutMs(int v) {
        return new PopRequest(queue, partition, batch, partitions, longPoll, v, consumerGroup, autoAck, captureData);
    }

    public PopRequest withConsumerGroup(String v) {
        return new PopRequest(queue, partition, batch, partitions, longPoll, timeoutMs, v, autoAck, captureData);
    }

    public PopRequest withAutoAck(Boolean v) {
        return new PopRequest(queue, partition, batch, partitions, longPoll, timeoutMs, consumerGroup, v, captureData);
    }

    public PopRequest withCaptureData(boolean v) {
        return new PopRequest(queue, partition, batch, partitions, longPoll, timeoutMs, consumerGroup, autoAck, v);
    }

    /** The {@code timeout} value actually sent. */
    public int effectiveTimeoutMs() {
        return timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS;
    }

    boolean wildcard() {
        return partition == null || partition.isEmpty() || "Default".equals(partition);
    }
}
