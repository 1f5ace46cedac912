package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.report.html.RunFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One goload run record found in a phase directory by {@link RunFiles} (the report's locator: the one
 * {@code goload.run/…} record there, its interval CSV and {@code .hlog} beside it by run id).
 */
record BenchRun(RunFiles files) {
    Path file() {
        return files.record();
    }

    JsonNode rec() {
        return files.json();
    }

    /** The run's {@code .hlog}, or null when it wrote none. */
    Path hlog() {
        return files.hlog();
    }

    /** The rows of {@code <run-id>.intervals.csv}, column → value. */
    List<Map<String, String>> intervals() throws IOException {
        if (files.csv() == null) throw new IOException("no interval CSV beside " + files.record());
        List<String> lines = Files.readAllLines(files.csv());
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

    /** The run in {@code dir}; an {@link IOException} when it holds none, or several. */
    static BenchRun load(Path dir) throws IOException {
        try {
            return new BenchRun(RunFiles.locate(dir));
        } catch (RunFiles.NotARun e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Whether the run's JVM started from an AOT cache ({@code -XX:AOTCache=…} among its arguments). */
    static boolean aotCache(JsonNode record) {
        for (JsonNode a : record.path("host").path("jvm").path("inputArguments")) {
            if (a.asText().startsWith("-XX:AOTCache=")) return true;
        }
        return false;
    }
}
