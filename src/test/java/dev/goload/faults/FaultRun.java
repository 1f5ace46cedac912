package dev.goload.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One in-process {@code goload} run (the real command line, {@code Main.run}) with stdout and stderr captured, its
 * artifacts under {@code dir} (the caller passes the mode's flags for it), and what the fault tests read back.
 */
record FaultRun(int code, String out, String err, Path dir) {

    static FaultRun of(Path dir, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new FaultRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), dir);
    }

    JsonNode json(String file) {
        try {
            return new ObjectMapper().readTree(dir.resolve(file).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode record() {
        return json("run.json");
    }

    /** The number after {@code name=} in the first line starting with {@code prefix}. */
    long num(String prefix, String name) {
        for (String l : out.lines().toList()) {
            if (!l.startsWith(prefix)) continue;
            Matcher m = Pattern.compile("(?:^|[ (|])" + Pattern.quote(name) + "=(-?\\d+)").matcher(l);
            if (m.find()) return Long.parseLong(m.group(1));
        }
        throw new AssertionError("no " + name + "= in a line starting " + prefix + "\n" + this);
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
