package dev.goload.cli;

import java.io.PrintStream;

/**
 * A mode whose engine is not in this build yet: its flags parse and validate exactly as they will
 * (so {@code -h} and flag errors behave), then it says so and exits 1.
 */
public record PendingModeCommand(String name, FlagTable flags) implements ModeCommand {
    @Override
    public String summary() { return ModeRegistry.summaryOf(name); }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) {
        err.println("goload: -mode " + name + " is not available in this build yet");
        return 1;
    }
}
