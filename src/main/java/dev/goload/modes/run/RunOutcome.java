package dev.goload.modes.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What every mode's engine returns besides its own result: the mode-independent part of the {@code goload.run/2}
 * record, and what thresholds, compare and merge read. Built by {@link IntervalReporter#outcome}.
 *
 * @param stopReason     {@code duration}, {@code signal}, {@code drained}, {@code threshold: …} or {@code error: …}
 * @param phases         the run's phases in order, each with its counters
 * @param counters       the common counters over the whole run
 * @param errors         error families by operation ({@code push}, {@code pop}, {@code ack}, {@code configure})
 * @param latency        whole-run summary per recorder tag
 * @param histograms     whole-run histograms (µs) per recorder tag, exact (thresholds read any percentile from them)
 * @param loader         the loader's self-measurement and loader-bound verdict
 * @param brokerHealth   the broker's {@code /health} answer at start (its identity), or null
 * @param brokerError    why the identity is unknown (null when known)
 * @param verdict        the correctness verdict
 * @param inflightAtEnd  push requests still outstanding when counters were read (0 after a clean drain)
 * @param reconnects     requests re-sent once on a fresh socket after a stale keep-alive socket
 * @param intervals      intervals emitted (the CSV and .hlog hold them; the outcome does not)
 */
public record RunOutcome(String mode, String runId, long startedEpochMs, long endedEpochMs, String stopReason,
                         List<Phase> phases, RunCounters.Snapshot counters, Map<String, ErrorStats.Snapshot> errors,
                         Map<String, LatencySummary> latency, Map<String, Histogram> histograms,
                         RunResult.LoaderSummary loader, JsonNode brokerHealth, String brokerError, Verdict verdict,
                         int inflightAtEnd, long reconnects, int intervals) {

    /** One phase of the run ({@code load}, {@code drain}, …): its span after T0 and its counters. */
    public record Phase(String name, double startSec, double endSec, RunCounters.Snapshot counters) {
        public double seconds() {
            return endSec - startSec;
        }
    }

    public double seconds() {
        return (endedEpochMs - startedEpochMs) / 1000.0;
    }

    public LatencySummary latency(String tag) {
        return latency.getOrDefault(tag, LatencySummary.EMPTY);
    }

    /** The same outcome with another verdict (modes decide theirs after the reporter has finished). */
    public RunOutcome withVerdict(Verdict v) {
        return new RunOutcome(mode, runId, startedEpochMs, endedEpochMs, stopReason, phases, counters, errors, latency,
                histograms, loader, brokerHealth, brokerError, v, inflightAtEnd, reconnects, intervals);
    }
}
