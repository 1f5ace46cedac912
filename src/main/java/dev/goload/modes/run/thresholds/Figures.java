package dev.goload.modes.run.thresholds;

import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.RunOutcome;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a {@link Metric} reads: either the whole run (its {@link RunOutcome} and the mode's figures) or one interval
 * (its deltas and interval histograms, for {@code -threshold-abort}). Metrics marked {@link Metric#live()} read only
 * {@link #counts}, {@link #levels}, {@link #seconds} and {@link #latency}.
 */
interface Figures {
    /** Counters of the whole run, or of the interval. */
    RunCounters.Snapshot counts();

    /** Counters at the end of the run, or of the interval (for levels such as lag). */
    RunCounters.Snapshot levels();

    /** The span {@link #counts} cover. */
    double seconds();

    /** A latency statistic of recorder {@code tag}; empty without data. */
    OptionalDouble latency(String tag, LatencyStat stat);

    /** A mode's own figure; whole run only. */
    OptionalDouble mode(String name);

    /** The whole run's outcome; whole run only. */
    RunOutcome outcome();

    /** The whole run: the outcome's exact histograms and counters, and the figures the mode supplied. */
    static Figures wholeRun(RunOutcome o, Map<String, ? extends Number> modeFigures) {
        return new Figures() {
            @Override public RunCounters.Snapshot counts() { return o.counters(); }
            @Override public RunCounters.Snapshot levels() { return o.counters(); }
            @Override public double seconds() { return o.seconds(); }
            @Override public RunOutcome outcome() { return o; }

            @Override
            public OptionalDouble latency(String tag, LatencyStat stat) {
                org.HdrHistogram.Histogram h = o.histograms().get(tag);
                if (h == null) return OptionalDouble.empty();
                // the summary's max is the recorder's exact max (µs / 1000): back to µs without loss
                return stat.of(h, Math.round(o.latency(tag).max() * 1000));
            }

            @Override
            public OptionalDouble mode(String name) {
                Number v = modeFigures.get(name);
                return v == null ? OptionalDouble.empty() : OptionalDouble.of(v.doubleValue());
            }
        };
    }
}
