package dev.goload.cli;

import dev.goload.config.ThresholdOptions;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.thresholds.MetricCatalog;
import dev.goload.modes.run.thresholds.ThresholdAbort;
import dev.goload.modes.run.thresholds.ThresholdException;
import dev.goload.modes.run.thresholds.ThresholdResult;
import dev.goload.modes.run.thresholds.ThresholdSet;
import dev.goload.report.Artifact;
import dev.goload.report.BrokerSilence;
import dev.goload.report.RunRecordWriter;
import dev.goload.report.thresholds.ThresholdLines;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What happens to every mode's run around its engine, from the result flags ({@link FlagTables#addResultFlags}):
 * before the run, {@link #of} checks the {@code -threshold}s against the mode's {@link MetricCatalog} (exit 2
 * before anything is sent; {@link ModeRunner} already did, through {@link #check}) and {@link #listeners} gives the
 * extra {@link RunListener}s ({@code -threshold-abort}); after it, {@link #finish} evaluates the thresholds on the
 * whole run, prints their lines, has the record written with them, writes the HTML report next to it, prints the
 * {@code [artifacts]} block and returns the exit code ({@link ExitCodes#resolve}). A mode command calls
 * {@code of}/{@code listeners} before its run and {@code finish} after its final block; nothing else.
 *
 * <p>One per run; the reporter thread and the command's thread use it in turn, never at once.
 */
public final class ResultPipeline implements AutoCloseable {

    /** Writes the HTML report of a written record next to it (report/html); returns its path, null when none. */
    @FunctionalInterface
    public interface HtmlReport {
        Path writeNextTo(Path record) throws Exception;

        HtmlReport NONE = record -> null;
    }

    /** The HTML report writer of every run (report/html). */
    static final HtmlReport DEFAULT_HTML = dev.goload.report.html.HtmlReport::writeNextTo;

    private final ThresholdOptions options;
    private final ThresholdSet thresholds;
    private final HtmlReport html;
    private final PrintStream out;
    private final PrintStream err;
    private ThresholdAbort<?> abort;
    private boolean htmlFailed;
    private boolean brokerNeverAnswered;

    private ResultPipeline(ParsedFlags flags, ThresholdOptions options, ThresholdSet thresholds, HtmlReport html,
                           PrintStream out, PrintStream err) {
        this.flags = flags;
        this.options = options;
        this.thresholds = thresholds;
        this.html = html;
        this.out = out;
        this.err = err;
    }

    /** The result options of parsed flags ({@link ThresholdOptions#NONE} for a table without them). */
    static ThresholdOptions options(ParsedFlags f) {
        if (!f.table().has("threshold")) return ThresholdOptions.NONE;
        int abortSeconds = f.table().has("threshold-abort") ? f.getInt("threshold-abort") : 0;
        return new ThresholdOptions(f.getStrings("threshold"), abortSeconds, f.getBool("strict"));
    }

    /**
     * The pipeline of one run.
     *
     * @throws IllegalArgumentException (exit 2) for a bad {@code -threshold} or {@code -threshold-abort}, with a
     *                                  "did you mean" for a misspelt metric
     */
    public static ResultPipeline of(ParsedFlags f, MetricCatalog catalog, PrintStream out, PrintStream err) {
        return of(f, catalog, out, err, DEFAULT_HTML);
    }

    /**
     * The pipeline of one run with its live outputs started ({@link #live}): {@code null} when the
     * {@code -metrics-addr} endpoint cannot be bound, the reason printed to {@code err} — the caller releases what it
     * holds and exits 1.
     *
     * @throws IllegalArgumentException as {@link #of(ParsedFlags, MetricCatalog, PrintStream, PrintStream)}
     */
    public static ResultPipeline started(ParsedFlags f, MetricCatalog catalog, PrintStream out, PrintStream err,
                                         String runId, String mode, long durationSeconds,
                                         java.util.function.Predicate<dev.goload.modes.run.IntervalSnapshot<?>> shown) {
        ResultPipeline results = of(f, catalog, out, err);
        try {
            return results.live(runId, mode, durationSeconds, shown);
        } catch (java.io.IOException e) {
            err.println("goload: " + e.getMessage());
            return null;
        }
    }

    /** As {@link #of(ParsedFlags, MetricCatalog, PrintStream, PrintStream)} with a given HTML writer (tests). */
    static ResultPipeline of(ParsedFlags f, MetricCatalog catalog, PrintStream out, PrintStream err,
                             HtmlReport html) {
        return judging(f, options(f), catalog, out, err, html);
    }

    /**
     * The pipeline of a run judged after it ended elsewhere ({@code goload merge}): the thresholds and {@code -strict}
     * of {@code o} (the shards' and merge's own) instead of {@code f}'s, {@code -html} from {@code f}.
     *
     * @throws IllegalArgumentException as {@link #of(ParsedFlags, MetricCatalog, PrintStream, PrintStream)}
     */
    static ResultPipeline judging(ParsedFlags f, ThresholdOptions o, MetricCatalog catalog, PrintStream out,
                                  PrintStream err, HtmlReport html) {
        boolean wanted = !f.table().has("html") || f.getBool("html");
        return new ResultPipeline(f, o, bind(o, catalog), wanted ? html : HtmlReport.NONE, out, err);
    }

    /** A problem with the result flags of {@code f} for {@code command}, as {@link ModeRunner} prints it. */
    static Optional<String> check(ModeCommand command, ParsedFlags f) {
        try {
            bind(options(f), command.thresholdMetrics());
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of("goload -mode " + command.name() + ": " + e.getMessage());
        }
    }

    private static ThresholdSet bind(ThresholdOptions o, MetricCatalog catalog) {
        if (o.expressions().isEmpty()) return ThresholdSet.NONE;
        try {
            return ThresholdSet.of(o.expressions(), catalog);
        } catch (ThresholdException e) {
            String hint = e.unknownMetric().flatMap(m -> FlagSuggestions.closest(m, catalog.names()))
                    .map(m -> "; did you mean " + m + "?").orElse("");
            throw new IllegalArgumentException(e.getMessage() + hint
                    + (e.unknownMetric().isPresent() ? " (metrics: docs/reporting.md#thresholds)" : ""), e);
        }
    }

    private final ParsedFlags flags;
    private LiveOutputs live = LiveOutputs.NONE;

    /**
     * Starts the run's live outputs (the {@code -metrics-addr} endpoint, the progress line): their listeners join
     * {@link #listeners}; the endpoint serves until {@link #finish} (or {@link #close}) — after the record, so a
     * scrape with {@code -metrics-linger} gets the final figures.
     *
     * @param durationSeconds the planned run length, 0 when it runs until stopped (no progress line)
     * @param shown           the intervals the mode's console prints (the progress line follows them)
     * @throws java.io.IOException the endpoint's address cannot be bound (exit 1)
     */
    public ResultPipeline live(String runId, String mode, long durationSeconds,
                               java.util.function.Predicate<dev.goload.modes.run.IntervalSnapshot<?>> shown)
            throws java.io.IOException {
        live.close();
        live = LiveOutputs.start(flags, runId, mode, durationSeconds, shown, out, err);
        return this;
    }

    /** Stops the live outputs (the endpoint's linger included); idempotent. */
    @Override
    public void close() {
        live.close();
        live = LiveOutputs.NONE;
    }

    /** The thresholds as checked. */
    public ThresholdSet thresholds() {
        return thresholds;
    }

    /**
     * The listeners the run adds to its reporter's: the {@code -threshold-abort} watch (stopping through
     * {@code signal}, so the run ends on its normal path).
     *
     * @param <M> the mode's interval part
     */
    public <M> List<RunListener<M>> listeners(RunSignal signal) {
        return listeners(signal::stop);
    }

    /** As {@link #listeners(RunSignal)} for an engine that stops through its own call (cloud's interrupt). */
    public <M> List<RunListener<M>> listeners(java.util.function.Consumer<String> stop) {
        List<RunListener<M>> l = new ArrayList<>();
        if (options.abortSeconds() > 0) {
            ThresholdAbort<M> watch = thresholds.watch(options.abortSeconds(), stop);
            abort = watch;
            l.add(watch);
        }
        l.addAll(live.<M>listenersOf()); // the progress line (after the console's lines), then the metrics endpoint
        return l;
    }

    /** The mode's own listeners followed by the pipeline's ({@link #listeners}), as one list for its engine. */
    @SafeVarargs
    public static <M> List<RunListener<? super M>> with(List<RunListener<M>> extra, RunListener<? super M>... own) {
        List<RunListener<? super M>> all = new ArrayList<>(List.of(own));
        all.addAll(extra);
        return all;
    }

    /**
     * A run's thresholds evaluated on its whole-run figures, and whether {@code -strict} makes it invalid.
     *
     * @param results one per {@code -threshold}, in order
     * @param invalid {@code -strict} and the loader-bound verdict
     * @param reasons the loader-bound verdict's reasons
     */
    public record Judgement(List<ThresholdResult> results, boolean invalid, List<String> reasons) {
        public boolean thresholdFailed() {
            return results.stream().anyMatch(r -> !r.passed());
        }
    }

    /**
     * Evaluates the thresholds on the whole run (exact histograms and counters, and {@code modeFigures}) and hands
     * the results to {@code writer} for the record's {@code thresholds}, so call it before {@code writer.finish}.
     *
     * @param modeFigures the mode's own figures by {@link MetricCatalog#withModeFigure} name
     * @param writer      the run's record writer, or null for a run that writes no record
     */
    public Judgement judge(RunOutcome outcome, Map<String, ? extends Number> modeFigures, RunRecordWriter<?> writer) {
        Judgement j = judge(outcome, modeFigures, abort == null ? null : abort.abortedBy());
        if (writer != null) writer.thresholds(j.results());
        return j;
    }

    /** As {@link #judge(RunOutcome, Map, RunRecordWriter)} for a run whose record is written by its caller. */
    Judgement judge(RunOutcome outcome, Map<String, ? extends Number> modeFigures, String abortedBy) {
        List<ThresholdResult> results = thresholds.evaluate(outcome, modeFigures, abortedBy);
        return new Judgement(results, options.strict() && outcome.loader().loaderBound(),
                outcome.loader().reasons());
    }

    /** The {@code [threshold]} lines and the {@code -strict} line: after the mode's final block, before its paths. */
    public void print(Judgement j) {
        ThresholdLines.print(out, j.results());
        if (j.invalid()) ThresholdLines.printInvalid(out, j.reasons());
    }

    /**
     * The mode's own artifacts and, unless {@code -html=false}, the HTML report the run will write next to its
     * record ({@code html}, {@code <run-id>.html}): what the mode hands to {@code writer.finish}.
     */
    public List<Artifact> withHtml(List<Artifact> own, RunRecordWriter<?> writer, String runId) {
        return withHtml(own, writer.recordFile().toAbsolutePath().getParent(), runId);
    }

    /** As {@link #withHtml(List, RunRecordWriter, String)} for a record its caller writes into {@code dir}. */
    List<Artifact> withHtml(List<Artifact> own, Path dir, String runId) {
        if (html == HtmlReport.NONE) return own;
        List<Artifact> all = new ArrayList<>(own);
        all.add(dev.goload.report.html.HtmlReport.artifact(dir.toAbsolutePath(), runId));
        return all;
    }

    /**
     * Writes the HTML report next to a written record, unless {@code -html=false}. A failure is said on stderr and
     * makes {@link #exitCode} 1 (an artifact failure); the run's other artifacts are already complete.
     *
     * @return the page, or null (none asked for, no record to report on, or writing it failed)
     */
    public Path html(Path record) {
        if (record == null || !Files.exists(record)) return null;
        Path page = null;
        try {
            page = html.writeNextTo(record);
            return page;
        } catch (Exception e) {
            err.println("goload: writing the HTML report failed: " + e.getMessage());
            htmlFailed = true;
            return null;
        } finally {
            live.finished(record, page); // the dashboard's final event: the verdict's why, the final figures
        }
    }

    /**
     * The run's exit code ({@link ExitCodes#resolve}) from what the mode exits with by itself (0, 1 or its verdict's
     * code, its own artifact failures included), a failed HTML report, {@code -strict} and the thresholds.
     */
    public int exitCode(Judgement j, int modeCode) {
        return exitCode(j, modeCode, false);
    }

    /** As {@link #exitCode(Judgement, int)}, {@code artifactsFailed} when the caller could not write one. */
    int exitCode(Judgement j, int modeCode, boolean artifactsFailed) {
        return ExitCodes.resolve(modeCode, brokerNeverAnswered, artifactsFailed || htmlFailed, j.invalid(),
                j.thresholdFailed());
    }

    /**
     * Whether the broker at {@code url} never answered the run ({@link BrokerSilence}); if so says why in one line on
     * stderr and makes {@link #exitCode} 1. Called by {@link #finish}; cloud, which ends its run itself, calls it.
     */
    public boolean brokerNeverAnswered(RunOutcome outcome, String url) {
        return brokerNeverAnswered(outcome.loader().connections(), url);
    }

    /** As {@link #brokerNeverAnswered(RunOutcome, String)} for a run that ended before its outcome (a setup abort). */
    public boolean brokerNeverAnswered(dev.goload.metrics.ConnectionFigures connections, String url) {
        String line = BrokerSilence.line(url, connections);
        if (line == null) return false;
        err.println(line);
        err.flush();
        brokerNeverAnswered = true;
        return true;
    }

    /**
     * The end of a run whose mode prints its paths through {@link RunRecordWriter#printPaths} (every mode but cloud,
     * whose reference prints its own {@code [artifacts]} block: it calls {@link #judge}, {@link #print},
     * {@link #html} and {@link #exitCode} itself). After the mode's final block: the {@code [threshold]}
     * lines, the record (with its {@code thresholds}), the HTML report, the {@code [artifacts]} block (the record,
     * CSV, log and the page; the mode prints its own files where its reference does), and the exit code.
     *
     * @param writer    the run's record writer, or null for a run that writes no artifacts (order without -out)
     * @param section   the record's mode section
     * @param artifacts the mode's own files (listed in the record)
     * @param modeCode  what the mode exits with by itself: 0, 1 (setup) or its verdict's code
     */
    public int finish(RunOutcome outcome, Map<String, ? extends Number> modeFigures, RunRecordWriter<?> writer,
                      Object section, List<Artifact> artifacts, int modeCode) {
        Judgement j = judge(outcome, modeFigures, writer);
        print(j);
        brokerNeverAnswered(outcome, writer != null ? writer.header().broker().url()
                : flags.table().has("url") ? flags.getString("url") : "");
        if (writer == null) {
            out.flush();
            close();
            return exitCode(j, modeCode);
        }
        boolean failed = false;
        try {
            writer.finish(outcome, section, withHtml(artifacts, writer, outcome.runId()));
        } catch (UncheckedIOException e) {
            err.println("goload: " + e.getMessage());
            failed = true;
        }
        Path page = html(writer.recordFile());
        if (Files.exists(writer.recordFile())) writer.printPaths(out, page == null ? List.of() : List.of(page));
        out.flush();
        close(); // after the record and the [artifacts] block: -metrics-linger serves the final figures now
        return exitCode(j, modeCode, failed);
    }
}
