package dev.goload.modes.cloud;

import org.HdrHistogram.Histogram;

/** A whole-run latency summary as the cloud JSON records it (ms), with the exact maximum. */
public record LatencySummary(long samples, double p50Ms, double p95Ms, double p99Ms, double p999Ms, double maxMs) {

    static LatencySummary of(Histogram h, long exactMaxMicros) {
        long n = h.getTotalCount();
        if (n == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(n, h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(95) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0, h.getValueAtPercentile(99.9) / 1000.0, exactMaxMicros / 1000.0);
    }
}
