package dev.goload.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process {@code Main.run} with the real embedded broker launcher; stdout and stderr captured. */
public record MainRun(int code, String out, String err) {

    public static MainRun of(String... args) {
        return of(ModeRegistry.standard(), args);
    }

    static MainRun of(ModeRegistry registry, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), registry, BrokerLaunchers.embedded(), false);
        return new MainRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
