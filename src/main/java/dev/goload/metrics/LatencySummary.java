package dev.goload.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The one summary of a latency histogram, in milliseconds, for every mode's console lines, run records and reports
 * (the {@code goload.run/2} {@code latencyMs.<tag>} object). {@code count == 0} means nothing was recorded; the
 * percentiles are then 0.
 *
 * <p>A percentile is its bucket's highest equivalent value (HdrHistogram's convention, 3 significant digits) clamped
 * to the exact max, so no percentile is ever reported above the largest value recorded. Order's reference defines
 * its own rank rule for {@code popWaitMs}; {@link #nearestRankMs} keeps it.
 */
public record LatencySummary(long count, double p50, double p90, double p95, double p99, double p999, double max,
                             double mean) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);

    /** Summarizes a histogram recorded in microseconds; {@code exactMaxMicros < 0} uses the histogram's max. */
    public static LatencySummary of(Histogram h, long exactMaxMicros) {
        long n = h.getTotalCount();
        if (n == 0) {
            return EMPTY;
        }
        long max = exactMaxMicros >= 0 ? exactMaxMicros : h.getMaxValue();
        // one walk of the recorded values for the five percentiles and the mean: the same values as
        // getValueAtPercentile and getMean, which walk the counts array once each (most of the cost of the run
        // record's checkpoint, rewritten every interval: docs/run-record.md#what-a-checkpoint-costs)
        double[] pct = {50, 90, 95, 99, 99.9};
        long[] rank = new long[pct.length];
        long[] at = new long[pct.length];
        for (int i = 0; i < pct.length; i++) rank[i] = rankOf(pct[i], n);
        int next = 0;
        double total = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = v.getValueIteratedTo();
            total += h.medianEquivalentValue(value) * (double) v.getCountAtValueIteratedTo();
            while (next < pct.length && v.getTotalCountToThisValue() >= rank[next]) at[next++] = value;
        }
        return new LatencySummary(n, ms(Math.min(at[0], max)), ms(Math.min(at[1], max)), ms(Math.min(at[2], max)),
                ms(Math.min(at[3], max)), ms(Math.min(at[4], max)), max / 1000.0, total / n / 1000.0);
    }

    /** The count a percentile is reached at, as HdrHistogram's {@code getValueAtPercentile} computes it. */
    private static long rankOf(double percentile, long n) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        return Math.max((long) Math.ceil(requested * n / 100.0), 1);
    }

    public static LatencySummary of(Histogram h) {
        return of(h, -1);
    }

    /** The value at {@code percentile} (0–100) in ms, clamped to the max as the summary's fields are. */
    public static double percentileMs(Histogram h, double percentile) {
        if (h.getTotalCount() == 0) return 0;
        return ms(at(h, percentile, h.getMaxValue()));
    }

    /**
     * The nearest-rank value (ms) at index {@code floor(q·(n−1))} of the sorted values, each value taken as its
     * bucket's median equivalent: the rule of order's reference for {@code popWaitMs} (goload-behavior.md §2.5).
     *
     * @param q a quantile in [0, 1]
     */
    public static double nearestRankMs(Histogram h, double q) {
        long n = h.getTotalCount();
        if (n == 0) return 0;
        long idx = (long) Math.floor(q * (n - 1));
        long seen = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            if (seen > idx) return h.medianEquivalentValue(v.getValueIteratedTo()) / 1000.0;
        }
        return h.getMaxValue() / 1000.0;
    }

    private static long at(Histogram h, double percentile, long max) {
        return Math.min(h.getValueAtPercentile(percentile), max);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
