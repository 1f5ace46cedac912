package dev.goload.modes.app;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.RunOutcome;
import dev.goload.verify.OrderVerdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an {@code app} run: the mode-independent {@link RunOutcome} (common counters, error families,
 * whole-run latency, loader, verdict), app's own figures, the order checker's verdict and where the raw logs are.
 *
 * @param app             app's own counters at the end
 * @param rawLogDir       null without {@code -verify-log}
 * @param rawLogError     why the raw logs are incomplete, null when they are fine
 * @param configureErrors one entry per queue whose configure failed (the run went on, as the reference does)
 */
public record AppResult(RunOutcome outcome, AppCounters.Snapshot app, OrderVerdict verdict, String rawLogDir,
                        String rawLogError, List<String> configureErrors, int producers, int consumersPerGroup) {

    /** The recorders the final block lists, in its order (app's closed-loop latencies, then the push path's). */
    public static final List<String> FINAL_LATENCIES = List.of("qDelay", "e2e", "push", "service");

    public String runId() {
        return outcome.runId();
    }

    /** The common counters over the whole run. */
    public RunCounters.Snapshot total() {
        return outcome.counters();
    }

    public double seconds() {
        return outcome.seconds();
    }

    public String stopReason() {
        return outcome.stopReason();
    }

    /** Achieved push rate over the whole run, msg/s. */
    public double pushRate() {
        double s = seconds();
        return s > 0 ? total().pushedMsgs() / s : 0;
    }

    /** The whole-run summaries the final block prints ({@link #FINAL_LATENCIES}). */
    public Map<String, LatencySummary> latency() {
        Map<String, LatencySummary> m = new LinkedHashMap<>();
        for (String tag : FINAL_LATENCIES) {
            LatencySummary l = outcome.latency().get(tag);
            if (l != null) m.put(tag, l);
        }
        return m;
    }

    /** Push, pop, ack and configure failures by kind. */
    public Map<String, ErrorStats.Snapshot> errorsByKind() {
        return outcome.errors();
    }
}
