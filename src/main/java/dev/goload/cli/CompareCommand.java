package dev.goload.cli;

import dev.goload.report.html.Comparison;
import dev.goload.report.html.RunFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code goload compare A B [C …] [-o compare.html]}: runs of one mode side by side (docs/reporting.md): the
 * headline figures with absolute and relative differences from A, what differs in flags, host and broker identity on
 * the console, and the timelines and percentile distributions overlaid in an HTML page. Exit 0, 1 could not write,
 * 2 bad command line, a path that is not a run, or runs of different modes.
 */
@Command(name = "goload compare", sortOptions = false,
        description = "Compare runs of one mode: headline figures side by side with differences from the first run,"
                + " differing flags, host and broker identity, and an HTML overlay of timelines and distributions.")
final class CompareCommand extends PicocliCommand {
    static final String SUMMARY = "compare runs of one mode side by side (console table + HTML overlay): goload"
            + " compare A B [C...] [-o compare.html]";

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "run records or run directories (the first is the base)")
    List<Path> runs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "compare.html",
            description = "where to write the HTML overlay (default: ${DEFAULT-VALUE})")
    Path output;

    static int run(List<String> args, PrintStream out, PrintStream err) {
        return new CompareCommand().execute(args, out, err);
    }

    static CommandLine.Model.CommandSpec commandSpec() {
        return new CompareCommand().spec();
    }

    @Override
    public Integer call() {
        for (Path p : runs) {
            if (!Files.exists(p)) {
                err.println("goload compare: no such file or directory: " + p);
                return ExitCodes.USAGE;
            }
        }
        Comparison c;
        try {
            c = Comparison.load(runs);
        } catch (Comparison.Refused | RunFiles.NotARun e) {
            err.println("goload compare: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            err.println("goload compare: cannot read the runs: " + e);
            return ExitCodes.SETUP;
        }
        out.print(c.consoleTable());
        try {
            Path written = c.page().write(output);
            out.printf("[compare] %s (%d KB)%n", written, (Files.size(written) + 1023) / 1024);
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err.println("goload compare: cannot write " + output + ": " + e);
            return ExitCodes.SETUP;
        }
    }
}
