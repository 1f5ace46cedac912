package dev.goload.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * A utility command parsed by picocli's annotations ({@code report}, {@code compare}): {@code -h/--help}, goload's
 * streams, and goload's exit codes (2 for a bad command line, 1 for anything thrown while running).
 */
abstract class PicocliCommand implements Callable<Integer> {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    PrintStream out;
    PrintStream err;

    /** Parses {@code args} into this command and runs it; returns the exit code. */
    final int execute(List<String> args, PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        CommandLine cl = new CommandLine(this);
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? ExitCodes.USAGE : ExitCodes.SETUP);
        return cl.execute(args.toArray(String[]::new));
    }

    /** The command's picocli model (for completion). */
    final CommandLine.Model.CommandSpec spec() {
        return new CommandLine(this).getCommandSpec();
    }
}
