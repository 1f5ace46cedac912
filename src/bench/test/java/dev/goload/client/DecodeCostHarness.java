package dev.goload.client;

import dev.goload.bench.CostMeter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Not a test (never run by the build): thread CPU and bytes allocated per message of the pop decoders — the
 * scanner and the Jackson path on the same generation-B shaped 500-message answer, alternating in one JVM so their
 * ratio is measured under the same load. Run:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) dev.goload.client.DecodeCostHarness [rounds]}.
 */
public final class DecodeCostHarness {
    private DecodeCostHarness() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        StringBuilder s = new StringBuilder("{\"success\":true,\"queue\":\"bench\",\"partition\":\"p0\",\"partitionId\":\"")
                .append("4718cfc5-da17-42ca-8377-c41bef03ce76\",\"leaseId\":\"01a2290d-9dd9-7000-9b9a-fa31d4f91fb0\"")
                .append(",\"consumerGroup\":\"__QUEUE_MODE__\",\"messages\":[");
        for (int i = 0; i < 500; i++) {
            if (i > 0) s.append(',');
            s.append("{\"id\":\"01a2290d-9c40-7000-a3b3-229afefc").append(String.format(Locale.ROOT, "%04d", i))
                    .append("\",\"transactionId\":\"01a2290d-9c40-7000-a3b3-229afefd").append(String.format(Locale.ROOT, "%04d", i))
                    .append("\",\"partitionId\":\"4718cfc5-da17-42ca-8377-c41bef03ce76\",\"leaseId\":\"01a2290d-9dd9-7000-9b9a-fa31d4f91fb0\"")
                    .append(",\"queue\":\"bench\",\"partition\":\"p0\",\"consumerGroup\":\"__QUEUE_MODE__\",\"data\":{\"data\":\"")
                    .append("x".repeat(256)).append("\",\"src\":\"goload-ol\"},\"createdAt\":\"2026-01-01T00:00:00.")
                    .append(String.format(Locale.ROOT, "%03d", i)).append("Z\",\"retryCount\":0,\"traceId\":null}");
        }
        byte[] body = s.append("]}").toString().getBytes(StandardCharsets.US_ASCII);
        // the fixed endpoint's ack/batch answer (dev.goload.endpoint.FixedBodies), 500 items
        StringBuilder a = new StringBuilder("[");
        for (int i = 0; i < 500; i++) {
            if (i > 0) a.append(',');
            a.append("{\"index\":").append(i).append(",\"transactionId\":\"01a2290d-9c40-7000-a3b3-229afefd")
                    .append(String.format(Locale.ROOT, "%04d", i)).append("\",\"success\":true,\"error\":null")
                    .append(",\"queueName\":\"bench\",\"partitionName\":\"p0\",\"leaseReleased\":").append(i == 499)
                    .append(",\"dlq\":false}");
        }
        byte[] ack = a.append(']').toString().getBytes(StandardCharsets.US_ASCII);
        for (int r = 0; r < rounds; r++) {
            CostMeter.print("ackscan", 2_000, 500, () -> ResultScanner.ack(200, ack, 500));
        }
        for (boolean capture : new boolean[] {false, true}) {
            for (int r = 0; r < rounds; r++) {
                CostMeter.print("scanner" + (capture ? "+data" : ""), 2_000, 500, () -> PopScanner.scan(body, capture));
                CostMeter.print("jackson" + (capture ? "+data" : ""), 2_000, 500, () -> PopDecoder.decode(body, capture));
            }
        }
    }
}
