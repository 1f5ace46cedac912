package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The summary's {@code floor} object: {@link PushFloor}'s result (the last JSON line of {@code floor/console.log}),
 * its whole-process figures from GNU time ({@link WholeProcess}), and {@code goloadOverFloor}, the push phase's
 * whole-process CPU per message over the floor's, both measured in the same bench run.
 */
final class FloorPhase {
    private FloorPhase() {}

    /** The floor object for {@code work/floor}, or null when the phase did not run. */
    static ObjectNode of(ObjectMapper json, Path work, JsonNode push) throws IOException {
        Path dir = work.resolve("floor");
        Path console = dir.resolve("console.log");
        if (!Files.isRegularFile(console)) return null;
        JsonNode result = null;
        List<String> lines = Files.readAllLines(console);
        for (String l : lines.reversed()) {
            if (l.startsWith("{\"schema\":\"goload.floor/1\"")) {
                result = json.readTree(l);
                break;
            }
        }
        ObjectNode o = json.createObjectNode();
        Path command = dir.resolve("command.txt");
        if (Files.isRegularFile(command)) o.put("command", Files.readString(command).strip());
        if (result == null) return o.put("error", "no result line in floor/console.log");
        o.set("result", result);
        ObjectNode whole = WholeProcess.of(json, dir, result.path("messages").asLong(), result.path("answered").asLong());
        o.set("wholeProcess", whole);
        JsonNode floorUs = whole == null ? null : whole.get("cpuMicrosPerMsg");
        JsonNode goloadUs = push == null ? null : push.path("wholeProcess").get("cpuMicrosPerMsg");
        if (floorUs != null && floorUs.isNumber() && goloadUs != null && goloadUs.isNumber()) {
            o.put("goloadCpuMicrosPerMsg", goloadUs.asDouble());
            o.put("goloadOverFloor", goloadUs.asDouble() / floorUs.asDouble());
        }
        return o;
    }
}
