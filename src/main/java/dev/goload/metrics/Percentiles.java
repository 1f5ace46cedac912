package dev.goload.metrics;

import org.HdrHistogram.Histogram;

/**
 * The summary of a latency histogram that goes into run records and reports, in milliseconds.
 * {@code count == 0} means nothing was recorded; the percentiles are then 0.
 */
public record Percentiles(long count, double p50, double p90, double p99, double p999, double max, double mean) {

    public static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    /** Summarizes a histogram recorded in microseconds; {@code exactMaxMicros < 0} uses the histogram's max. */
    public static Percentiles of(Histogram h, long exactMaxMicros) {
        long n = h.getTotalCount();
        if (n == 0) {
            return EMPTY;
        }
        // A percentile is reported as its bucket's highest equivalent value, which can lie a hair above the
        // largest value actually recorded; never report a percentile above the max.
        long max = exactMaxMicros >= 0 ? exactMaxMicros : h.getMaxValue();
        return new Percentiles(n, ms(at(h, 50, max)), ms(at(h, 90, max)), ms(at(h, 99, max)), ms(at(h, 99.9, max)),
                max / 1000.0, h.getMean() / 1000.0);
    }

    private static long at(Histogram h, double percentile, long max) {
        return Math.min(h.getValueAtPercentile(percentile), max);
    }

    public static Percentiles of(Histogram h) {
        return of(h, -1);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
