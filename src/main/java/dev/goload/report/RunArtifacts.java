package dev.goload.report;

import dev.goload.metrics.LatencySummary;
import dev.goload.modes.IntervalReport;
import dev.goload.modes.LoadRun;
import dev.goload.modes.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run's artifacts under its output directory, as the run goes:
 * <ul>
 *   <li>{@code <run-id>.intervals.csv} — one row per interval, appended and flushed each interval;</li>
 *   <li>{@code <run-id>.hlog} — HdrHistogram interval log, one tagged histogram per recorder per interval;</li>
 *   <li>{@code <run-id>.json} — the run record (schema {@value #SCHEMA}), written atomically at the end.</li>
 * </ul>
 * Because the CSV and the log are flushed every interval and the record is written on the normal shutdown
 * path (which SIGINT/SIGTERM also take), a stopped run leaves complete artifacts.
 *
 * <p>A write that fails mid-run (a full disk in hour 20 of a soak) never stops the run: the stream that failed
 * stops being written, the first error is kept, the run goes on to its end, and the record lists the failure
 * under {@code artifactErrors} before {@link #onEnd} reports it (the caller exits 1). The counters and the final
 * console lines are never lost to an artifact.
 *
 * <p>Threading: called on the reporter thread only.
 */
public final class RunArtifacts implements LoadRun.HistogramListener, AutoCloseable {
    public static final String SCHEMA = "goload.run/1";

    private final Path dir;
    private final String runId;
    private final Map<String, Object> header;
    private final PrintStream csv;
    private final PrintStream hlogStream;
    private final HistogramLogWriter hlog;
    /** Per artifact file, the first failure to write it (insertion order: first failure first). */
    private final Map<String, String> errors = new LinkedHashMap<>();
    private int intervalsSeen;
    private Path recordPath;

    /** Opens an artifact file for writing ({@link Files#newOutputStream} unless a test injects failures). */
    @FunctionalInterface
    public interface Opener {
        OutputStream open(Path file) throws IOException;
    }

    /**
     * @param header run-record fields known before the run (mode, config, configLine, host, version, …); the
     *               caller must already have masked secrets in it
     */
    public RunArtifacts(Path dir, String runId, Map<String, Object> header, long startEpochMs) throws IOException {
        this(dir, runId, header, startEpochMs, Files::newOutputStream);
    }

    /** As above, opening the CSV and the log with {@code opener}; a failure to write their headers is thrown. */
    public RunArtifacts(Path dir, String runId, Map<String, Object> header, long startEpochMs, Opener opener)
            throws IOException {
        this.dir = dir;
        this.runId = runId;
        this.header = header;
        Files.createDirectories(dir);
        this.csv = new PrintStream(opener.open(dir.resolve(csvName())), false, java.nio.charset.StandardCharsets.UTF_8);
        csv.println(IntervalCsv.HEADER);
        csv.flush();
        if (csv.checkError()) throw new IOException("cannot write " + dir.resolve(csvName()));
        this.hlogStream = new PrintStream(opener.open(dir.resolve(hlogName())), false,
                java.nio.charset.StandardCharsets.UTF_8);
        this.hlog = new HistogramLogWriter(hlogStream);
        hlog.outputComment("goload run " + runId + "; values in microseconds; tags: push (from schedule), service, "
                + "failed, lateness, queue, e2e, ack, hiccup");
        hlog.outputLogFormatVersion();
        hlog.outputStartTime(startEpochMs);
        hlog.setBaseTime(startEpochMs);
        hlog.outputLegend();
        hlogStream.flush();
        if (hlogStream.checkError()) throw new IOException("cannot write " + dir.resolve(hlogName()));
    }

    private String csvName() {
        return runId + ".intervals.csv";
    }

    private String hlogName() {
        return runId + ".hlog";
    }

    /** Notes the first failure of {@code stream} (PrintStreams keep I/O errors to themselves until asked). */
    private boolean failed(String name, PrintStream stream) {
        if (errors.containsKey(name)) return true;
        if (!stream.checkError()) return false;
        errors.put(name, "writing " + dir.resolve(name) + " failed at interval " + intervalsSeen
                + "; later intervals are missing from it");
        return true;
    }

    /**
     * Prints where the artifacts are, after the run's final lines and once the record is written, as cloud's
     * reference does: {@code [artifacts] <record>} and the interval CSV and {@code .hlog} under it. Not a
     * {@code [final]} line, so the reference's final line stays the last one.
     */
    public void printPaths(PrintStream out) {
        out.printf("%n[artifacts] %s%n            %s%n            %s%n", recordPath, dir.resolve(csvName()),
                dir.resolve(hlogName()));
    }

    /** Where the run record was written (after {@link #onEnd}). */
    public Path recordPath() {
        return recordPath;
    }

    @Override
    public void onHistogram(String tag, Histogram interval) {
        if (interval.getTotalCount() > 0 && !errors.containsKey(hlogName())) {
            hlog.outputIntervalHistogram(interval);
        }
    }

    @Override
    public void onInterval(IntervalReport r) {
        if (!failed(csvName(), csv)) {
            csv.println(IntervalCsv.row(r));
            csv.flush();
            failed(csvName(), csv);
        }
        if (!failed(hlogName(), hlogStream)) {
            hlogStream.flush();
            failed(hlogName(), hlogStream);
        }
        intervalsSeen++;
    }

    @Override
    public void onEnd(RunResult res) {
        Map<String, Object> rec = head(header, runId, res.startedEpochMs(), res.endedEpochMs(), res.seconds(),
                res.stopReason());
        rec.put("broker", res.brokerHealth());
        rec.put("configureError", res.configureError());
        rec.put("counters", res.totals());
        rec.put("reconnects", res.reconnects());
        rec.put("inflightAtEnd", res.inflightAtEnd());
        rec.put("latencyMs", res.latency());
        rec.put("loader", res.loader());
        rec.put("loaderBound", res.loader().loaderBound());
        rec.put("intervals", intervals(res.intervals()));
        rec.put("artifacts", Map.of("intervalsCsv", csvName(), "hlog", hlogName()));
        if (!errors.isEmpty()) rec.put("artifactErrors", List.copyOf(errors.values()));
        try {
            recordPath = JsonFiles.writeAtomically(dir.resolve(runId + ".json"), rec);
        } catch (IOException e) {
            String also = errors.isEmpty() ? "" : " (and " + String.join("; ", errors.values()) + ")";
            throw new UncheckedIOException("writing the run record in " + dir + also, e);
        }
        if (!errors.isEmpty()) {
            String msg = String.join("; ", errors.values()) + " (the run record " + recordPath
                    + " is complete and lists it)";
            throw new UncheckedIOException(msg, new IOException(msg));
        }
    }

    /**
     * The opening fields of a {@value #SCHEMA} record, in its order: schema, the caller's header, run id, start,
     * end, duration, stop reason (shared with {@link TenantsRecord}, whose record has this shape).
     */
    static Map<String, Object> head(Map<String, Object> header, String runId, long startedEpochMs,
                                    long endedEpochMs, double durationSec, String stopReason) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("schema", SCHEMA);
        rec.putAll(header);
        rec.put("runId", runId);
        rec.put("startedAt", java.time.Instant.ofEpochMilli(startedEpochMs).toString());
        rec.put("endedAt", java.time.Instant.ofEpochMilli(endedEpochMs).toString());
        rec.put("durationSec", durationSec);
        rec.put("stopReason", stopReason);
        return rec;
    }

    private static List<Map<String, Object>> intervals(List<IntervalReport> rs) {
        return rs.stream().map(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", r.index());
            m.put("start", r.startEpochMs());
            m.put("end", r.endEpochMs());
            m.put("seconds", r.seconds());
            m.put("delta", r.delta());
            m.put("inflight", r.inflight());
            m.put("liveTasks", r.liveTasks());
            Map<String, LatencySummary> nonEmpty = new LinkedHashMap<>();
            r.latency().forEach((k, v) -> {
                if (v.count() > 0) {
                    nonEmpty.put(k, v);
                }
            });
            m.put("latencyMs", nonEmpty);
            m.put("loader", r.loader());
            m.put("loaderBound", r.loaderBound());
            return m;
        }).toList();
    }

    @Override
    public void close() {
        csv.close();
        hlogStream.close();
    }
}
