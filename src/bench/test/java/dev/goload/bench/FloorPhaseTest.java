package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary's floor: its result line, its whole-process cost per message, and goload's over it. */
class FloorPhaseTest {
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void goloadOverFloorIsThePushPhasesWholeProcessCostOverTheFloors() throws Exception {
        Path floor = Files.createDirectories(work.resolve("floor"));
        Files.writeString(floor.resolve("console.log"), "some JVM warning\n{\"schema\":\"goload.floor/1\",\"scheduled\":10000,"
                + "\"sent\":10000,\"answered\":10000,\"messages\":1000000,\"complete\":true}\n");
        Files.writeString(floor.resolve("time.txt"), BenchSummaryTest.timeV(0.1, 0.15, 102_400)); // 0.25 s / 1e6 msgs
        JsonNode push = json.readTree("{\"wholeProcess\":{\"cpuMicrosPerMsg\":1.0}}");
        JsonNode f = FloorPhase.of(json, work, push);
        assertEquals(0.25, f.path("wholeProcess").path("cpuMicrosPerMsg").asDouble(), 1e-9);
        assertEquals(25.0, f.path("wholeProcess").path("cpuMicrosPerRequest").asDouble(), 1e-9);
        assertEquals(4.0, f.path("goloadOverFloor").asDouble(), 1e-9);
        assertEquals(10000, f.path("result").path("answered").asLong());
    }

    @Test
    void noRatioWithoutAPushPhaseAndNoFloorWithoutItsRun() throws Exception {
        assertNull(FloorPhase.of(json, work, null), "the phase did not run");
        Path floor = Files.createDirectories(work.resolve("floor"));
        Files.writeString(floor.resolve("console.log"), "{\"schema\":\"goload.floor/1\",\"answered\":5,\"messages\":500}\n");
        Files.writeString(floor.resolve("time.txt"), BenchSummaryTest.timeV(0.1, 0.1, 1024));
        assertFalse(FloorPhase.of(json, work, null).has("goloadOverFloor"), "a ratio against nothing would be made up");
        Files.writeString(floor.resolve("console.log"), "Exception in thread \"main\" java.net.ConnectException\n");
        assertEquals("no result line in floor/console.log", FloorPhase.of(json, work, null).path("error").asText());
    }
}
