package dev.goload.endpoint;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The fixed answers of {@link FixedEndpoint}, built once: realistic generation-B shapes (the fields the
 * embedded broker and the C++ broker send) so the loader parses as much per message as it would against a
 * real broker. Immutable byte arrays; safe to share between threads.
 */
final class FixedBodies {
    final byte[] push;
    final byte[] pop;
    final byte[] ackBatch;
    final byte[] ackOne = ascii("{\"transactionId\":\"" + uuid(1, 0) + "\",\"success\":true,\"error\":null}");
    final byte[] configure = ascii("{\"configured\":true,\"queue\":\"bench\",\"namespace\":\"\",\"task\":\"\"}");
    final byte[] health = ascii("{\"status\":\"healthy\",\"database\":\"none\",\"server\":\"goload-fixed-endpoint\","
            + "\"version\":\"fixed\"}");
    final byte[] notFound = ascii("{\"error\":\"not found\"}");

    /** How each push-result item is shaped. */
    enum PushAnswer {
        /** The campaign broker's contract (queen-wire.md §B.2): {@code {"status","transactionId"}} per item. */
        GENB,
        /** Every field of both generations, snake and camel case (what the embedded broker sends): ~4× the bytes. */
        FULL
    }

    FixedBodies(int pushItems, int popMessages, int ackItems, int payloadBytes) {
        this(pushItems, popMessages, ackItems, payloadBytes, PushAnswer.GENB);
    }

    FixedBodies(int pushItems, int popMessages, int ackItems, int payloadBytes, PushAnswer shape) {
        this.push = ascii(shape == PushAnswer.FULL ? pushResults(pushItems) : genBPushResults(pushItems));
        this.pop = ascii(popAnswer(popMessages, payloadBytes));
        this.ackBatch = ascii(ackResults(ackItems));
    }

    /** A UUID-shaped id that differs per index, so the parser cannot benefit from repeated strings. */
    private static String uuid(int kind, int i) {
        return new UUID(0x0190_0000_0000_7000L | ((long) kind << 20) | i, 0x8000_0000_0000_0000L | i * 7919L)
                .toString();
    }

    private static String genBPushResults(int n) {
        StringBuilder b = new StringBuilder(n * 70).append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            b.append("{\"status\":\"queued\",\"transactionId\":\"").append(uuid(3, i)).append("\"}");
        }
        return b.append(']').toString();
    }

    private static String pushResults(int n) {
        StringBuilder b = new StringBuilder(n * 260).append('[');
        String partitionId = uuid(9, 0);
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            String msg = uuid(2, i);
            String txn = uuid(3, i);
            b.append("{\"index\":").append(i).append(",\"queueName\":\"bench\",\"status\":\"queued\"")
                    .append(",\"message_id\":\"").append(msg).append("\",\"messageId\":\"").append(msg)
                    .append("\",\"partition_id\":\"").append(partitionId).append("\",\"partitionId\":\"")
                    .append(partitionId).append("\",\"transaction_id\":\"").append(txn)
                    .append("\",\"transactionId\":\"").append(txn).append("\",\"trace_id\":null}");
        }
        return b.append(']').toString();
    }

    private static String popAnswer(int n, int payloadBytes) {
        String leaseId = uuid(4, 0);
        String partitionId = uuid(9, 0);
        String data = "{\"data\":\"" + "x".repeat(payloadBytes) + "\",\"src\":\"goload-ol\"}";
        StringBuilder b = new StringBuilder(n * (420 + payloadBytes)).append("{\"success\":true,\"queue\":\"bench\"")
                .append(",\"partition\":\"p0\",\"partitionId\":\"").append(partitionId).append("\",\"leaseId\":\"")
                .append(leaseId).append("\",\"consumerGroup\":\"__QUEUE_MODE__\",\"partitionsClaimed\":1")
                .append(",\"messages\":[");
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            b.append("{\"id\":\"").append(uuid(2, i)).append("\",\"transactionId\":\"").append(uuid(3, i))
                    .append("\",\"partitionId\":\"").append(partitionId).append("\",\"leaseId\":\"").append(leaseId)
                    .append("\",\"queue\":\"bench\",\"partition\":\"p0\",\"consumerGroup\":\"__QUEUE_MODE__\"")
                    .append(",\"data\":").append(data)
                    .append(",\"createdAt\":\"2026-01-01T00:00:00.").append(String.format(java.util.Locale.ROOT, "%03d", i % 1000))
                    .append("Z\",\"retryCount\":0,\"traceId\":null}");
        }
        return b.append("]}").toString();
    }

    private static String ackResults(int n) {
        StringBuilder b = new StringBuilder(n * 180).append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            b.append("{\"index\":").append(i).append(",\"transactionId\":\"").append(uuid(3, i))
                    .append("\",\"success\":true,\"error\":null,\"queueName\":\"bench\",\"partitionName\":\"p0\"")
                    .append(",\"leaseReleased\":").append(i == n - 1).append(",\"dlq\":false}");
        }
        return b.append(']').toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
