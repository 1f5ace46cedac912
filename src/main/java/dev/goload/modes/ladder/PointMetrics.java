package dev.goload.modes.ladder;

import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderEvidence;
import java.util.List;

/**
 * What the ladder needs from one point's run record ({@code goload.run/2}, cloud's JSON or {@code goload.run/1}).
 * Rates are msg/s over the load phase; NaN = the record did not say. {@code loaderBound} is the record's own
 * whole-run self-measurement, null when the record has none; {@code loader} its per-interval evidence, null when
 * the record predates it.
 */
public record PointMetrics(double offered, double achievedPush, double achievedPop, double p50Ms, double p99Ms,
        long shedMsgs, long errors, String verdict, Boolean loaderBound, long backlogMsgs, double loadSec,
        long startedEpochMs, LoaderSeries loader) {

    /** The record's loader evidence: the rules it was measured under, the host's cores, every interval. */
    public record LoaderSeries(LoaderBoundRules rules, int cores, List<LoaderEvidence> intervals) {
        public LoaderSeries {
            intervals = List.copyOf(intervals);
        }
    }

    public PointMetrics(double offered, double achievedPush, double achievedPop, double p50Ms, double p99Ms,
            long shedMsgs, long errors, String verdict, Boolean loaderBound, long backlogMsgs, double loadSec,
            long startedEpochMs) {
        this(offered, achievedPush, achievedPop, p50Ms, p99Ms, shedMsgs, errors, verdict, loaderBound, backlogMsgs,
                loadSec, startedEpochMs, null);
    }
}
