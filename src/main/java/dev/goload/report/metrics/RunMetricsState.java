package dev.goload.report.metrics;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.RunCounters;
import java.util.Map;

/**
 * What the endpoint serves, as of the last interval: cumulative counters, the interval's gauges and the cumulative
 * latency buckets per recorder tag. Immutable, so the reporter can hand it to scrape threads without a lock.
 *
 * @param gcPauses   stop-the-world GC pauses since T0
 * @param gcPauseMs  their total time since T0
 * @param finished   the run's last interval is in: these are the final figures
 * @param connections the run's sockets to the broker so far
 */
record RunMetricsState(RunCounters.Snapshot total, Map<String, LatencyBuckets> latency, int inflight, int liveTasks,
                       double cpuCores, long rssBytes, long heapUsedBytes, long gcPauses, double gcPauseMs,
                       boolean loaderBound, double elapsedSec, boolean finished, ConnectionFigures connections) {

    /** Before the first interval: every counter 0. */
    static final RunMetricsState INITIAL = new RunMetricsState(RunCounters.Snapshot.ZERO, Map.of(), 0, 0, 0, 0, 0, 0,
            0, false, 0, false, ConnectionFigures.NONE);

    RunMetricsState {
        latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latency));
        connections = connections == null ? ConnectionFigures.NONE : connections;
    }
}
