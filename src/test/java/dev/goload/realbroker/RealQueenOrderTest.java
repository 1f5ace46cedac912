package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.MainRun;
import dev.goload.cli.OrderModeEmbeddedTest;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode order -target broker} against a real Queen broker: every sequence pushed and stored once, delivered in
 * order and acked, nothing delivered twice; a sequence the broker skipped is the only way to FAIL, and then the loss
 * attribution names it as skipped.
 */
@Tag("solo")
class RealQueenOrderTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    private static final int MESSAGES = 200;

    @TempDir
    Path dir;

    @Test
    void aSequentialProducerIsDeliveredInOrderOnceEach() throws Exception {
        String queue = BROKER.name("order");
        MainRun r = MainRun.of("-mode", "order", "-url", BROKER.url(), "-target", "broker", "-queue", queue,
                "-messages", Integer.toString(MESSAGES), "-partitions", "4", "-consumers", "3", "-pop-batch", "20",
                "-pop-timeout", "500", "-drain", "20", "-attribute-max", "1000", "-run-id", "order",
                "-out", dir.toString());
        String out = r.out() + r.err();
        JsonNode j = new ObjectMapper().readTree(dir.resolve("order.json").toFile());
        JsonNode rec = OrderModeEmbeddedTest.assertRunRecordAgreesWithTheReferenceJson(dir, "order", j, r.out(),
                MESSAGES);
        BROKER.assertRanAgainstIt(rec);
        assertEquals(MESSAGES, j.path("pushed").asInt(), out);
        assertEquals(0, j.path("pushErrors").asInt() + j.path("popErrors").asInt() + j.path("ackErrors").asInt(), out);
        assertEquals(0, j.path("duplicateCount").asInt(), out);
        assertEquals(0, j.path("outOfOrderCount").asInt(), out);
        long missing = j.path("missingCount").asLong();
        RealQueenBroker.note("order: pushed=" + j.path("pushed") + " delivered=" + j.path("delivered") + " missing="
                + missing + " attribution=" + j.path("lossAttribution").path("counts"));
        assertEquals(MESSAGES - missing, j.path("delivered").asLong(), "delivered once each, but the missing: " + out);
        assertEquals(j.path("delivered").asLong(), j.path("acked").asLong(), out);
        if (missing == 0) {
            assertEquals(0, r.code(), out);
            assertTrue(out.contains("\nmissing=0 duplicate=0 outOfOrder=0\n"), out);
            assertTrue(out.contains("VERDICT PASS"), out);
        } else {
            assertEquals(3, r.code(), out);
            assertTrue(out.contains("VERDICT FAIL"), out);
            LossAttributionCheck.assertEveryMissingAttributed(j.path("lossAttribution"), missing, Set.of("skipped"));
        }
        BROKER.assertStoresExactly(queue, MESSAGES);
        Set<Long> seqs = new HashSet<>();
        for (JsonNode m : BROKER.storedMessages(queue)) seqs.add(m.path("data").path("s").asLong());
        assertEquals(MESSAGES, seqs.size(), "every sequence stored once, the missing ones included");
        for (JsonNode s : j.path("missing")) assertTrue(seqs.contains(s.asLong()), "missing seq " + s + " is stored");
        assertEquals(List.of("load", "drain"), rec.path("phases").findValuesAsText("name"));
    }
}
