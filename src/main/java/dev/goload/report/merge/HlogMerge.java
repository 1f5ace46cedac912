package dev.goload.report.merge;

import dev.goload.report.HlogFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Adds the shards' {@code .hlog} interval histograms exactly: each shard's intervals are placed on the run's common
 * grid by their offset from that shard's own T0 ({@code k = round((start − T0) / period)}, so a shard whose clock is
 * off by some milliseconds still lands on the right interval), histograms of the same tag and interval are added with
 * {@link Histogram#add} (identical settings on every shard: 1 µs … 1 h, 3 digits), and the whole-run histogram of a tag
 * is the sum of all its intervals — the same histogram the shards' own records were summarised from.
 *
 * <p>Memory: one histogram per tag per interval of the run (a 24-hour run at 1 s keeps what its .hlog holds).
 */
final class HlogMerge {
    /** Merged interval histograms by interval index, then tag (both in order). */
    final TreeMap<Integer, Map<String, Histogram>> intervals = new TreeMap<>();
    /** Whole-run histograms by tag. */
    final Map<String, Histogram> whole = new LinkedHashMap<>();
    /** Per shard, per tag, the count its log held (checked against its record). */
    final Map<Integer, Map<String, Long>> countsByShard = new TreeMap<>();

    private final long periodMs;

    HlogMerge(long periodMs) {
        if (periodMs <= 0) throw new IllegalArgumentException("report period must be > 0");
        this.periodMs = periodMs;
    }

    /** Adds one shard's log; {@code t0EpochMs} is that shard's T0 on its own clock. */
    void add(int shard, Path hlog, long t0EpochMs) throws IOException {
        add(shard, hlog, t0EpochMs, Long.MAX_VALUE);
    }

    /**
     * As {@link #add(int, Path, long)} up to {@code untilEpochMs}: an incomplete shard's log to its record's last
     * whole interval, a torn last line tolerated ({@link HlogFiles#forEachUntil}).
     */
    void add(int shard, Path hlog, long t0EpochMs, long untilEpochMs) throws IOException {
        Map<String, Long> counts = countsByShard.computeIfAbsent(shard, s -> new LinkedHashMap<>());
        java.util.function.Consumer<org.HdrHistogram.Histogram> each = h -> {
            String tag = h.getTag();
            int k = Math.max(0, (int) Math.round((h.getStartTimeStamp() - t0EpochMs) / (double) periodMs));
            intervals.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(tag, HlogMerge::blank).add(h);
            whole.computeIfAbsent(tag, HlogMerge::blank).add(h);
            counts.merge(tag, h.getTotalCount(), Long::sum);
        };
        if (untilEpochMs == Long.MAX_VALUE) {
            HlogFiles.forEach(hlog, each);
        } else {
            HlogFiles.forEachUntil(hlog, untilEpochMs, each);
        }
    }

    private static Histogram blank(String tag) {
        Histogram h = new Histogram(1, dev.goload.metrics.LatencyRecorder.HIGHEST_MICROS,
                dev.goload.metrics.LatencyRecorder.DIGITS);
        h.setTag(tag);
        return h;
    }

    /** The interval histogram of {@code tag} at interval {@code k} (empty when no shard recorded any). */
    Histogram at(int k, String tag) {
        Map<String, Histogram> m = intervals.get(k);
        Histogram h = m == null ? null : m.get(tag);
        return h == null ? blank(tag) : h;
    }

    /** Writes the merged log: base time T0, intervals on the grid {@code T0 + k·period}. */
    void write(Path out, String runId, long t0EpochMs, List<String> tags) throws IOException {
        try (PrintStream ps = new PrintStream(Files.newOutputStream(out), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputComment("goload merged run " + runId + "; values in microseconds; one histogram per recorder tag"
                    + " per interval, the shards' histograms added");
            w.outputLogFormatVersion();
            w.outputStartTime(t0EpochMs);
            w.setBaseTime(t0EpochMs);
            w.outputLegend();
            for (var e : intervals.entrySet()) {
                int k = e.getKey();
                for (String tag : tags) {
                    Histogram h = e.getValue().get(tag);
                    if (h == null || h.getTotalCount() == 0) continue;
                    h.setStartTimeStamp(t0EpochMs + k * periodMs);
                    h.setEndTimeStamp(t0EpochMs + (k + 1) * periodMs);
                    w.outputIntervalHistogram(h);
                }
            }
            ps.flush();
            if (ps.checkError()) throw new IOException("cannot write " + out);
        }
    }
}
