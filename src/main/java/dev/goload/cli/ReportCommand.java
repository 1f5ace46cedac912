package dev.goload.cli;

import dev.goload.report.html.HtmlReport;
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
 * {@code goload report <run dir | record.json | ladder dir> [-o report.html]}: the HTML report of an earlier run
 * (docs/reporting.md), written next to its record unless {@code -o} says where. Exit 0 written, 1 could not write,
 * 2 bad command line or not a run.
 */
@Command(name = "goload report", sortOptions = false,
        description = "Write the self-contained HTML report of a run: its record (<run-id>.json, cloud/order"
                + " <run-id>.run.json, goload.run/1 or /2), the directory holding it, or a ladder directory.")
final class ReportCommand extends PicocliCommand {
    static final String SUMMARY = "HTML report of a run (record, run directory or ladder directory): goload report"
            + " <run> [-o report.html]";

    @Parameters(index = "0", paramLabel = "RUN", description = "the run's record, its directory, or a ladder directory")
    Path source;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "where to write (default: <run-id>.html next to the record; ladder.html in a ladder directory)")
    Path output;

    static int run(List<String> args, PrintStream out, PrintStream err) {
        return new ReportCommand().execute(args, out, err);
    }

    static CommandLine.Model.CommandSpec commandSpec() {
        return new ReportCommand().spec();
    }

    @Override
    public Integer call() {
        if (!Files.exists(source)) {
            err.println("goload report: no such file or directory: " + source);
            return ExitCodes.USAGE;
        }
        Path target;
        try {
            target = output != null ? output : HtmlReport.defaultOutput(source);
            Path written = HtmlReport.write(source, target);
            out.printf("[report] %s (%d KB)%n", written, (Files.size(written) + 1023) / 1024);
            return ExitCodes.OK;
        } catch (RunFiles.NotARun e) {
            err.println("goload report: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException | RuntimeException e) {
            err.println("goload report: cannot write the report of " + source + ": " + e);
            return ExitCodes.SETUP;
        }
    }
}
