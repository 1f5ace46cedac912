package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The figures both tools print in the reference's formats (goload-behavior.md), so a reference binary that writes
 * no goload run record is measured from the same bytes as goload: the {@code [final]} line of openloop/max, and the
 * cloud mode's {@code <run-id>.json}.
 */
final class ToolOutput {
    private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z]+)=(-?\\d+(?:\\.\\d+)?)");

    private ToolOutput() {}

    /**
     * The {@code key=number} pairs of the console's last {@code [final] … pushed=…} line (the reference's summary, not
     * goload's {@code [final] +} additions or warnings); the first occurrence of a key wins
     * (openloop's {@code offered=} is requests, its later {@code (msgs: offered=…)} messages). Empty when none.
     */
    static Map<String, Double> finalLine(Path console) throws IOException {
        Map<String, Double> out = new HashMap<>();
        if (!Files.isRegularFile(console)) return out;
        List<String> lines = Files.readAllLines(console);
        String last = null;
        for (String l : lines) {
            // the reference's line (openloop and max both print pushed=); goload adds "[final] + …" and
            // "[final] WARNING …" lines around it, in an order stdout and stderr interleave
            if (l.startsWith("[final] ") && l.contains(" pushed=")) last = l;
        }
        if (last == null) return out;
        Matcher m = KEY_VALUE.matcher(last);
        while (m.find()) out.putIfAbsent(m.group(1), Double.parseDouble(m.group(2)));
        return out;
    }

    /** The cloud mode's reference-format record in {@code dir} (top-level {@code achieved} and {@code verify}), or null. */
    static JsonNode cloudRecord(Path dir, ObjectMapper json) throws IOException {
        if (!Files.isDirectory(dir)) return null;
        List<Path> candidates;
        try (Stream<Path> s = Files.list(dir)) {
            candidates = s.filter(p -> p.toString().endsWith(".json") && !p.toString().endsWith(".run.json")
                    && !p.toString().endsWith(".tenants.json")).sorted().toList();
        }
        for (Path p : candidates) {
            JsonNode n = json.readTree(p.toFile());
            if (n.has("achieved") && n.has("verify")) return n;
        }
        return null;
    }

    /** goload's own run record ({@code <run-id>.run.json}, schema goload.run/2) in {@code dir}, or null. */
    static JsonNode runRecord(Path dir, ObjectMapper json) throws IOException {
        if (!Files.isDirectory(dir)) return null;
        try (Stream<Path> s = Files.list(dir)) {
            Path p = s.filter(f -> f.toString().endsWith(".run.json")).sorted().findFirst().orElse(null);
            return p == null ? null : json.readTree(p.toFile());
        }
    }
}
