package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a run's artifacts are, found from what a user points {@code goload report} at: a record
 * ({@code <run-id>.json}, or cloud's and order's {@code <run-id>.run.json}) or the directory holding one. The interval
 * CSV, the {@code .hlog} and runpt's cell series ({@code <run-id>.cpu.csv}, {@code <run-id>.pg.csv},
 * {@code <run-id>.shape.txt}) are looked for next to the record by the run id, so a run directory that was moved or
 * copied still reports. Stateless.
 *
 * @param record the run record
 * @param json   the record, parsed
 * @param csv    the interval CSV, or null when absent
 * @param hlog   the histogram log, or null when absent
 */
public record RunFiles(Path record, JsonNode json, Path csv, Path hlog, Path cellCpu, Path cellPg, Path cellShape) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A path that does not lead to one readable run (the command exits 2 with the message). */
    public static final class NotARun extends Exception {
        public NotARun(String message) {
            super(message);
        }
    }

    /** True when {@code dir} is a ladder's output directory (it holds {@code ladder.json}). */
    public static boolean isLadder(Path dir) {
        return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve("ladder.json"));
    }

    /** Finds the run at {@code path} (a record file or a directory holding exactly one record). */
    public static RunFiles locate(Path path) throws NotARun {
        Path record = Files.isDirectory(path) ? recordIn(path) : path;
        if (!Files.isRegularFile(record)) throw new NotARun("no such run record or directory: " + path);
        JsonNode json;
        try {
            json = JSON.readTree(record.toFile());
        } catch (IOException e) {
            throw new NotARun("cannot read the run record " + record + ": " + e.getMessage());
        }
        if (json == null || !json.path("schema").asText("").startsWith("goload.run/")) {
            throw new NotARun(record + " is not a goload run record (no \"schema\": \"goload.run/…\")");
        }
        String id = json.path("runId").asText("");
        Path dir = record.toAbsolutePath().getParent();
        return new RunFiles(record, json, sibling(dir, id, ".intervals.csv"), sibling(dir, id, ".hlog"),
                sibling(dir, id, ".cpu.csv"), sibling(dir, id, ".pg.csv"), sibling(dir, id, ".shape.txt"));
    }

    /** The one run record in {@code dir}; cloud's and order's {@code .run.json} win over their reference JSON. */
    private static Path recordIn(Path dir) throws NotARun {
        List<Path> records = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".json") && isRunRecord(p)) records.add(p);
            }
        } catch (IOException e) {
            throw new NotARun("cannot list " + dir + ": " + e.getMessage());
        }
        if (records.isEmpty()) throw new NotARun("no goload run record (*.json with a goload.run schema) in " + dir);
        if (records.size() > 1) {
            throw new NotARun("several run records in " + dir + ": name one of "
                    + String.join(", ", records.stream().map(p -> p.getFileName().toString()).toList()));
        }
        return records.getFirst();
    }

    private static boolean isRunRecord(Path p) {
        try {
            JsonNode n = JSON.readTree(p.toFile());
            return n != null && n.path("schema").asText("").startsWith("goload.run/");
        } catch (IOException e) {
            return false;
        }
    }

    private static Path sibling(Path dir, String runId, String suffix) {
        if (runId.isEmpty()) return null;
        Path p = dir.resolve(runId + suffix);
        return Files.isRegularFile(p) ? p : null;
    }
}
