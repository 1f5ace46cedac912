package dev.goload.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A mode that records the flags it was run with and returns a fixed code (or throws). */
final class RecordingCommand implements ModeCommand {
    private final String name;
    private final FlagTable table;
    final List<ParsedFlags> runs = new ArrayList<>();
    int exitCode;
    RuntimeException toThrow;
    /** Throw {@link #toThrow} after the run began (as an engine would), not during setup. */
    boolean throwAfterRunBegins;

    RecordingCommand(String name, FlagTable table) {
        this.name = name;
        this.table = table;
    }

    @Override public String name() { return name; }
    @Override public String summary() { return "recording " + name; }
    @Override public FlagTable flags() { return table; }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) {
        runs.add(f);
        if (throwAfterRunBegins) RunStage.begin();
        if (toThrow != null) throw toThrow;
        return exitCode;
    }

    ParsedFlags last() { return runs.getLast(); }
}
