package dev.goload.modes.cm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.PopRequest;
import dev.goload.client.PushItem;
import dev.goload.client.QueenClient;
import dev.goload.modes.RunSignal;
import dev.goload.verify.CmStage;
import java.util.List;
import org.junit.jupiter.api.Test;

class StablePushTest {
    @Test
    void transactionIdsAreStablePerRunAndDistinctAcrossRunsQueuesAndSeqs() {
        CmEvents a = new CmEvents(64, "run-1"), b = new CmEvents(64, "run-2");
        assertEquals(a.transactionId("cm-avail", 3, 7), a.transactionId("cm-avail", 3, 7));
        assertNotEquals(a.transactionId("cm-avail", 3, 7), b.transactionId("cm-avail", 3, 7));
        assertNotEquals(a.transactionId("cm-avail", 3, 7), a.transactionId("cm-ota-sync", 3, 7));
        assertNotEquals(a.transactionId("cm-avail", 3, 7), a.transactionId("cm-avail", 3, 8));
    }

    @Test
    void aRepeatedPushWithTheSameIdIsDeduplicatedByTheBroker() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             QueenClient client = new QueenClient(ClientConfig.of(broker.url()))) {
            CmEvents ev = new CmEvents(64, "n");
            CmCounters counters = new CmCounters(CmStage.standard(""));
            RunSignal signal = new RunSignal();
            dev.goload.metrics.RunCounters run = new dev.goload.metrics.RunCounters();
            StablePush push = new StablePush(new dev.goload.modes.PushSender(run, new dev.goload.metrics.RunRecorders(),
                    dev.goload.pace.NanoClock.SYSTEM), client, signal, 3, counters, dev.goload.pace.NanoClock.SYSTEM);
            PushItem item = new PushItem("q", "p1", ev.ingress('A', 1, 1, 5), ev.transactionId("q", 1, 1), null);
            assertEquals(StablePush.Outcome.OK, push.pushNow(List.of(item), 0));
            // the "retry" of an attempt whose answer was lost: accepted as a duplicate, stored once
            assertEquals(StablePush.Outcome.OK, push.pushNow(List.of(item), 0));
            assertEquals(2, run.sentReq.sum(), "each attempt is a sent request");
            assertEquals(1, run.itemDuplicate.sum(), "the second was answered duplicate");
            var popped = client.pop(PopRequest.of("q").withPartition("p1").withBatch(10).withCaptureData(true));
            assertEquals(1, popped.size());
            CmEvents.Event e = CmEvents.decode(popped.messages().getFirst().data());
            assertEquals(new CmEvents.Event(1, 1, 5), e);
        }
    }

    @Test
    void flowBPayloadCarriesARatesPadOfTheRequestedSize() {
        byte[] body = new CmEvents(2048, "n").ingress('B', 12, 34, 56);
        String s = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(true, body.length >= 2048 && s.contains("\"rates\":[{\"d\":\"2026-01-01\""), s);
        assertEquals(new CmEvents.Event(12, 34, 56), CmEvents.decode(body));
    }

    @Test
    void bodiesHaveTheReferenceShape() {
        CmEvents ev = new CmEvents(1, "n");
        assertEquals("{\"prop\":1,\"flow\":\"B\",\"seq\":2,\"ts\":3,\"rates\":[{\"d\":\"2026-01-01\",\"p\":80.00,\"a\":0}]}",
                new String(ev.ingress('B', 1, 2, 3), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("{\"prop\":4,\"flow\":\"A\",\"seq\":5,\"ts\":6}",
                new String(ev.ingress('A', 4, 5, 6), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("{\"prop\":4,\"flow\":\"B\",\"seq\":5,\"ts\":6}",
                new String(ev.derived('B', new CmEvents.Event(4, 5, 6)), java.nio.charset.StandardCharsets.UTF_8),
                "derived bodies carry the stamps forward, without the pad");
    }
}
