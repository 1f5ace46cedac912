package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.CmModeEmbeddedTest;
import dev.goload.cli.MainRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cm} against a real Queen broker, then {@code -verify-only} on the logs it wrote: the four-queue
 * pipeline runs without a push or ack error, the verifier passes — or fails only with gaps the loss attribution names
 * (the broker skipped a message for a stage: {@code skipped} there, {@code neverStored} in the stages it would have
 * fed), never with an order violation — and the offline verifier judges the logs exactly as the run did.
 */
@Tag("solo")
class RealQueenCmTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    @Test
    void thePipelinePassesOrFailsOnlyWithAttributedGapsAndVerifyOnlyAgrees() throws Exception {
        Path logs = dir.resolve("cmlogs");
        String prefix = BROKER.name("cm") + "-";
        MainRun r = MainRun.of("-mode", "cm", "-url", BROKER.url(), "-queue-prefix", prefix, "-properties", "4",
                "-rate-events", "60", "-duration", "6", "-logdir", logs.toString(), "-db-sleep-min", "1",
                "-db-sleep-max", "3", "-cal-sleep", "1", "-ota-sleep", "2", "-sweep-floor-ms", "20",
                "-warmup-conc", "4", "-push-shards", "2", "-attribute-max", "2000", "-run-id", "cmrun");
        String out = r.out() + r.err();
        JsonNode rec = CmModeEmbeddedTest.assertRecordAgreesWithTheFinalLine(logs.resolve("cmrun.json"), "cmrun",
                r.out());
        BROKER.assertRanAgainstIt(rec);
        assertTrue(out.contains("[configure] " + prefix + "cm-avail " + prefix + "cm-ota-sync " + prefix + "cm-prices "
                + prefix + "cm-ota-prices ready"), out);
        assertTrue(out.contains("[warmup] complete in"), out);
        JsonNode c = rec.path("counters");
        assertEquals(0, c.path("ackErr").asLong() + c.path("popErr").asLong(), out);
        assertEquals(0, rec.path("section").path("pushErr").asLong() + rec.path("section").path("pushGaveUp").asLong(),
                out);
        assertTrue(Files.readString(logs.resolve("produced.meta")).startsWith("# ackErr=0 producedA="));
        JsonNode v = rec.path("section").path("verifier");
        assertEquals(0, v.path("viols").asLong(), "no order violation while every ack succeeded: " + out);
        assertEquals(0, v.path("absent").asLong() + v.path("errors").asLong(), out);
        long gaps = v.path("gaps").asLong();
        RealQueenBroker.note("cm: verifier " + v);
        if (gaps == 0) {
            assertEquals(0, r.code(), out);
            assertTrue(out.contains("VERDICT: PASS  (0 gaps below frontier, 0 order-violations, "), out);
            assertTrue(!Files.exists(logs.resolve("loss-attribution.json")), "nothing missing, nothing attributed");
        } else {
            assertEquals(3, r.code(), out);
            JsonNode loss = new ObjectMapper().readTree(logs.resolve("loss-attribution.json").toFile());
            JsonNode counts = LossAttributionCheck.assertEveryMissingAttributed(loss, gaps,
                    Set.of("skipped", "neverStored"));
            assertTrue(counts.path("skipped").asLong() > 0, "a gap starts where the broker skipped a message: " + loss);
            for (JsonNode id : loss.path("firstIds").path("neverStored")) {
                assertTrue(id.asText().startsWith(prefix + "cm-ota-"), "never stored only downstream of a skip: " + id);
            }
        }

        MainRun again = MainRun.of("-mode", "cm", "-verify-only", "-logdir", logs.toString(), "-queue-prefix", prefix);
        assertEquals(r.code(), again.code(), again.out() + again.err());
        assertEquals(verifierTable(r.out()), verifierTable(again.out()), "the logs judged as the run judged them");
    }

    /** The verifier's table and verdict: from the header to the VERDICT line, without the run's [loss] lines. */
    private static List<String> verifierTable(String out) {
        List<String> lines = out.lines().toList();
        int from = -1;
        int to = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("=== VERIFIER (dir=")) from = i;
            if (lines.get(i).startsWith("VERDICT: ")) to = i;
        }
        assertTrue(from >= 0 && to > from, out);
        return lines.subList(from, to + 1).stream().filter(l -> !l.startsWith("[loss]")).toList();
    }
}
