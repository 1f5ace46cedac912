package dev.goload.modes.ladder;

/**
 * What the ladder needs from one point's run record (cloud's JSON or the {@code goload.run/1} record).
 * Rates are msg/s over the load phase; NaN = the record did not say. {@code loaderBound} is the record's own
 * self-measurement, null when the record has none.
 */
public record PointMetrics(double offered, double achievedPush, double achievedPop, double p50Ms, double p99Ms,
        long shedMsgs, long errors, String verdict, Boolean loaderBound, long backlogMsgs, double loadSec,
        long startedEpochMs) {
}
