package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerPushPopTest {
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
    void pushCreatesPartitionsLazilyAndAnswers201InRequestOrder() {
        TestClient.Resp r = c.post("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"payload\":{\"a\":1}},"
                + "{\"queue\":\"q\",\"partition\":\"x\",\"payload\":\"s\",\"transactionId\":\"t-2\"}]}");
        assertEquals(201, r.status());
        JsonNode items = r.json();
        assertEquals("queued", items.get(0).get("status").asText());
        assertEquals("t-2", items.get(1).get("transaction_id").asText());
        assertEquals("t-2", items.get(1).get("transactionId").asText());
        assertNotEquals(items.get(0).get("partition_id").asText(), items.get(1).get("partitionId").asText());
        assertEquals(201, c.post("/api/v1/push", "{\"items\":[]}").status());
        assertEquals("[]", c.post("/api/v1/push", "{\"items\":[]}").body());
    }

    @Test
    void pushBodiesAreReadWholeWhateverTheirFraming() {
        String big = "{\"items\":[{\"queue\":\"q\",\"partition\":\"p\",\"payload\":{\"s\":\""
                + "x".repeat(100_000) + "\"}}]}";
        assertEquals(201, c.post("/api/v1/push", big).status(), "a body larger than one read buffer");
        TestClient.Resp chunked = c.postChunked("/api/v1/push",
                "{\"items\":[{\"queue\":\"q\",\"partition\":\"p\",\"payload\":2}]}");
        assertEquals(201, chunked.status(), chunked.body());
        JsonNode msgs = c.pop("q?batch=10&autoAck=true").json().get("messages");
        assertEquals(2, msgs.size());
        assertEquals(100_000, msgs.get(0).get("data").get("s").asText().length());
        assertEquals(2, msgs.get(1).get("data").asInt());
    }

    @Test
    void popsArriveFifoPerPartitionWithPayloadVerbatim() {
        for (int i = 0; i < 5; i++) {
            c.push("q", "p", "{ \"n\" : " + i + ", \"f\": 1.50 }");
        }
        TestClient.Resp r = c.pop("q/partition/p?batch=5&autoAck=true");
        assertTrue(r.body().contains("{ \"n\" : 0, \"f\": 1.50 }"), r.body());
        JsonNode msgs = r.json().get("messages");
        for (int i = 0; i < 5; i++) {
            assertEquals(i, msgs.get(i).get("data").get("n").asInt());
        }
    }

    @Test
    void duplicateTransactionIdIsDetectedPerPartitionOnly() {
        JsonNode orig = c.post("/api/v1/push", item("p", "tx-1")).json().get(0);
        JsonNode dup = c.post("/api/v1/push", item("p", "tx-1")).json().get(0);
        assertEquals("duplicate", dup.get("status").asText());
        assertEquals(orig.get("message_id").asText(), dup.get("message_id").asText());
        assertEquals("queued", c.post("/api/v1/push", item("other", "tx-1")).json().get(0).get("status").asText());
        assertEquals(1, broker.stats().duplicates());
    }

    @Test
    void nonUuidTraceIdFailsOnlyItsItem() {
        JsonNode r = c.post("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"payload\":1,\"traceId\":\"abc\"},"
                + "{\"queue\":\"q\",\"payload\":2,\"traceId\":\"0192f1d2-0000-7000-8000-000000000001\"}]}").json();
        assertEquals("failed", r.get(0).get("status").asText());
        assertEquals("queued", r.get(1).get("status").asText());
    }

    @Test
    void autoAckMovesCursorWithoutLease() {
        c.push("q", "p", "1");
        c.push("q", "p", "2");
        JsonNode r = c.pop("q?batch=10&autoAck=true").json();
        assertEquals("", r.get("leaseId").asText());
        assertEquals(2, r.get("messages").size());
        assertEquals(204, c.pop("q?batch=10&autoAck=true").status());
    }

    @Test
    void eachConsumerGroupSeesEveryMessageAndQueueModeIsSeparate() {
        c.push("q", "p", "1");
        c.push("q", "p", "2");
        assertEquals(2, c.pop("q?batch=10&consumerGroup=a&autoAck=true").json().get("messages").size());
        assertEquals(2, c.pop("q?batch=10&consumerGroup=b&autoAck=true").json().get("messages").size());
        JsonNode queueMode = c.pop("q?batch=10").json();
        assertEquals("__QUEUE_MODE__", queueMode.get("consumerGroup").asText());
        assertEquals(2, queueMode.get("messages").size());
        assertEquals(204, c.pop("q?batch=10&consumerGroup=a&autoAck=true").status());
    }

    @Test
    void subscriptionModeNewSkipsHistoryOnFirstPop() {
        c.push("q", "p", "{\"old\":true}");
        assertEquals(204, c.pop("q?batch=10&consumerGroup=late&subscriptionMode=new").status());
        c.push("q", "p", "{\"old\":false}");
        JsonNode msgs = c.pop("q?batch=10&consumerGroup=late&subscriptionMode=new").json().get("messages");
        assertEquals(1, msgs.size());
        assertEquals(false, msgs.get(0).get("data").get("old").asBoolean());
    }

    @Test
    void longPollParksInTheBrokerUntilAPushWakesIt() throws Exception {
        CompletableFuture<TestClient.Resp> waiting =
                CompletableFuture.supplyAsync(() -> c.pop("q?batch=5&wait=true&timeout=60000"));
        // observed, not assumed after a sleep: the pop reached the broker, found nothing and is parked
        awaitParkedPops(1, waiting);
        assertFalse(waiting.isDone(), "a parked long-poll must not have answered before a push");
        assertEquals(0, broker.stats().emptyPops());
        c.push("q", "p", "{\"late\":true}");
        // the timeout is 60 s: an answer within the get's bound can only be the push waking it
        TestClient.Resp r = waiting.get(30, TimeUnit.SECONDS);
        assertEquals(200, r.status());
        assertTrue(r.json().get("messages").get(0).get("data").get("late").asBoolean());
        assertEquals(0, broker.stats().parkedPops(), "the woken pop left the parked gauge");
        assertEquals(0, broker.stats().emptyPops());
    }

    /** Waits (bounded) until {@code n} pops are parked in the broker; fails early if the pop answered instead. */
    private void awaitParkedPops(int n, CompletableFuture<?> pop) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (broker.stats().parkedPops() < n) {
            assertFalse(pop.isDone(), "the long-poll answered without parking");
            assertTrue(System.nanoTime() < deadline, "no long-poll parked in the broker within 20 s");
            Thread.sleep(5);
        }
    }

    @Test
    void longPollTimesOutWith204() {
        long t0 = System.nanoTime();
        TestClient.Resp r = c.pop("q?batch=5&wait=true&timeout=500");
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(204, r.status());
        // not at once: the broker held it for its 500 ms (the 204 and the counters say it timed out rather than failed)
        assertTrue(ms >= 450, "returned after " + ms + " ms");
        assertEquals(1, broker.stats().emptyPops());
        assertEquals(0, broker.stats().parkedPops(), "a timed-out pop left the parked gauge");
    }

    @Test
    void batchBudgetSpansPartitionsAndAutopilotReportsItsChoice() {
        for (int i = 0; i < 6; i++) {
            c.push("q", "p" + (i % 3), String.valueOf(i));
        }
        JsonNode r = c.pop("q?batch=3&partitions=3").json();
        assertEquals(3, r.get("messages").size(), "batch is a global budget");
        JsonNode a = c.pop("q?autopilot=true&autoAck=true&consumerGroup=g").json();
        assertEquals(3, a.get("autopilot").get("partitions").asInt());
        assertEquals(100, a.get("autopilot").get("batch").asInt());
        assertEquals(6, a.get("messages").size());
    }

    private static String item(String partition, String txn) {
        return "{\"items\":[{\"queue\":\"q\",\"partition\":\"" + partition + "\",\"payload\":{},\"transactionId\":\""
                + txn + "\"}]}";
    }
}
