package dev.goload.report.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A synthetic v2 run of any length, written as a real run leaves it: the interval CSV under the writer's own header
 * ({@link RunRecordWriter}), the {@code .hlog} the way the writer writes it, and a record. Every value is a function
 * of the interval index, so a test can rebuild any interval's histogram and check the report against it. Test-only.
 */
final class SyntheticRun {
    static final long T0 = 1_790_000_000_000L;
    static final List<String> TAGS = List.of("push", "service", "lateness", "hiccup", "e2e");
    /** Every this many intervals, one push takes {@link #SPIKE_MICROS}: a merged max must keep it. */
    static final int SPIKE_EVERY = 3600;
    static final long SPIKE_MICROS = 250_000;

    private SyntheticRun() {}

    /** The push (or other tag's) histogram of interval {@code i}, as the run recorded it (µs). */
    static Histogram interval(String tag, int i) {
        Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        fill(h, tag, i);
        return h;
    }

    private static void fill(Histogram h, String tag, int i) {
        int salt = TAGS.indexOf(tag) + 1;
        h.recordValueWithCount(800 + (i * 7919L * salt) % 5000, 40);
        h.recordValueWithCount(300 + (i * 104729L) % 700, 60);
        if (tag.equals("push") && i % SPIKE_EVERY == SPIKE_EVERY / 2) h.recordValue(SPIKE_MICROS);
    }

    /** Writes {@code <dir>/run.json}, {@code run.intervals.csv}, {@code run.hlog}: n intervals of 1 s. */
    static Path write(Path dir, int n) throws IOException {
        return write(dir, n, 0, 0);
    }

    /**
     * As {@link #write(Path, int)}, then, when {@code lastSeconds > 0}, the run's partial last interval (phase
     * {@code drain}, {@code last=true}): {@code lastSeconds} long, its counts {@code lastLoad} times the steady rate's
     * for that length (1 = the load went on until the end, 0 = the drain after the schedule ended), its loader CPU
     * 1.7 cores (what a few milliseconds of wall time read) and the usual histograms.
     */
    static Path write(Path dir, int n, double lastSeconds, double lastLoad) throws IOException {
        Files.createDirectories(dir);
        String header;
        Path probe = Files.createTempDirectory(dir.getParent(), "hdr");
        try (var w = new RunRecordWriter<Void>(probe, new RunHeader("probe", "openloop", "t", "http1", "", Map.of(),
                null, new RunHeader.Broker("http://127.0.0.1:1", true, true)), T0)) {
            header = Files.readAllLines(w.csvFile()).getFirst();
        }
        List<String> cols = List.of(header.split(","));
        try (PrintStream csv = new PrintStream(Files.newOutputStream(dir.resolve("run.intervals.csv")), false,
                StandardCharsets.UTF_8);
             PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("run.hlog")), false,
                     StandardCharsets.UTF_8)) {
            csv.println(header);
            HistogramLogWriter hlog = new HistogramLogWriter(log);
            hlog.outputLogFormatVersion();
            hlog.outputStartTime(T0);
            hlog.setBaseTime(T0);
            hlog.outputLegend();
            Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
            for (int i = 0; i < n; i++) {
                long start = T0 + i * 1000L;
                for (String tag : TAGS) {
                    h.reset();
                    fill(h, tag, i);
                    h.setTag(tag);
                    h.setStartTimeStamp(start);
                    h.setEndTimeStamp(start + 1000);
                    hlog.outputIntervalHistogram(h);
                }
                csv.println(row(cols, i, start + 1000, 1, 1, false));
            }
            if (lastSeconds > 0) {
                long start = T0 + n * 1000L;
                long end = start + Math.round(lastSeconds * 1000);
                for (String tag : TAGS) {
                    h.reset();
                    fill(h, tag, n);
                    h.setTag(tag);
                    h.setStartTimeStamp(start);
                    h.setEndTimeStamp(end);
                    hlog.outputIntervalHistogram(h);
                }
                csv.println(row(cols, n, end, lastSeconds, lastLoad, true));
            }
        }
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("schema", "goload.run/2");
        rec.put("runId", "run");
        rec.put("mode", "openloop");
        rec.put("tool", Map.of("name", "goload", "version", "test", "httpClient", "http1"));
        rec.put("configLine", "goload -mode openloop -rate=1000 -duration=" + n);
        rec.put("flags", Map.of("rate", 1000, "duration", n, "token", "***"));
        rec.put("broker", Map.of("url", "http://127.0.0.1:6632", "embedded", false, "inProcess", false));
        rec.put("startedAt", java.time.Instant.ofEpochMilli(T0).toString());
        double seconds = n + lastSeconds;
        long requests = 1000L * n + Math.round(1000 * lastSeconds * lastLoad);
        rec.put("endedAt", java.time.Instant.ofEpochMilli(T0 + Math.round(seconds * 1000)).toString());
        rec.put("durationSec", seconds);
        rec.put("stopReason", "duration");
        rec.put("counters", Map.of("offeredReq", requests, "achievedReq", requests));
        rec.put("verdict", Map.of("result", "NONE", "exitCode", 0, "findings", List.of()));
        rec.put("section", Map.of());
        Path record = dir.resolve("run.json");
        new ObjectMapper().writeValue(record.toFile(), rec);
        return record;
    }

    /**
     * One CSV row of {@code seconds}: {@code load} × 1000 req/s offered and achieved (per measured second, as the
     * writer's), 10 msgs pushed per request, everything else 0; the full intervals before it are 1 s at 1000 req/s.
     */
    private static String row(List<String> cols, int i, long end, double seconds, double load, boolean last) {
        StringBuilder b = new StringBuilder();
        for (String c : cols) {
            if (b.length() > 0) b.append(',');
            b.append(switch (c) {
                case "end_epoch_ms" -> Long.toString(end);
                case "interval" -> Integer.toString(i);
                case "seconds" -> String.format(java.util.Locale.ROOT, "%.3f", seconds);
                case "offered_req_s", "achieved_req_s" -> String.format(java.util.Locale.ROOT, "%.3f", 1000 * load);
                case "pushed_total", "popped_total" -> Long.toString(10_000L * i + Math.round(10_000 * seconds * load));
                case "loader_cpu_cores" -> last ? "1.700" : "0.250";
                case "inflight" -> Integer.toString(i % 97);
                case "loader_bound" -> "false";
                case "phase" -> last ? "drain" : "load";
                case "last" -> Boolean.toString(last);
                default -> "0";
            });
        }
        return b.toString();
    }
}
