package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.EmbeddedBroker;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cm} against the embedded broker's skip switch: the gaps are attributed per stage, each for its own
 * consumer group — a message the broker skipped for a stage is {@code skipped}; the derived message its upstream
 * stage therefore never produced is {@code neverStored} in the downstream queue — on {@code [loss]} lines before the
 * VERDICT and in {@code loss-attribution.json} next to the logs. The broker's clock is frozen so retention keeps
 * every consumed message for the look-ups.
 */
class CmLossAttributionTest {
    @TempDir
    Path dir;

    @Test
    void gapsOfEveryStageAreAttributedForTheirOwnGroup() throws Exception {
        try (EmbeddedBroker broker = FrozenClockBroker.start()) {
            broker.testFaults().skipDeliveryEvery(11);
            Path logs = dir.resolve("logs");
            MainRun r = MainRun.of("-mode", "cm", "-url", broker.url(), "-properties", "3", "-rate-events", "40",
                    "-duration", "3", "-logdir", logs.toString(), "-warmup=false", "-final-targeted=false",
                    "-intermediate-targeted=false", "-pop-timeout", "200", "-db-sleep-min", "1", "-db-sleep-max", "1",
                    "-cal-sleep", "1", "-ota-sleep", "1", "-attribute-max", "2000");
            String out = r.out() + r.err();
            assertTrue(broker.testFaults().skipped() > 0, "the switch fired");
            assertEquals(3, r.code(), out);
            JsonNode loss = new ObjectMapper().readTree(logs.resolve(CmCommand.LOSS_FILE).toFile());
            long gaps = loss.path("missing").asLong();
            assertTrue(gaps > 0, loss.toString());
            assertTrue(out.contains("VERDICT: FAIL  (gaps=" + gaps + " "), out);
            JsonNode counts = loss.path("counts");
            long skipped = counts.path("skipped").asLong();
            assertTrue(skipped > 0 && skipped <= broker.testFaults().skipped(), loss.toString());
            assertEquals(gaps, loss.path("attributed").asLong(), "every gap attributed within the bound: " + loss);
            assertEquals(0, counts.path("pending").asLong() + counts.path("unacked").asLong()
                    + counts.path("delivered").asLong(), "nothing else lost anything: " + loss);
            assertEquals(loss.path("attributed").asLong(), skipped + counts.path("neverStored").asLong()
                    + counts.path("notCheckable").asLong(), loss.toString());
            assertTrue(loss.path("firstIds").path("skipped").get(0).asText().matches("cm-[a-z-]+_[a-z0-9-]+:\\d+:\\d+"),
                    loss.toString());
            int line = out.indexOf("[loss]   skipped=" + skipped + " ");
            assertTrue(line >= 0 && line < out.indexOf("VERDICT: FAIL"), out);
        }
    }
}
