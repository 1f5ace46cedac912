package dev.goload.modes.run.thresholds;

import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Synthetic whole-run outcomes for threshold tests. Test-only. */
public final class Outcomes {
    private Outcomes() {}

    /** Counters by field, everything else 0. */
    public static RunCounters.Snapshot counts(long offered, long sent, long achieved, long shedCap, long pushed,
                                              long pushErr, long popped) {
        return new RunCounters.Snapshot(offered, sent, achieved, shedCap, 0, pushed, pushErr, 0, 0, 0, popped, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of());
    }

    /** A histogram (µs) holding each value once. */
    public static Histogram micros(long... values) {
        Histogram h = new Histogram(1, 3_600_000_000L, 3);
        for (long v : values) h.recordValue(v);
        return h;
    }

    /**
     * A 60 s run with {@code counters} and the {@code push} histogram (others empty), loader-bound or not.
     */
    public static RunOutcome outcome(RunCounters.Snapshot counters, Histogram push, boolean loaderBound) {
        Map<String, Histogram> hs = new LinkedHashMap<>();
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        hs.put("push", push);
        lat.put("push", LatencySummary.of(push));
        Histogram empty = new Histogram(1, 3_600_000_000L, 3);
        hs.put("e2e", empty);
        lat.put("e2e", LatencySummary.EMPTY);
        var loader = new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, loaderBound,
                loaderBound ? List.of("pacer lateness p99 > 50 ms from interval 3") : List.of());
        return new RunOutcome("openloop", "run-1", 1_000_000, 1_060_000, "duration", List.of(), counters,
                new dev.goload.metrics.RunCounters().errorFamilies(),
                lat, hs, loader, null, null, Verdict.NONE, 0, 0, 12);
    }
}
