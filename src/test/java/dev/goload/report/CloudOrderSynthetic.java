package dev.goload.report;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Synthetic cloud and order engine values for their formatters' golden tests. Test-only. */
final class CloudOrderSynthetic {
    private CloudOrderSynthetic() {}

    /** Common counters by the fields the cloud formatters read; the rest zero. */
    static RunCounters.Snapshot counters(long offered, long shedCap, long shedBehind, long sent, long pushed,
                                         long popped, long empty, long acked, long itemFailed, long backoffs,
                                         long backoffMillis, Map<String, Long> errorsByKind) {
        return new RunCounters.Snapshot(offered, sent, sent, shedCap, shedBehind, pushed, 0, itemFailed, 0, 0, popped,
                0, 0, empty, acked, 0, 0, 0, 0, 0, 0, backoffs, backoffMillis, errorsByKind);
    }

    /** An interval with {@code e2e} and {@code service} interval percentiles p50/p99. */
    static IntervalSnapshot<CloudCounters.Snapshot> interval(double endSec, long endEpochMs, String phase,
                                                              double seconds, int inflight, double e2eP50,
                                                              double e2eP99, double pushP50, double pushP99,
                                                              RunCounters.Snapshot total, RunCounters.Snapshot delta,
                                                              CloudCounters.Snapshot mode, int liveTasks) {
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        lat.put("e2e", new LatencySummary(10, e2eP50, e2eP50, e2eP99, e2eP99, e2eP99, e2eP99, e2eP50));
        lat.put("service", new LatencySummary(10, pushP50, pushP50, pushP99, pushP99, pushP99, pushP99, pushP50));
        return new IntervalSnapshot<>("cloud", 1, phase, false, endEpochMs - (long) (seconds * 1000), endEpochMs,
                seconds, endSec, delta, total, lat, inflight, liveTasks, Synthetic.LOADER, List.of(), mode);
    }

    /** Order's common counters: pops answered, empty, failed; acked and not acked; backoffs. */
    static RunCounters.Snapshot orderCounters(long popCalls, long empty, long popErr, long acked, long ackErr,
                                              long backoffs, long backoffMillis) {
        return new RunCounters.Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, popCalls, popErr, empty, acked, ackErr, 0, 0,
                0, 0, 0, backoffs, backoffMillis, Map.of());
    }

    /** An order outcome: counters, error families, the loader, {@code reconnects}. */
    static RunOutcome orderOutcome(RunCounters.Snapshot counters, Map<String, ErrorStats.Snapshot> errors,
                                   RunResult.LoaderSummary loader, long reconnects) {
        return new RunOutcome("order", "ord", 0, 1000, "drained", List.of(), counters, errors, Map.of(), Map.of(),
                loader, null, null, Verdict.NONE, 0, reconnects, 3);
    }

    /** A whole-run outcome: counters, error families, latency by tag, the loader, {@code reconnects}. */
    static RunOutcome outcome(String runId, long startedMs, long endedMs, String stopReason,
                              RunCounters.Snapshot counters, Map<String, ErrorStats.Snapshot> errors,
                              Map<String, LatencySummary> latency, RunResult.LoaderSummary loader, long reconnects) {
        return new RunOutcome("cloud", runId, startedMs, endedMs, stopReason, List.of(), counters, errors, latency,
                Map.of(), loader, null, null, Verdict.NONE, 0, reconnects, 3);
    }

    /** A summary with the reference's fields (count as samples, p50, p95, p99, p999, max). */
    static LatencySummary summary(long samples, double p50, double p95, double p99, double p999, double max) {
        return new LatencySummary(samples, p50, p95, p95, p99, p999, max, p50);
    }
}
