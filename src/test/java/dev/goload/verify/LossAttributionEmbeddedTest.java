package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PushItem;
import dev.goload.client.QueenClient;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The classifier against the embedded broker's look-up route through the real client, through a message's life:
 * delivered and consumed, leased and never acked, still pending, never stored, and consumed then dropped by the
 * broker's retention (not checkable, as against a real broker whose retention removed it).
 */
class LossAttributionEmbeddedTest {
    private final AtomicLong nowMillis = new AtomicLong(1_800_000_000_000L);
    private final InstantSource clock = new InstantSource() {
        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(nowMillis.get());
        }
    };

    private static void push(QueenClient c, String... txns) {
        for (String t : txns) {
            c.push(List.of(new PushItem("q", "p1", "{}".getBytes(StandardCharsets.UTF_8), t, null)));
        }
    }

    private static LossClass classify(QueenClient c, PartitionIds ids, String txn, String witness) {
        LossReport r = new LossAttribution((o, pid, t) -> c.lookupMessage(pid, t), (o, q, p) -> ids.idOf(p), "", 10)
                .run(1, List.of(new MissingMessage(txn, 0, "q", "p1", txn, witness, null)));
        for (LossClass k : LossClass.values()) {
            if (r.count(k) == 1) return k;
        }
        throw new AssertionError("not classified: " + r);
    }

    @Test
    void eachStageOfAMessagesLifeIsClassifiedFromTheBrokersRecord() {
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults(), clock);
             QueenClient c = new QueenClient(ClientConfig.of(b.url()))) {
            PartitionIds ids = new PartitionIds();
            push(c, "tx-1", "tx-2", "tx-3");
            for (Message m : c.pop(PopRequest.of("q").withBatch(10).withAutoAck(true)).messages()) {
                ids.learn(m.partition(), m.partitionId());
            }
            assertEquals(LossClass.DELIVERED, classify(c, ids, "tx-3", "tx-2"), "consumed after delivery");
            assertEquals(LossClass.NEVER_STORED, classify(c, ids, "tx-never", "tx-2"));

            nowMillis.addAndGet(6_000); // past the 5 s grace: the next consuming pop drops tx-1..3
            push(c, "tx-4");
            c.pop(PopRequest.of("q").withBatch(10).withAutoAck(true));
            assertEquals(LossClass.NOT_CHECKABLE, classify(c, ids, "tx-3", "tx-2"), "consumed and removed");

            push(c, "tx-5", "tx-6");
            List<Message> leased = c.pop(PopRequest.of("q").withBatch(1)).messages(); // tx-5, never acked
            assertEquals("tx-5", leased.getFirst().transactionId());
            assertEquals(LossClass.UNACKED, classify(c, ids, "tx-5", "tx-4"));
            assertEquals(LossClass.PENDING, classify(c, ids, "tx-6", "tx-4"), "behind the held lease");

            b.testFaults().skipDeliveryEvery(1);
            push(c, "tx-7");
            assertTrue(c.pop(PopRequest.of("q").withBatch(10).withConsumerGroup("g")).messages().stream()
                    .noneMatch(m -> m.transactionId().equals("tx-7")));
            LossReport skipped = new LossAttribution((o, pid, t) -> c.lookupMessage(pid, t),
                    (o, q, p) -> ids.idOf(p), "g", 10)
                    .run(1, List.of(new MissingMessage("tx-7", 0, "q", "p1", "tx-7", null, null)));
            assertEquals(1, skipped.count(LossClass.SKIPPED), skipped.toString());
        }
    }
}
