package dev.goload.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.RecordSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One in-process {@code Main.run} of a load mode with artifacts under {@code dir} and run id {@code run}. */
public record LoadModeRun(int code, String out, String err, Path dir) {

    public static LoadModeRun of(Path dir, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("-out")) {
            all.addAll(List.of("-out", dir.toString()));
        }
        all.addAll(List.of("-run-id", "run"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new LoadModeRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), dir);
    }

    public List<String> lines() {
        return out.lines().toList();
    }

    /** The run's goload.run/2 record, validated against the schema. */
    public JsonNode record() {
        try {
            JsonNode rec = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
            RecordSchema.assertValid(rec);
            dev.goload.report.RecordConsistency.assertConsistent(rec);
            return rec;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The interval CSV's rows as column → value, in order. */
    public List<java.util.Map<String, String>> intervalRows() {
        try {
            List<String> csv = Files.readAllLines(dir.resolve("run.intervals.csv"));
            String[] header = csv.getFirst().split(",");
            List<java.util.Map<String, String>> rows = new ArrayList<>();
            for (String line : csv.subList(1, csv.size())) {
                String[] v = line.split(",", -1);
                java.util.Map<String, String> row = new java.util.LinkedHashMap<>();
                for (int i = 0; i < header.length; i++) row.put(header[i], v[i]);
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The full intervals (not the partial last one, whose rates include the drain). */
    public List<java.util.Map<String, String>> fullIntervalRows() {
        return intervalRows().stream().filter(r -> !Boolean.parseBoolean(r.get("last"))).toList();
    }

    public JsonNode counters() {
        return record().get("counters");
    }

    public long counter(String name) {
        return counters().get(name).asLong();
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
