package dev.goload.bench;

import dev.goload.client.ClientConfig;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenClient;
import dev.goload.endpoint.FixedEndpoint;
import dev.goload.modes.Payloads;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Not a test (never run by the build): the client's own cost per message on its calling thread — bytes allocated
 * (deterministic) and thread CPU time (kernel time of its socket calls included) — for push requests of 100 and of
 * 1, and pop 500 + ack, against the fixed endpoint in this JVM. The endpoint's threads are not counted, so the
 * figures hold on a loaded machine far better than whole-process CPU. Run:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) dev.goload.bench.ClientCostHarness [rounds]}.
 */
public final class ClientCostHarness {
    private ClientCostHarness() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        try (FixedEndpoint.Serving server = FixedEndpoint.of(100, 500, 500, 256, false).start(any, 1);
             FixedEndpoint.Serving server1 = FixedEndpoint.of(1, 500, 500, 256, false).start(any, 1);
             QueenClient push100 = client(server); QueenClient push1 = client(server1)) {
            byte[] payload = new Payloads(256, "goload-ol").plain(); // the bytes openloop sends
            PopRequest pop = PopRequest.of("bench").withBatch(500);
            PopRequest popAuto = pop.withAutoAck(true);
            for (int r = 0; r < rounds; r++) {
                CostMeter.print("push100", 2_000, 100, () -> push100.push("bench", null, payload, 100));
                CostMeter.print("push1", 20_000, 1, () -> push1.push("bench", null, payload, 1));
                CostMeter.print("pop500+ack", 400, 500, () -> {
                    PopResult p = push100.pop(pop);
                    List<Message> m = p.messages();
                    push100.ackMessages(m, true, null);
                });
                CostMeter.print("pop500auto", 400, 500, () -> push100.pop(popAuto));
            }
        }
    }

    private static QueenClient client(FixedEndpoint.Serving server) {
        return new QueenClient(ClientConfig.of("http://127.0.0.1:" + server.port()));
    }
}
