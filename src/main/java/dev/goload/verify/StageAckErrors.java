package dev.goload.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Failed acks per stage, written next to {@code produced.meta} as {@code stage-ackerr.meta}
 * ({@code <queue>_<group> <count>} per line). The reference forgives order violations run-wide when any ack failed
 * anywhere (goload-behavior.md §8.2 10c); with this file the exception applies only to the stage whose acks failed.
 * It is a separate file so that {@code produced.meta} stays byte-compatible with the reference's verifier.
 */
public final class StageAckErrors {
    public static final String FILE = "stage-ackerr.meta";

    private StageAckErrors() {}

    public static void write(Path dir, Map<String, Long> byStageLabel) throws IOException {
        StringBuilder b = new StringBuilder("# goload-java: failed acks per stage (queue_group count)\n");
        byStageLabel.forEach((k, v) -> b.append(k).append(' ').append(v).append('\n'));
        Files.writeString(dir.resolve(FILE), b, StandardCharsets.UTF_8);
    }

    /** The per-stage counts, or empty when the file does not exist (logs written by the reference). */
    public static Optional<Map<String, Long>> read(Path dir) throws IOException {
        Path p = dir.resolve(FILE);
        if (!Files.exists(p)) return Optional.empty();
        Map<String, Long> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
            String[] f = line.strip().split("\\s+");
            if (f.length != 2 || f[0].startsWith("#")) continue;
            try {
                m.put(f[0], Long.parseLong(f[1]));
            } catch (NumberFormatException e) {
                // skip
            }
        }
        return Optional.of(Collections.unmodifiableMap(m));
    }
}
