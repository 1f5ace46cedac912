package dev.goload.modes.cloud;

import org.HdrHistogram.Histogram;

/** A whole-run latency summary as the cloud JSON records it (ms), with the exact maximum. */
public record LatencySummary(long samples, double p50Ms, double p95Ms, double p99Ms, double p999Ms, double maxMs) {

    static LatencySummary of(Histogram h, long exactMaxMicros) {
        long n = h.getTotalCount();
        if (n == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(n, ms(h, 50, exactMaxMicros), ms(h, 95, exactMaxMicros), ms(h, 99, exactMaxMicros),
                ms(h, 99.9, exactMaxMicros), exactMaxMicros / 1000.0);
    }

    /**
     * A percentile is its bucket's highest equivalent value, which can lie a hair above the largest value recorded
     * (5001 µs reads back as 5003 µs): never report a percentile above the exact max printed beside it.
     */
    private static double ms(Histogram h, double percentile, long exactMaxMicros) {
        return Math.min(h.getValueAtPercentile(percentile), exactMaxMicros) / 1000.0;
    }
}
