package dev.goload.modes.app;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.verify.OrderVerdict;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an {@code app} run: every counter, whole-run latency percentiles (ms, HdrHistogram), the order
 * checker's verdict and where the raw logs are.
 *
 * @param rawLogDir     null without {@code -verify-log}
 * @param rawLogError   why the raw logs are incomplete, null when they are fine
 * @param configureErrors one entry per queue whose configure failed (the run went on, as the reference does)
 * @param errorsByKind  push, pop and ack failures by kind (families in that order)
 */
public record AppResult(String runId, long startedEpochMs, long endedEpochMs, double seconds, String stopReason,
                        AppCounters.Snapshot total, Map<String, LatencySummary> latency, OrderVerdict verdict,
                        String rawLogDir, String rawLogError, List<String> configureErrors, int producers,
                        int consumersPerGroup, Map<String, ErrorStats.Snapshot> errorsByKind) {

    /** Achieved push rate over the whole run, msg/s. */
    public double pushRate() {
        return seconds > 0 ? total.pushed() / seconds : 0;
    }
}
