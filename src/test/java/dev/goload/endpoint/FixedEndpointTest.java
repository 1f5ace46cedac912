package dev.goload.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.AckResult;
import dev.goload.client.ClientConfig;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The canned answers must be what the real client accepts, over several requests on kept-alive connections. */
class FixedEndpointTest {
    @Test
    void theQueenClientPushesPopsAndAcksAgainstTheCannedAnswers() throws Exception {
        FixedEndpoint endpoint = new FixedEndpoint(new FixedBodies(100, 500, 500, 256));
        try (NioHttpServer server = endpoint.serve(new InetSocketAddress("127.0.0.1", 0), 2);
             QueenClient c = new QueenClient(ClientConfig.of("http://127.0.0.1:" + server.port()))) {
            c.configure("bench", Map.of("leaseTime", 30), false);
            c.health();
            byte[] payload = "{\"data\":\"x\"}".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 3; i++) {
                PushResult r = c.push("bench", "p0", payload, 100);
                assertEquals(100, r.queued(), "every item of the canned push answer is queued");
                PopResult p = c.pop(PopRequest.of("bench").withBatch(500));
                assertEquals(500, p.messages().size());
                assertTrue(p.messages().getFirst().leaseId() != null);
                AckResult a = c.ackMessages(p.messages(), true, null);
                assertEquals(500, a.succeeded());
            }
            String stats = endpoint.stats();
            assertTrue(stats.contains("\"push\":3,\"pop\":3,\"ack\":3"), stats);
        }
    }
}
