package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerApiTest {
    private EmbeddedBroker broker;
    private TestClient c;

    @BeforeEach
    void start() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        c = new TestClient(broker.url());
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    @Test
    void transactionWithUnknownAckAppliesNothing() {
        JsonNode r = c.post("/api/v1/transaction", "{\"operations\":[{\"type\":\"ack\",\"transactionId\":\"nope\","
                + "\"partitionId\":\"8af06227-a8f5-4432-a65f-4403e5d63f2a\",\"status\":\"completed\"},"
                + "{\"type\":\"push\",\"items\":[{\"queue\":\"tx\",\"payload\":{\"x\":1}}]}]}").json();
        assertFalse(r.get("success").asBoolean());
        assertEquals("ACK operation failed: Message not found", r.get("error").asText());
        assertEquals(204, c.pop("tx?batch=10").status(), "the push was rolled back");
        assertEquals(0, broker.stats().pushedMessages());
    }

    @Test
    void transactionAcksAndPushesTogether() {
        c.push("in", "p", "{\"step\":1}");
        JsonNode m = c.pop("in?batch=1").json().get("messages").get(0);
        JsonNode r = c.post("/api/v1/transaction", "{\"operations\":[{\"type\":\"ack\",\"transactionId\":\""
                + m.get("transactionId").asText() + "\",\"partitionId\":\"" + m.get("partitionId").asText()
                + "\",\"leaseId\":\"" + m.get("leaseId").asText() + "\",\"status\":\"completed\"},"
                + "{\"type\":\"push\",\"items\":[{\"queue\":\"out\",\"payload\":{\"step\":2}}]}],"
                + "\"requiredLeases\":[\"" + m.get("leaseId").asText() + "\"]}").json();
        assertTrue(r.get("success").asBoolean(), r.toString());
        assertTrue(r.get("transactionId").asText().length() == 36);
        assertEquals(2, c.pop("out?batch=1&autoAck=true").json().get("messages").get(0).get("data").get("step")
                .asInt());
        assertTrue(c.ack(m, "completed").json().get(0).has("error"));
    }

    @Test
    void transactionAckSkipsAnObjectValuedFieldAsASingleAckDoes() {
        c.push("in", "p", "{\"step\":1}");
        JsonNode m = c.pop("in?batch=1").json().get("messages").get(0);
        String ack = "{\"transactionId\":\"" + m.get("transactionId").asText() + "\",\"partitionId\":\""
                + m.get("partitionId").asText() + "\",\"error\":{\"detail\":[1,2]},\"leaseId\":\""
                + m.get("leaseId").asText() + "\",\"status\":\"completed\"";
        JsonNode r = c.post("/api/v1/transaction", "{\"operations\":[{\"type\":\"ack\"," + ack.substring(1)
                + "},{\"type\":\"push\",\"items\":[{\"queue\":\"out\",\"payload\":2}]}]}").json();
        assertTrue(r.get("success").asBoolean(), r.toString());
        assertTrue(r.get("results").get(0).get("leaseReleased").asBoolean(), "the fields after the object were read");
        assertEquals(2, r.get("results").size());
        assertEquals(2, broker.stats().pushedMessages(), "the push after it was applied too");
    }

    @Test
    void configureMergesUnlessReplaceAndKeepsUnknownOptions() {
        JsonNode a = c.post("/api/v1/configure",
                "{\"queue\":\"q\",\"options\":{\"leaseTime\":5,\"dedupWindowSeconds\":60}}").json();
        assertTrue(a.get("configured").asBoolean());
        assertEquals(5, a.get("options").get("leaseTime").asInt());
        JsonNode merged = c.post("/api/v1/configure", "{\"queue\":\"q\",\"options\":{\"retryLimit\":7}}").json();
        assertEquals(5, merged.get("options").get("leaseTime").asInt());
        assertEquals(7, merged.get("options").get("retryLimit").asInt());
        assertEquals(60, merged.get("options").get("dedupWindowSeconds").asInt());
        JsonNode replaced = c.post("/api/v1/configure",
                "{\"queue\":\"q\",\"mode\":\"replace\",\"options\":{\"retryLimit\":1}}").json();
        assertEquals(300, replaced.get("options").get("leaseTime").asInt());
        assertFalse(replaced.get("options").has("dedupWindowSeconds"));
    }

    @Test
    void tenantsNeverSeeEachOthersMessages() {
        TestClient t1 = c.forTenant("00000000-0000-4000-8000-000000000001");
        TestClient t2 = c.forTenant("00000000-0000-4000-8000-000000000002");
        t1.push("shared", "p", "{\"t\":1}");
        assertEquals(204, t2.pop("shared?batch=10").status());
        assertEquals(204, c.pop("shared?batch=10").status(), "no header = the default tenant");
        JsonNode m = t1.pop("shared?batch=10").json().get("messages").get(0);
        assertEquals("Message not found", t2.ack(m, "completed").json().get(0).get("error").asText());
        assertTrue(t1.ack(m, "completed").json().get(0).get("success").asBoolean());
    }

    @Test
    void badRequestsAnswer400WithQueenErrorText() {
        assertError("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"payload\":", "Invalid JSON: ");
        assertError("/api/v1/push", "", "Empty request body");
        assertError("/api/v1/push", "{\"foo\":1}", "items array is required");
        assertError("/api/v1/push", "{\"items\":[{\"payload\":{}}]}", "Queue must be a string");
        assertError("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"partition\":7}]}", "Partition must be a string");
        assertError("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"transactionId\":1}]}",
                "TransactionId must be a string");
        assertError("/api/v1/configure", "{\"options\":{}}", "queue is required");
        assertError("/api/v1/ack", "{\"partitionId\":\"x\"}", "transactionId is required");
        assertError("/api/v1/ack", "{\"transactionId\":\"x\"}", "partitionId is required to ensure message uniqueness");
        assertError("/api/v1/ack/batch", "{}", "acknowledgments array is required");
        assertError("/api/v1/transaction", "{\"operations\":[]}", "operations array cannot be empty");
    }

    @Test
    void unknownPathIs404AndHealthIsUp() {
        assertEquals(404, c.get("/api/v1/does-not-exist").status());
        assertEquals(404, c.get("/api/v1/pop?namespace=x").status());
        JsonNode h = c.get("/health").json();
        assertEquals("healthy", h.get("status").asText());
        assertEquals(200, c.get("/healthz").status());
        assertEquals(200, c.get("/metrics").status());
        assertEquals(200, c.get("/api/v1/status").status());
    }

    @Test
    void deleteQueueReportsWhetherItExisted() {
        c.push("gone", "p", "1");
        JsonNode d = c.delete("/api/v1/resources/queues/gone").json();
        assertTrue(d.get("existed").asBoolean());
        assertEquals(204, c.pop("gone?batch=1").status());
        assertFalse(c.delete("/api/v1/resources/queues/gone").json().get("existed").asBoolean());
    }

    @Test
    void responseDelaySlowsPushPopAndAck() {
        int delay = 300;
        try (EmbeddedBroker slow = EmbeddedBroker.start(BrokerOptions.defaults().withResponseDelayMillis(delay))) {
            TestClient s = new TestClient(slow.url());
            // lower bounds only: the delay is a sleep, so an answer can never come sooner
            assertTrue(millis(() -> assertEquals(201, s.push("q", "p", "1").status())) >= delay, "push");
            JsonNode[] m = new JsonNode[1];
            assertTrue(millis(() -> m[0] = s.pop("q?batch=1").json().get("messages").get(0)) >= delay, "pop");
            assertTrue(millis(() -> assertTrue(s.ack(m[0], "completed").json().get(0).get("success").asBoolean()))
                    >= delay, "ack");
        }
    }

    @Test
    void healthAnswersWhileADelayedPushIsStillWaiting() throws Exception {
        // Ordering, not a stopwatch: with a 30 s delay, a push sent first is still waiting when every health
        // check has answered; a delayed health check would answer after that push.
        EmbeddedBroker slow = EmbeddedBroker.start(BrokerOptions.defaults().withResponseDelayMillis(30_000));
        try {
            TestClient s = new TestClient(slow.url());
            CompletableFuture<TestClient.Resp> push = CompletableFuture.supplyAsync(() -> s.push("q", "p", "1"));
            for (int i = 0; i < 10; i++) {
                assertEquals(200, s.get("/health").status());
            }
            assertEquals(200, s.get("/metrics").status());
            assertFalse(push.isDone(), "the delayed push answered before the undelayed health checks");
        } finally {
            slow.close(); // interrupts the delayed push's sleep
        }
    }

    private static long millis(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    @Test
    void closeFreesThePort() throws Exception {
        EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults());
        int port = b.port();
        b.close();
        try (ServerSocket s = new ServerSocket(port, 50, java.net.InetAddress.getLoopbackAddress())) {
            assertEquals(port, s.getLocalPort());
        }
    }

    private void assertError(String path, String body, String errorPrefix) {
        TestClient.Resp r = c.post(path, body);
        assertEquals(400, r.status(), path + " " + body + " -> " + r.body());
        assertTrue(r.json().get("error").asText().startsWith(errorPrefix), r.body());
    }
}
