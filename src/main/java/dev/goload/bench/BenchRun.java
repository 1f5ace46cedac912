package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** One goload run record found in a phase directory, with its interval CSV beside it. */
record BenchRun(Path file, JsonNode rec) {
    /** The rows of {@code <run-id>.intervals.csv}, column → value. */
    List<Map<String, String>> intervals() throws IOException {
        String name = file.getFileName().toString();
        Path csv = file.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".intervals.csv");
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.getFirst().split(",");
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] v = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length && i < v.length; i++) row.put(header[i], v[i]);
            rows.add(row);
        }
        return rows;
    }

    static BenchRun load(Path dir, ObjectMapper json) throws IOException {
        Path f;
        try (Stream<Path> s = Files.list(dir)) {
            f = s.filter(p -> p.getFileName().toString().matches(".*-\\d{8}-\\d{6}-.*\\.json")
                    || (p.toString().endsWith(".json") && !p.getFileName().toString().startsWith("endpoint-")))
                    .findFirst().orElseThrow(() -> new IOException("no run record in " + dir));
        }
        return new BenchRun(f, json.readTree(f.toFile()));
    }

    /** Whether the run's JVM started from an AOT cache ({@code -XX:AOTCache=…} among its arguments). */
    static boolean aotCache(JsonNode record) {
        for (JsonNode a : record.path("host").path("jvm").path("inputArguments")) {
            if (a.asText().startsWith("-XX:AOTCache=")) return true;
        }
        return false;
    }
}
