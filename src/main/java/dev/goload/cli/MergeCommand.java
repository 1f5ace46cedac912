package dev.goload.cli;

import dev.goload.config.ThresholdOptions;
import dev.goload.modes.run.thresholds.MetricCatalog;
import dev.goload.report.ArtifactsBlock;
import dev.goload.report.merge.RunMerge;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code goload merge <shard dirs or records…> -o DIR}: one run from the shards of a sharded run — counters summed,
 * histograms added exactly, verdicts combined (docs/distributed.md). Inputs that are not the complete, consistent
 * shards of one run are refused (exit 2) with the problem named.
 *
 * <p>The merged run is judged as a single run of its mode is, by {@link ResultPipeline} (the same metrics, engine,
 * lines and exit codes): the thresholds the shards were run with and those given to merge, evaluated on the merged
 * whole-run histograms and counters; {@code -strict} (merge's or the shards') against the merged loader-bound
 * verdict; the HTML report next to the record. A bad expression exits 2 before anything is written.
 */
final class MergeCommand {
    private MergeCommand() {}

    static FlagTable flags() {
        return FlagTables.addJudgementFlags(new FlagTable(
                "goload merge -o DIR [-threshold EXPR]… <shard dir or record.json>…")
                .string("o", "", "directory for the merged record, .hlog and interval CSV (required)"), false);
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        return run(args, out, err, ResultPipeline.DEFAULT_HTML);
    }

    static int run(List<String> args, PrintStream out, PrintStream err, ResultPipeline.HtmlReport html) {
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
            RunMerge.Merged m = RunMerge.combine(inputs);
            try (ResultPipeline results = ResultPipeline.judging(f, options(f, m), catalog(m.mode()), out, err,
                    html)) {
                return judgeAndWrite(m, results, Path.of(f.getString("o")), out, err);
            }
        } catch (IllegalArgumentException e) {
            err.println("goload merge: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException | UncheckedIOException e) {
            err.println("goload merge: " + e.getMessage());
            return ExitCodes.SETUP;
        }
    }

    /** The shards' thresholds, then merge's own (an expression given twice is judged once); strict if either is. */
    static ThresholdOptions options(ParsedFlags f, RunMerge.Merged m) {
        Set<String> exprs = new LinkedHashSet<>(m.shardThresholds());
        exprs.addAll(f.getStrings("threshold"));
        return new ThresholdOptions(new ArrayList<>(exprs), 0, f.getBool("strict") || m.shardsStrict());
    }

    /** The metrics a single run of {@code mode} offers its thresholds. */
    private static MetricCatalog catalog(String mode) {
        return ModeRegistry.standard().find(mode).map(ModeCommand::thresholdMetrics).orElseGet(MetricCatalog::common);
    }

    private static int judgeAndWrite(RunMerge.Merged m, ResultPipeline results, Path dir, PrintStream out,
                                     PrintStream err) {
        out.printf("[merge] %d shards of a %s run merged; verdict %s%n", m.record().path("shard").path("count")
                .asInt(), m.mode(), m.record().path("verdict").path("result").asText());
        String stop = m.record().path("stopReason").asText();
        if (stop.startsWith("shards: ")) {
            out.println("[merge] WARNING: the shards stopped differently (" + stop.substring(8)
                    + "): the merged counts cover less than the planned run");
        }
        List<String> incomplete = m.incompleteShards();
        for (String s : incomplete) {
            out.println("[merge] WARNING: " + s + "; the merged record is incomplete (\"complete\": false)");
        }
        ResultPipeline.Judgement j = results.judge(m.outcome(),
                ModeFigures.ofMerged(m.mode(), m.record().path("section")), m.abortedBy());
        results.print(j);
        RunMerge.Result r;
        try {
            r = m.write(dir, j.results(), results.withHtml(List.of(), dir, m.runId()));
        } catch (IOException | UncheckedIOException e) {
            // as for a single run: the verdict still decides first (3), then the artifact failure (1)
            err.println("goload merge: writing the merged run failed: " + e.getMessage());
            return results.exitCode(j, m.verdictExitCode(), true);
        }
        Path page = results.html(r.record());
        List<Path> paths = new ArrayList<>(List.of(r.record(), r.csv(), r.hlog()));
        if (page != null) paths.add(page);
        ArtifactsBlock.print(out, paths);
        out.flush();
        // an incomplete shard is a failed shard: the merged figures cover less than the run (exit 1, as precedence)
        return results.exitCode(j, m.verdictExitCode(), !incomplete.isEmpty());
    }
}
