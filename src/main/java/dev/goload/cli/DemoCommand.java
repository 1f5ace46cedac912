package dev.goload.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code goload demo [-rate N] [-duration S]}: a modest open-loop run (~15 s) against the embedded broker.
 * It is exactly {@code goload -mode openloop -embedded -rate 20000 -push-batch 100 -partitions 16
 * -consumers 4 -ramp-sec 3 -pop-wait -duration 15 -report 1} with the user's demo flags substituted, delegated to the registered
 * {@code openloop} command through the normal {@link ModeRunner} path (same parser, table and validation).
 */
public final class DemoCommand {
    static final long DEFAULT_RATE = 20000;
    static final long DEFAULT_DURATION = 15;

    private final ModeRegistry registry;
    private final ModeRunner runner;

    public DemoCommand(ModeRegistry registry, ModeRunner runner) {
        this.registry = registry;
        this.runner = runner;
    }

    public static FlagTable flags() {
        return new FlagTable("goload demo")
                .intFlag("rate", DEFAULT_RATE, "offered msg/s")
                .intFlag("duration", DEFAULT_DURATION, "run length in seconds");
    }

    /** The openloop argv the demo runs, given the demo's own (already parsed) flags. */
    static List<String> openloopArgs(ParsedFlags demo) {
        return new ArrayList<>(List.of("-mode", "openloop", "-embedded",
                "-rate", Long.toString(demo.getLong("rate")),
                // a short ramp lets the JIT warm up before the full rate, and long-polling consumers do not
                // spin on empty pops: the demo then shows the steady state rather than the JVM's first second
                "-push-batch", "100", "-partitions", "16", "-consumers", "4", "-ramp-sec", "3", "-pop-wait",
                "-duration", Long.toString(demo.getLong("duration")),
                "-report", "1"));
    }

    public int run(List<String> args, PrintStream out, PrintStream err) {
        FlagTable table = flags();
        ParsedFlags f;
        try {
            f = UsageExit.parseFlagsOnly(table, args, err, "goload demo");
        } catch (UsageExit e) {
            return e.code();
        }
        ModeCommand openloop = registry.find("openloop").orElse(null);
        if (openloop == null) {
            err.println("goload demo: the openloop mode is not in this build");
            return ExitCodes.SETUP;
        }
        List<String> delegated = openloopArgs(f);
        err.println("[demo] goload " + String.join(" ", delegated));
        return runner.run(openloop, delegated, out, err);
    }
}
