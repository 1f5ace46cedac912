package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode order} against the embedded broker's test-only loss switches: LOSS with exactly the lost sequences,
 * attributed as skipped or never stored, with their sequence numbers, in the JSON and on {@code [loss]} lines
 * before the VERDICT. The broker's clock is frozen so retention keeps every consumed message for the look-ups.
 */
class OrderLossAttributionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    @RegisterExtension
    final FrozenClockBroker broker = new FrozenClockBroker();

    private record Run(int code, String out, JsonNode json) {}

    private Run run(String runId, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("-mode", "order", "-target", "broker", "-url", broker.url(),
                "-messages", "60", "-partitions", "4", "-consumers", "2", "-pop-timeout", "300", "-drain", "2",
                "-run-id", runId, "-out", dir.toString()));
        args.addAll(List.of(extra));
        MainRun r = MainRun.of(args.toArray(String[]::new));
        return new Run(r.code(), r.out() + r.err(), JSON.readTree(dir.resolve(runId + ".json").toFile()));
    }


    @Test
    void skippedSequencesAreAttributedAsSkipped() throws Exception {
        broker.faults().skipDeliveryEvery(7);
        Run r = run("skip");
        long skipped = broker.faults().skipped();
        assertTrue(skipped > 0);
        assertEquals(3, r.code, r.out);
        assertEquals(skipped, r.json.path("missingCount").asLong(), r.out);
        JsonNode loss = r.json.path("lossAttribution");
        assertEquals(skipped, loss.path("counts").path("skipped").asLong(), loss.toString());
        assertEquals(FrozenClockBroker.texts(r.json.path("missing")).subList(0, (int) Math.min(8, skipped)),
                FrozenClockBroker.texts(loss.path("firstIds").path("skipped")));
        int line = r.out.indexOf("[loss]   skipped=" + skipped + " ");
        assertTrue(line >= 0 && line < r.out.indexOf("VERDICT FAIL"), r.out);
    }

    @Test
    void droppedPushesAreAttributedAsNeverStored() throws Exception {
        broker.faults().dropPushEvery(5); // seqs 5, 10, …: each has an earlier delivered seq of its partition
        Run r = run("drop");
        assertEquals(3, r.code, r.out);
        assertEquals(12, r.json.path("missingCount").asLong(), r.out);
        JsonNode loss = r.json.path("lossAttribution");
        assertEquals(12, loss.path("counts").path("neverStored").asLong(), loss.toString());
        assertEquals(List.of("5", "10", "15", "20", "25", "30", "35", "40"),
                FrozenClockBroker.texts(loss.path("firstIds").path("neverStored")));
    }

    @Test
    void attributeLossFalseSkipsTheLookups() throws Exception {
        broker.faults().dropPushEvery(5);
        Run r = run("off", "-attribute-loss=false");
        assertEquals(3, r.code, r.out);
        assertEquals(false, r.json.path("lossAttribution").path("enabled").asBoolean(true));
        assertTrue(r.out.contains("[loss] 12 missing not attributed (-attribute-loss=false)"), r.out);
    }
}
