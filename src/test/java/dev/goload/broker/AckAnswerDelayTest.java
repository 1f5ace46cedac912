package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The test-only {@link EmbeddedBroker#delayAckAnswers}: the ack takes effect at once, only its answer is late. */
class AckAnswerDelayTest {

    @Test
    void aDelayedAckAnswerArrivesAfterThePartitionsNextMessageWasDeliveredElsewhere() throws Exception {
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults())) {
            TestClient first = new TestClient(b.url());
            TestClient second = new TestClient(b.url());
            assertEquals(201, first.push("q", "p", "0").status());
            assertEquals(201, first.push("q", "p", "1").status());
            JsonNode m0 = first.pop("q/partition/p?batch=1").json().get("messages").get(0);
            b.delayAckAnswers(3_000, 1);

            CompletableFuture<JsonNode> ack = CompletableFuture.supplyAsync(() -> first.ack(m0, "completed").json());
            // the ack was applied before its answer left: the lease is released and m1 is delivered meanwhile
            JsonNode m1 = null;
            for (int i = 0; i < 100 && m1 == null; i++) {
                JsonNode msgs = second.pop("q/partition/p?batch=1").json().path("messages");
                if (msgs.size() > 0) m1 = msgs.get(0);
                else Thread.sleep(20);
            }
            assertTrue(m1 != null, "the partition's next message was delivered while the ack answer was held");
            assertEquals(1, m1.get("data").asInt(), m1.toString());
            assertFalse(ack.isDone(), "the ack's answer is still held back");
            assertTrue(ack.get().get(0).get("success").asBoolean());

            b.delayAckAnswers(0, 1);
            assertTrue(second.ack(m1, "completed").json().get(0).get("success").asBoolean(), "off again");
        }
    }
}
