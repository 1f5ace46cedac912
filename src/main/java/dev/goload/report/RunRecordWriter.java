package dev.goload.report;

import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the artifacts every mode leaves, as the run goes (docs/run-record.md):
 * <ul>
 *   <li>{@code <run-id>.intervals.csv}: one row per interval (the partial last one included), flushed each
 *       interval;</li>
 *   <li>{@code <run-id>.hlog}: an HdrHistogram interval log, one histogram per recorder tag per interval (µs);</li>
 *   <li>the record, schema {@value #SCHEMA}: {@code <run-id>.json}, or {@code <run-id>.run.json} in cloud and order,
 *       whose reference format owns {@code <run-id>.json}. Written when the writer opens ({@code "complete": false},
 *       no interval yet), rewritten after every whole interval ({@link #onCheckpoint}: the run so far, still
 *       {@code "complete": false}), and replaced by the whole run's record in {@link #finish}
 *       ({@code "complete": true}); every write goes to a temporary file, is forced to the disk and renamed over the
 *       record, so the file is always one whole record.</li>
 * </ul>
 * Because the CSV and the log are flushed every interval and the record is written on the normal shutdown path (which
 * SIGINT/SIGTERM also take), a stopped run leaves complete artifacts; a loader killed outright (SIGKILL, a crash, the
 * machine's OOM killer) leaves the record of its last whole interval, and {@code goload report} renders that.
 *
 * <p>A write that fails mid-run (a full disk in hour 20 of a soak) never stops the run: the stream that failed stops
 * being written, its first error is kept, the run goes on, and the record lists it under {@code artifactErrors};
 * {@link #finish} then throws (the command exits 1). The counters and console lines are never lost to an artifact. A
 * checkpoint that cannot be written (a full disk) is said once ({@link #warnings}), the run goes on, the next
 * interval tries again, and the final record lists the first failure.
 *
 * <p>Threading: the listener methods and {@link #finish} belong to the reporter thread.
 *
 * @param <M> the mode's interval part (ignored: the CSV holds the common columns of every mode)
 */
public final class RunRecordWriter<M> implements RunListener<M>, AutoCloseable {
    public static final String SCHEMA = "goload.run/2";

    /** Opens an artifact file for writing ({@link Files#newOutputStream} unless a test injects failures). */
    @FunctionalInterface
    public interface Opener {
        OutputStream open(Path file) throws IOException;
    }

    private final Path dir;
    private final RunHeader header;
    private final Path recordFile;
    private final Path csvFile;
    private final Path hlogFile;
    private final PrintStream csv;
    private final PrintStream hlogStream;
    private final HistogramLogWriter hlog;
    /** Per artifact file, the first failure to write it (first failure first). */
    private final Map<Path, String> errors = new LinkedHashMap<>();
    private int intervalsSeen;
    private final long fallbackStartEpochMs;
    private boolean logStarted;
    private Path written;
    private List<?> thresholds = List.of();
    private Map<String, Object> shard;
    /** The host's description, read once (its name lookup may be slow): every write of the record repeats it. */
    private final Map<String, Object> host = HostInfo.describe();
    private PrintStream warnings;
    private java.util.function.Consumer<? super RunRecordWriter<M>> shardSource = w -> {};
    private boolean checkpointFailed;
    /** A checkpoint failure not said yet (no {@link #warnings} stream then). */
    private String unsaid;

    /** Record named {@code <run-id>.json}. */
    public RunRecordWriter(Path dir, RunHeader header, long startEpochMs) throws IOException {
        this(dir, header, header.runId() + ".json", startEpochMs, Files::newOutputStream);
    }

    /**
     * @param recordName the record's file name in {@code dir}
     * @throws IOException when the directory, the CSV header or the log header cannot be written
     */
    public RunRecordWriter(Path dir, RunHeader header, String recordName, long startEpochMs, Opener opener)
            throws IOException {
        this.dir = dir;
        this.header = header;
        this.recordFile = dir.resolve(recordName);
        this.csvFile = dir.resolve(header.runId() + ".intervals.csv");
        this.hlogFile = dir.resolve(header.runId() + ".hlog");
        Files.createDirectories(dir);
        this.csv = new PrintStream(opener.open(csvFile), false, StandardCharsets.UTF_8);
        csv.println(IntervalCsv.HEADER);
        csv.flush();
        if (csv.checkError()) throw new IOException("cannot write " + csvFile);
        this.hlogStream = new PrintStream(opener.open(hlogFile), false, StandardCharsets.UTF_8);
        this.hlog = new HistogramLogWriter(hlogStream);
        hlog.outputComment("goload " + header.mode() + " run " + header.runId()
                + "; values in microseconds; one histogram per recorder tag per interval");
        hlog.outputLogFormatVersion();
        this.fallbackStartEpochMs = startEpochMs;
        hlogStream.flush();
        if (hlogStream.checkError()) throw new IOException("cannot write " + hlogFile);
        // as every checkpoint: a record that cannot be written yet costs the crash safety, never the run
        checkpoint(() -> started(startEpochMs));
    }

    /** Where a failed checkpoint is said, once (the command's stderr); without one it is only listed at the end. */
    public RunRecordWriter<M> warnings(PrintStream err) {
        this.warnings = err;
        if (unsaid != null) warn(unsaid); // the record written at the opening failed before there was a stream
        return this;
    }

    /**
     * Who names this run's shard ({@link #shard}) in each checkpoint, once the start has said T0: a shard killed
     * mid-run still leaves the record {@code goload merge} needs.
     */
    public RunRecordWriter<M> shardFrom(java.util.function.Consumer<? super RunRecordWriter<M>> source) {
        this.shardSource = source;
        return this;
    }

    /** The outcome of a run that has begun and emitted nothing: the record written when the writer opens. */
    private RunOutcome started(long startEpochMs) {
        return new RunOutcome(header.mode(), header.runId(), startEpochMs, startEpochMs, "running", List.of(),
                RunCounters.Snapshot.ZERO, new RunCounters().errorFamilies(), Map.of(), Map.of(),
                new RunResult.LoaderSummary(Runtime.getRuntime().availableProcessors(), 0, 0, 0, 0, 0, 0, false,
                        List.of()), null, null, Verdict.NONE, 0, 0, 0);
    }

    /**
     * Writes the log's StartTime and BaseTime once, at the start of the first interval: the run's T0 (a sharded run's
     * coordinated start), not the instant the file was opened before the warm-up, so the shards' logs share one base.
     */
    private void startLog(long startEpochMs) {
        if (logStarted) return;
        logStarted = true;
        hlog.outputStartTime(startEpochMs);
        hlog.setBaseTime(startEpochMs);
        hlog.outputLegend();
    }

    /** The run's threshold results ({@code cli.ResultPipeline}), the record's top-level {@code thresholds}. */
    public void thresholds(List<?> results) { this.thresholds = List.copyOf(results); }

    public Path recordFile() {
        return recordFile;
    }

    public Path csvFile() {
        return csvFile;
    }

    public Path hlogFile() {
        return hlogFile;
    }

    /**
     * Names this run's place in a sharded run (the record's {@code shard}; null, the default, for an unsharded run).
     *
     * @param t0EpochMs     the run's T0 on the coordinator's clock (equal on every shard), or null without one
     * @param clockOffsetMs the coordinator's clock minus this loader's, as measured, or null
     * @param coordinator   the barrier's URL, or null with {@code -start-at} alone
     */
    public void shard(int index, int count, Long t0EpochMs, Double clockOffsetMs, String coordinator) {
        shard(index, count, t0EpochMs, clockOffsetMs, coordinator, null);
    }

    /**
     * {@link #shard(int, int, Long, Double, String)} with how late after T0 this loader reached its start gate
     * ({@code startLateMs}: 0 on time, at most the gate's tolerance; null without a T0).
     */
    public void shard(int index, int count, Long t0EpochMs, Double clockOffsetMs, String coordinator,
                      Double startLateMs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", index);
        m.put("count", count);
        m.put("t0EpochMs", t0EpochMs);
        m.put("clockOffsetMs", clockOffsetMs);
        m.put("coordinator", coordinator);
        m.put("merged", false);
        if (startLateMs != null) m.put("startLateMs", startLateMs);
        this.shard = m;
    }

    @Override
    public void onHistogram(String tag, Histogram interval) {
        startLog(interval.getStartTimeStamp());
        if (interval.getTotalCount() > 0 && !errors.containsKey(hlogFile)) {
            hlog.outputIntervalHistogram(interval);
        }
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends M> s) {
        if (!failed(csvFile, csv)) {
            csv.println(IntervalCsv.row(s));
            csv.flush();
            failed(csvFile, csv);
        }
        if (!failed(hlogFile, hlogStream)) {
            hlogStream.flush();
            failed(hlogFile, hlogStream);
        }
        intervalsSeen++;
    }

    /**
     * Rewrites the record as the run stands after the interval just emitted ({@code "complete": false}): its counters,
     * phases, errors, whole-run latency and loader summary so far, {@code intervals} and {@code endedAt} those of that
     * interval. The mode's section, the verdict, thresholds, broker identity and the loader's evidence series are
     * the end's: empty here. A failure is said once and listed in the final record; the run goes on.
     */
    @Override
    public void onCheckpoint(Supplier<RunOutcome> soFar) {
        shardSource.accept(this);
        checkpoint(soFar);
    }

    private void checkpoint(Supplier<RunOutcome> soFar) {
        try {
            JsonFiles.writeAtomically(recordFile, record(soFar.get(), null, List.of(), false));
        } catch (IOException | RuntimeException e) {
            if (checkpointFailed) return;
            checkpointFailed = true;
            String msg = "checkpointing the run record " + recordFile + " failed at interval " + intervalsSeen + ": "
                    + e.getMessage() + "; the run goes on (a loader killed now leaves an older record or none)";
            errors.putIfAbsent(recordFile, msg);
            if (warnings != null) {
                warn(msg);
            } else {
                unsaid = msg;
            }
        }
    }

    private void warn(String msg) {
        unsaid = null;
        warnings.println("goload: " + msg);
        warnings.flush();
    }

    /**
     * Writes the whole run's record atomically ({@code "complete": true}, replacing the last checkpoint) and returns
     * its path.
     *
     * @param section   the mode's own section (a record or map Jackson can write), null for none
     * @param artifacts the mode's own files (reference JSON/CSV, stage logs, raw logs, …); the record, CSV and log
     *                  are listed first by the writer
     * @throws UncheckedIOException when the record cannot be written, or after writing it when another artifact
     *                              failed during the run (the record lists which)
     */
    public Path finish(RunOutcome o, Object section, List<Artifact> artifacts) {
        if (!logStarted) { // a run that ended before its first interval: the log still has its header
            startLog(fallbackStartEpochMs);
            hlogStream.flush();
        }
        Map<String, Object> rec = record(o, section, artifacts, true);
        try {
            written = JsonFiles.writeAtomically(recordFile, rec);
        } catch (IOException e) {
            String also = errors.isEmpty() ? "" : " (and " + String.join("; ", errors.values()) + ")";
            throw new UncheckedIOException("writing the run record " + recordFile + also, e);
        }
        if (!errors.isEmpty()) {
            String msg = String.join("; ", errors.values()) + " (the run record " + written
                    + " is complete and lists it)";
            throw new UncheckedIOException(msg, new IOException(msg));
        }
        return written;
    }

    /** The record as it will be written, in the schema's field order. */
    Map<String, Object> record(RunOutcome o, Object section, List<Artifact> artifacts) {
        return record(o, section, artifacts, true);
    }

    private Map<String, Object> record(RunOutcome o, Object section, List<Artifact> artifacts, boolean complete) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("schema", SCHEMA);
        rec.put("runId", header.runId());
        rec.put("mode", header.mode());
        rec.put("tool", Map.of("name", "goload", "version", header.toolVersion(), "httpClient", header.httpClient()));
        rec.put("configLine", header.configLine());
        rec.put("flags", header.flags());
        rec.put("seed", header.seed());
        rec.put("shard", shard);
        rec.put("host", host);
        Map<String, Object> broker = new LinkedHashMap<>();
        broker.put("url", header.broker().url());
        broker.put("embedded", header.broker().embedded());
        broker.put("inProcess", header.broker().inProcess());
        broker.put("health", o.brokerHealth());
        broker.put("healthError", o.brokerError());
        rec.put("broker", broker);
        rec.put("startedAt", java.time.Instant.ofEpochMilli(o.startedEpochMs()).toString());
        rec.put("endedAt", java.time.Instant.ofEpochMilli(o.endedEpochMs()).toString());
        rec.put("durationSec", o.seconds());
        rec.put("stopReason", o.stopReason());
        rec.put("setupFailure", BrokerSilence.record(header.broker().url(), o.loader().connections()));
        rec.put("complete", complete);
        List<Map<String, Object>> phases = new ArrayList<>();
        for (RunOutcome.Phase p : o.phases()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("startSec", p.startSec());
            m.put("endSec", p.endSec());
            m.put("counters", counters(p.counters()));
            phases.add(m);
        }
        rec.put("phases", phases);
        rec.put("counters", counters(o.counters()));
        rec.put("inflightAtEnd", o.inflightAtEnd());
        rec.put("reconnects", o.reconnects());
        rec.put("intervals", o.intervals());
        rec.put("errors", o.errors());
        rec.put("latencyMs", o.latency());
        rec.put("loader", o.loader());
        rec.put("verdict", o.verdict());
        rec.put("thresholds", thresholds);
        rec.put("section", section == null ? Map.of() : section);
        List<Artifact> all = new ArrayList<>();
        all.add(Artifact.of("record", recordFile));
        all.add(Artifact.of("intervalsCsv", csvFile));
        all.add(Artifact.of("hlog", hlogFile));
        all.addAll(artifacts);
        rec.put("artifacts", all);
        rec.put("artifactErrors", List.copyOf(errors.values()));
        return rec;
    }

    /** The common counters, every key always present (0 means none), in the vocabulary of docs/run-record.md. */
    public static Map<String, Long> counters(RunCounters.Snapshot s) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("offeredReq", s.offeredReq());
        m.put("sentReq", s.sentReq());
        m.put("achievedReq", s.achievedReq());
        m.put("shedCapReq", s.shedCapReq());
        m.put("shedBehindReq", s.shedBehindReq());
        m.put("pushedMsgs", s.pushedMsgs());
        m.put("pushErrReq", s.pushErrReq());
        m.put("pushCanceledReq", s.pushCanceledReq());
        m.put("itemFailed", s.itemFailed());
        m.put("itemDuplicate", s.itemDuplicate());
        m.put("itemBuffered", s.itemBuffered());
        m.put("popCalls", s.popCalls());
        m.put("popErr", s.popErr());
        m.put("popCanceledCalls", s.popCanceledCalls());
        m.put("emptyPops", s.emptyPops());
        m.put("popped", s.popped());
        m.put("ackCalls", s.ackCalls());
        m.put("acked", s.acked());
        m.put("ackErr", s.ackErr());
        m.put("ackCanceledCalls", s.ackCanceledCalls());
        m.put("ackMicros", s.ackMicros());
        m.put("backoffs", s.backoffs());
        m.put("backoffMillis", s.backoffMillis());
        return m;
    }

    /**
     * Prints where the artifacts are, after the run's final lines: {@code [artifacts] <record>}, then the other files
     * one per line under it. Not a {@code [final]} line, so the reference's final line stays the last one.
     */
    public void printPaths(PrintStream out, List<Path> others) {
        List<Path> paths = new ArrayList<>(Arrays.asList(written != null ? written : recordFile, csvFile, hlogFile));
        paths.addAll(others);
        ArtifactsBlock.print(out, paths);
    }

    /** The run's header (its broker's URL, mode, flags) as the record shows it. */
    public RunHeader header() {
        return header;
    }

    /** Notes the first failure of {@code stream} (PrintStreams keep I/O errors to themselves until asked). */
    private boolean failed(Path file, PrintStream stream) {
        if (errors.containsKey(file)) return true;
        if (!stream.checkError()) return false;
        errors.put(file, "writing " + file + " failed at interval " + intervalsSeen
                + "; later intervals are missing from it");
        return true;
    }

    @Override
    public void close() {
        if (!logStarted) startLog(fallbackStartEpochMs);
        csv.close();
        hlogStream.close();
    }
}
