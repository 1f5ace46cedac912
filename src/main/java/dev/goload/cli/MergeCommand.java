package dev.goload.cli;

import dev.goload.report.ArtifactsBlock;
import dev.goload.report.merge.RunMerge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code goload merge <shard dirs or records…> -o DIR}: one run from the shards of a sharded run — counters summed,
 * histograms added exactly, verdicts combined (docs/distributed.md). Inputs that are not the complete, consistent
 * shards of one run are refused (exit 2) with the problem named.
 */
final class MergeCommand {
    private MergeCommand() {}

    static FlagTable flags() {
        return new FlagTable("goload merge -o DIR <shard dir or record.json>…")
                .string("o", "", "directory for the merged record, .hlog and interval CSV (required)");
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        ParsedFlags f;
        try {
            f = UsageExit.parse(flags(), args, err);
            UsageExit.require(!f.getString("o").isEmpty(), err,
                    "goload merge: -o DIR is required (the flags come before the inputs)");
        } catch (UsageExit e) {
            return e.code();
        }
        List<Path> inputs = f.positional().stream().map(Path::of).toList();
        try {
            RunMerge.Result r = RunMerge.merge(inputs, Path.of(f.getString("o")));
            out.printf("[merge] %d shards of a %s run merged; verdict %s%n", r.shards(), r.mode(), r.verdict());
            ArtifactsBlock.print(out, List.of(r.record(), r.csv(), r.hlog()));
            return ExitCodes.OK;
        } catch (IllegalArgumentException e) {
            err.println("goload merge: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException | java.io.UncheckedIOException e) {
            err.println("goload merge: " + e.getMessage());
            return ExitCodes.SETUP;
        }
    }
}
