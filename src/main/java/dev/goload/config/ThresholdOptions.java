package dev.goload.config;

import java.util.List;

/**
 * What a run is judged by after it ends (docs/reporting.md#thresholds): the {@code -threshold} expressions as given
 * (checked against the mode's metrics by the command before anything is sent), {@code -threshold-abort} and
 * {@code -strict}.
 *
 * @param expressions  the {@code -threshold} expressions, in order
 * @param abortSeconds stop the run when a threshold has been broken this long during it; 0 = never
 * @param strict       a loader-bound run is invalid as a measurement: exit 5
 */
public record ThresholdOptions(List<String> expressions, int abortSeconds, boolean strict) {
    public static final ThresholdOptions NONE = new ThresholdOptions(List.of(), 0, false);

    public ThresholdOptions {
        expressions = List.copyOf(expressions);
        if (abortSeconds < 0) {
            throw new IllegalArgumentException("-threshold-abort must be >= 0 (seconds; 0 = never stop the run)");
        }
        if (abortSeconds > 0 && expressions.isEmpty()) {
            throw new IllegalArgumentException("-threshold-abort needs at least one -threshold to watch");
        }
    }
}
