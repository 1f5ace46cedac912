package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerLeaseTest extends ClockedBrokerTest {
    @Test
    void heldLeaseBlocksPartitionUntilEveryDeliveredMessageIsAcked() {
        c.push("q", "p1", "{\"n\":1}");
        c.push("q", "p1", "{\"n\":2}");
        TestClient.Resp first = c.pop("q/partition/p1?batch=2");
        assertEquals(200, first.status());
        JsonNode msgs = first.json().get("messages");
        assertEquals(2, msgs.size());
        c.push("q", "p1", "{\"n\":3}");
        assertEquals(204, c.pop("q/partition/p1?batch=10").status(), "leased partition must not be popped");

        JsonNode ack1 = c.ack(msgs.get(0), "completed").json().get(0);
        assertTrue(ack1.get("success").asBoolean());
        assertFalse(ack1.get("leaseReleased").asBoolean());
        assertEquals(204, c.pop("q/partition/p1?batch=10").status(), "lease held until the whole batch is acked");

        JsonNode ack2 = c.ack(msgs.get(1), "completed").json().get(0);
        assertTrue(ack2.get("leaseReleased").asBoolean());
        TestClient.Resp next = c.pop("q/partition/p1?batch=10");
        assertEquals(200, next.status());
        assertEquals(3, next.json().get("messages").get(0).get("data").get("n").asInt());
    }

    @Test
    void wildcardPopSkipsLeasedPartition() {
        c.push("q", "a", "1");
        c.push("q", "b", "2");
        String p1 = c.pop("q?batch=5").json().get("partition").asText();
        String p2 = c.pop("q?batch=5").json().get("partition").asText();
        assertNotEquals(p1, p2);
        assertEquals(204, c.pop("q?batch=5").status());
    }

    @Test
    void expiredLeaseRedeliversUnackedPartWithNewLeaseAndHigherRetryCount() {
        c.post("/api/v1/configure", "{\"queue\":\"q\",\"options\":{\"leaseTime\":1}}");
        c.push("q", "p", "{\"n\":1}");
        c.push("q", "p", "{\"n\":2}");
        JsonNode first = c.pop("q?batch=2").json();
        JsonNode msgs = first.get("messages");
        assertEquals(0, msgs.get(0).get("retryCount").asInt());
        c.ack(msgs.get(0), "completed");
        clock.advanceSeconds(2);

        JsonNode again = c.pop("q?batch=10").json();
        assertNotEquals(first.get("leaseId").asText(), again.get("leaseId").asText());
        assertEquals(1, again.get("messages").size(), "only the unacked message comes back");
        JsonNode redelivered = again.get("messages").get(0);
        assertEquals(2, redelivered.get("data").get("n").asInt());
        assertEquals(1, redelivered.get("retryCount").asInt());

        JsonNode stale = c.ack(msgs.get(1), "completed").json().get(0);
        assertFalse(stale.get("success").asBoolean());
        assertEquals("Invalid or expired lease", stale.get("error").asText());
        assertTrue(c.ack(redelivered, "completed").json().get(0).get("leaseReleased").asBoolean());
        assertEquals(1, broker.stats().leaseExpiries());
    }

    @Test
    void failedAckRedeliversWholeBatchThenDeadLettersAfterRetryLimit() {
        c.post("/api/v1/configure", "{\"queue\":\"q\",\"options\":{\"retryLimit\":1}}");
        c.push("q", "p", "{\"n\":1}");
        c.push("q", "p", "{\"n\":2}");
        JsonNode msgs = c.pop("q?batch=2").json().get("messages");
        c.ack(msgs.get(0), "completed");
        JsonNode failed = c.ack(msgs.get(1), "failed").json().get(0);
        assertTrue(failed.get("success").asBoolean());
        assertTrue(failed.get("leaseReleased").asBoolean());
        assertFalse(failed.get("dlq").asBoolean());

        JsonNode again = c.pop("q?batch=10").json().get("messages");
        assertEquals(2, again.size(), "the whole batch is redelivered");
        assertEquals(1, again.get(1).get("retryCount").asInt());
        c.ack(again.get(0), "completed");
        JsonNode dead = c.ack(again.get(1), "failed").json().get(0);
        assertTrue(dead.get("dlq").asBoolean());
        assertTrue(dead.get("leaseReleased").asBoolean());
        assertEquals(204, c.pop("q?batch=10").status(), "the dead message is not delivered again");
        assertEquals(1, c.get("/api/v1/dlq?queue=q").json().get("messages").size());
        assertEquals(1, broker.stats().deadLettered());
    }

    @Test
    void secondFailedAckOfAReleasedBatchSucceedsWithoutCountingAnotherRetry() {
        c.post("/api/v1/configure", "{\"queue\":\"q\",\"options\":{\"retryLimit\":1}}");
        for (int i = 0; i < 3; i++) c.push("q", "p", "{\"n\":" + i + "}");
        JsonNode msgs = c.pop("q?batch=3").json().get("messages");
        String lease = msgs.get(0).get("leaseId").asText();
        String body = "{\"acknowledgments\":[" + ackJson(msgs.get(0), lease) + "," + ackJson(msgs.get(2), lease) + "]}";
        JsonNode r = c.post("/api/v1/ack/batch", body).json();
        assertTrue(r.get(0).get("success").asBoolean());
        assertTrue(r.get(1).get("success").asBoolean(), "the batch is already redelivered: not an invalid lease");

        JsonNode again = c.pop("q?batch=3").json().get("messages");
        assertEquals(3, again.size());
        assertEquals(1, again.get(0).get("retryCount").asInt(), "one failed call = one retry");
        JsonNode dead = c.ack(again.get(0), "failed").json().get(0);
        assertTrue(dead.get("dlq").asBoolean(), "retryLimit 1 reached after exactly one counted retry");
    }

    private static String ackJson(JsonNode m, String lease) {
        return "{\"transactionId\":\"" + m.get("transactionId").asText() + "\",\"partitionId\":\""
                + m.get("partitionId").asText() + "\",\"leaseId\":\"" + lease + "\",\"status\":\"failed\"}";
    }

    @Test
    void retryAckReleasesWithoutCountingARetry() {
        c.push("q", "p", "{\"n\":1}");
        JsonNode m = c.pop("q?batch=1").json().get("messages").get(0);
        assertTrue(c.ack(m, "retry").json().get(0).get("leaseReleased").asBoolean());
        JsonNode again = c.pop("q?batch=1").json().get("messages").get(0);
        assertEquals(m.get("transactionId").asText(), again.get("transactionId").asText());
        assertEquals(0, again.get("retryCount").asInt());
    }

    @Test
    void multiPartitionPopSharesOneLeaseReleasedPerPartition() {
        for (String p : new String[] {"a", "b", "c"}) {
            c.push("q", p, "{\"p\":\"" + p + "\"}");
        }
        JsonNode r = c.pop("q?batch=10&partitions=2").json();
        assertEquals(2, r.get("partitionsClaimed").asInt());
        JsonNode msgs = r.get("messages");
        assertEquals(2, msgs.size());
        assertEquals(msgs.get(0).get("leaseId").asText(), msgs.get(1).get("leaseId").asText());
        assertNotEquals(msgs.get(0).get("partitionId").asText(), msgs.get(1).get("partitionId").asText());
        String batch = "{\"acknowledgments\":[" + ackJson(msgs.get(0)) + "," + ackJson(msgs.get(1)) + "]}";
        JsonNode acks = c.post("/api/v1/ack/batch", batch).json();
        assertEquals(2, acks.size());
        assertTrue(acks.get(0).get("leaseReleased").asBoolean());
        assertTrue(acks.get(1).get("leaseReleased").asBoolean());
        assertEquals(1, acks.get(1).get("index").asInt());
    }

    @Test
    void leaseExtendNeverShortensAndUnknownLeaseIsNotFound() {
        c.push("q", "p", "1");
        String leaseId = c.pop("q?batch=1").json().get("leaseId").asText();
        JsonNode longer = c.post("/api/v1/lease/" + leaseId + "/extend", "{\"seconds\":600}").json().get(0);
        assertTrue(longer.get("success").asBoolean());
        Instant extended = Instant.parse(longer.get("expiresAt").asText());
        assertEquals(clock.instant().plusSeconds(600), extended);
        JsonNode shorter = c.post("/api/v1/lease/" + leaseId + "/extend", "{\"seconds\":1}").json().get(0);
        assertEquals(extended, Instant.parse(shorter.get("newExpiresAt").asText()));
        clock.advanceSeconds(400);
        assertEquals(204, c.pop("q?batch=1").status(), "extended lease still holds after the default 300 s");

        JsonNode unknown = c.post("/api/v1/lease/00000000-0000-0000-0000-000000000000/extend", "{}").json().get(0);
        assertFalse(unknown.get("success").asBoolean());
        assertEquals("Lease not found", unknown.get("error").asText());
    }

    @Test
    void ackWithoutLeaseIdIsAppliedAndUnknownMessageIsNotFound() {
        c.push("q", "p", "1");
        JsonNode m = c.pop("q?batch=1").json().get("messages").get(0);
        String body = "{\"transactionId\":\"" + m.get("transactionId").asText() + "\",\"partitionId\":\""
                + m.get("partitionId").asText() + "\",\"status\":\"completed\"}";
        JsonNode ok = c.post("/api/v1/ack", body).json().get(0);
        assertTrue(ok.get("success").asBoolean());
        assertTrue(ok.get("leaseReleased").asBoolean());
        JsonNode missing = c.post("/api/v1/ack", "{\"transactionId\":\"nope\",\"partitionId\":\""
                + m.get("partitionId").asText() + "\"}").json().get(0);
        assertEquals("Message not found", missing.get("error").asText());
    }

    @Test
    void consumedMessagesAreDroppedAfterGraceSoTheirTransactionIdCanBeReused() {
        String item = "{\"items\":[{\"queue\":\"q\",\"partition\":\"p\",\"payload\":{},\"transactionId\":\"tx\"}]}";
        c.post("/api/v1/push", item);
        c.pop("q?batch=1&autoAck=true");
        assertEquals("duplicate", c.post("/api/v1/push", item).json().get(0).get("status").asText(),
                "retained during the grace period");
        c.pop("q?batch=1&autoAck=true"); // nothing new; consumes nothing
        clock.advanceSeconds(10);
        c.push("q", "p", "{}"); // pushes and acks trim
        c.pop("q?batch=1&autoAck=true");
        assertEquals("queued", c.post("/api/v1/push", item).json().get(0).get("status").asText());
    }

    @Test
    void lateConsumerGroupStillSeesRecentlyConsumedHistory() {
        c.push("q", "p", "1");
        assertEquals(200, c.pop("q?batch=1&consumerGroup=a&autoAck=true").status());
        assertEquals(200, c.pop("q?batch=1&consumerGroup=b&autoAck=true").status());
    }

    private static String ackJson(JsonNode m) {
        return "{\"transactionId\":\"" + m.get("transactionId").asText() + "\",\"partitionId\":\""
                + m.get("partitionId").asText() + "\",\"leaseId\":\"" + m.get("leaseId").asText()
                + "\",\"status\":\"completed\"}";
    }
}
