package dev.goload.report.dashboard;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Synthetic intervals for the dashboard's tests: interval {@code i} offers {@code i + 1} requests. */
final class Intervals {
    private Intervals() {}

    static Histogram histogram(int i) {
        Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        h.recordValueWithCount(100L + 37L * i, 1 + i % 7);
        h.recordValue(5_000L + (i * 7919L) % 90_000); // a different tail per interval
        if (i % 97 == 13) h.recordValue(2_000_000L + i); // a rare spike
        return h;
    }

    static RunCounters.Snapshot delta(int i) {
        Map<String, Long> errors = new TreeMap<>();
        if (i % 3 == 0) errors.put("push.timeout", 1L);
        return new RunCounters.Snapshot(i + 1, i + 1, i, 1, 0, 10L * i, 1, 0, 0, 0, 10L * i, 5, 0, 1, 0, 0, 0, 0, 0, 0,
                0, 0, 0, errors);
    }

    static IntervalSnapshot<Object> snapshot(int i, boolean last, Object mode) {
        RunCounters.Snapshot d = delta(i);
        var loader = new ProcessSampler.Sample(0.5 + (i % 4) * 0.1, 0.4, i % 2, i % 2 * 1.5, 300L << 20, 100L << 20);
        return new IntervalSnapshot<>("openloop", i, "load", last, 1_000L * i, 1_000L * (i + 1), 1.0, i + 1.0, d, d,
                Map.of(), i % 5, 4, loader, i % 11 == 0 ? List.of("pacer late") : List.of(), mode,
                new ConnectionFigures(4, 0, 0, 4, 4, 0L));
    }

    /** Feeds interval {@code i} to {@code d} as the reporter does: its histograms, then the interval. */
    static void feed(DashboardServer d, int i, boolean last, Object mode) {
        d.onHistogram("push", histogram(i));
        d.onHistogram("e2e", new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS)); // empty
        d.onInterval(snapshot(i, last, mode));
    }
}
