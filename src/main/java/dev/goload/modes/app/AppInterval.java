package dev.goload.modes.app;

import dev.goload.metrics.LatencySummary;

/**
 * One report interval of an {@code app} run: the counter deltas, the cumulative counters, the interval latency
 * percentiles (HdrHistogram, not reset-every-report buckets: the whole-run figures live in {@link AppResult}) and
 * the checker's cumulative violations.
 *
 * @param seconds the measured interval length (rates divide by it, not by the nominal {@code -report})
 */
public record AppInterval(int index, long endEpochMs, double seconds, AppCounters.Snapshot delta,
                          AppCounters.Snapshot total, LatencySummary qDelay, LatencySummary e2e, LatencySummary push,
                          long violations) {

    public double rate(long count) {
        return seconds > 0 ? count / seconds : 0;
    }
}
