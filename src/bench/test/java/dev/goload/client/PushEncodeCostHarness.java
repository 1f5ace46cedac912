package dev.goload.client;

import dev.goload.bench.CostMeter;
import dev.goload.modes.Payloads;
import okhttp3.HttpUrl;

/**
 * Not a test (never run by the build): the push loop sender's own work per message, on its thread — fresh ids
 * ({@link TransactionIds#generate}), the body and the whole request encoded into the loop's direct buffer
 * ({@link PushLoopRequests#encode}) — thread CPU and bytes allocated per message, no socket. It compiles against
 * main's classes too (same constructor and method), so {@code java -cp <main's jar>:target/test-classes …} gives
 * the baseline in the same minutes. Run:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) dev.goload.client.PushEncodeCostHarness [rounds]}.
 */
public final class PushEncodeCostHarness {
    private PushEncodeCostHarness() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        ClientConfig cfg = ClientConfig.of("http://127.0.0.1:6632");
        HttpUrl base = HttpUrl.get(cfg.baseUrl());
        PushLoopRequests requests = new PushLoopRequests(base, base.resolve("/api/v1/push"), Transport.headers(cfg));
        byte[] payload = new Payloads(256, "goload-ol").plain(); // the bytes openloop sends
        long[] sink = new long[1];
        for (int r = 0; r < rounds; r++) {
            CostMeter.print("ids100", 20_000, 100, () -> sink[0] += TransactionIds.generate(100).size());
            CostMeter.print("loopencode100", 20_000, 100, () -> sink[0] += requests.encode(
                    PushBody.uniformGenerated("bench", "p0", payload, TransactionIds.generate(100))).remaining());
        }
        System.out.println("(checksum " + sink[0] + ")");
    }
}
