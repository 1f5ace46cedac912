package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/v1/messages/{partitionId}/{transactionId}}: the C++ broker's answer shape with the embedded
 * broker's per-group delivered/acked state through a message's life, retention's drop answering like the real
 * broker, and the two test-only loss switches.
 */
class EmbeddedBrokerMessagesApiTest extends ClockedBrokerTest {
    private JsonNode push(String txn) {
        TestClient.Resp r = c.post("/api/v1/push", "{\"items\":[{\"queue\":\"q\",\"partition\":\"p1\","
                + "\"payload\":{\"s\":1},\"transactionId\":\"" + txn + "\"}]}");
        assertEquals(201, r.status(), r.body());
        return r.json().get(0);
    }

    private TestClient.Resp lookup(String partitionId, String txn) {
        return c.get("/api/v1/messages/" + partitionId + "/" + txn);
    }

    private static JsonNode group(TestClient.Resp r, String name) {
        for (JsonNode g : r.json().get("consumerGroups")) {
            if (g.get("name").asText().equals(name)) {
                return g;
            }
        }
        throw new AssertionError("no group " + name + " in " + r.body());
    }

    @Test
    void aMessageIsPendingThenLeasedThenConsumedWithTheRealBrokersFields() {
        String pid = push("tx-1").get("partitionId").asText();
        TestClient.Resp pending = lookup(pid, "tx-1");
        assertEquals(200, pending.status(), pending.body());
        assertEquals("pending", pending.json().get("status").asText());
        assertEquals("tx-1", pending.json().get("transactionId").asText());
        assertEquals("q", pending.json().get("queue").asText());
        assertEquals("p1", pending.json().get("partition").asText());
        assertEquals(pid, pending.json().get("partitionId").asText());
        assertEquals(1, pending.json().get("payload").get("s").asInt());
        assertEquals(0, pending.json().get("consumerGroups").size(), "nobody popped yet");

        JsonNode msg = c.pop("q?batch=1&consumerGroup=g").json().get("messages").get(0);
        TestClient.Resp leased = lookup(pid, "tx-1");
        JsonNode g = group(leased, "g");
        assertFalse(g.get("consumed").asBoolean());
        assertTrue(g.get("delivered").asBoolean());
        assertFalse(g.get("acked").asBoolean());
        assertFalse(g.get("leaseExpiresAt").isNull(), leased.body());

        c.post("/api/v1/ack", "{\"transactionId\":\"tx-1\",\"partitionId\":\"" + pid + "\",\"leaseId\":\""
                + msg.get("leaseId").asText() + "\",\"status\":\"completed\",\"consumerGroup\":\"g\"}");
        TestClient.Resp done = lookup(pid, "tx-1");
        g = group(done, "g");
        assertTrue(g.get("consumed").asBoolean());
        assertTrue(g.get("delivered").asBoolean());
        assertTrue(g.get("acked").asBoolean());
        assertTrue(g.get("leaseExpiresAt").isNull());
        assertEquals("completed", done.json().get("status").asText());
    }

    @Test
    void anUnknownMessageOrPartitionIsA404WithTheRealBrokersNotFoundBody() {
        String pid = push("tx-1").get("partitionId").asText();
        TestClient.Resp r = lookup(pid, "tx-nope");
        assertEquals(404, r.status());
        assertEquals("Message not found", r.json().get("error").asText());
        assertEquals(404, lookup("00000000-0000-0000-0000-000000000000", "tx-1").status());
        assertEquals(404, c.forTenant("other").get("/api/v1/messages/" + pid + "/tx-1").status(),
                "another tenant's rows are invisible");
    }

    @Test
    void aConsumedMessageDroppedByRetentionAnswersNotFoundLikeTheRealBroker() {
        String pid = push("tx-1").get("partitionId").asText();
        c.pop("q?batch=1&autoAck=true");
        assertEquals(200, lookup(pid, "tx-1").status(), "kept through the grace period");
        clock.advanceSeconds(6);
        push("tx-2");
        c.pop("q?batch=1&autoAck=true"); // consuming tx-2 trims the partition: tx-1 is past its grace
        TestClient.Resp r = lookup(pid, "tx-1");
        assertEquals(404, r.status(), r.body());
        assertEquals("Message not found", r.json().get("error").asText());
    }

    @Test
    void theSkipSwitchPassesAStoredMessageWithoutDeliveringIt() {
        broker.testFaults().skipDeliveryEvery(2);
        String pid = push("tx-1").get("partitionId").asText();
        push("tx-2");
        push("tx-3");
        JsonNode msgs = c.pop("q?batch=10&autoAck=true").json().get("messages");
        assertEquals(2, msgs.size());
        assertEquals("tx-1", msgs.get(0).get("transactionId").asText());
        assertEquals("tx-3", msgs.get(1).get("transactionId").asText());
        assertEquals(1, broker.testFaults().skipped());
        JsonNode g = group(lookup(pid, "tx-2"), "__QUEUE_MODE__");
        assertTrue(g.get("consumed").asBoolean(), "the cursor passed it");
        assertFalse(g.get("delivered").asBoolean(), "nobody received it");
        assertFalse(g.get("acked").asBoolean());
        assertTrue(group(lookup(pid, "tx-1"), "__QUEUE_MODE__").get("delivered").asBoolean());
    }

    @Test
    void theDropSwitchAnswersQueuedButNeverStores() {
        broker.testFaults().dropPushEvery(2);
        JsonNode kept = push("tx-1");
        JsonNode lost = push("tx-2");
        assertEquals("queued", lost.get("status").asText(), "answered as if stored");
        assertEquals(1, broker.testFaults().dropped());
        String pid = kept.get("partitionId").asText();
        assertEquals(200, lookup(pid, "tx-1").status());
        assertEquals(404, lookup(pid, "tx-2").status());
        JsonNode msgs = c.pop("q?batch=10&autoAck=true").json().get("messages");
        assertEquals(1, msgs.size());
        assertEquals("tx-1", msgs.get(0).get("transactionId").asText());
    }
}
