package dev.goload.modes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import java.util.List;
import java.util.Map;

/**
 * The typed outcome of a load run ({@code max}, {@code openloop}): what formatters turn into the final line
 * and the run record.
 *
 * @param stopReason      {@code duration}, {@code signal} or {@code error: …}
 * @param totals          every counter over the whole run
 * @param latency         whole-run percentiles per recorder tag
 * @param brokerHealth    the broker's {@code /health} answer at start (its identity), or null
 * @param configureError  the configure failure text (the run went on, as the reference does), or null
 * @param intervals       the per-interval series
 * @param inflightAtEnd   push requests still outstanding when counters were read (0 after a clean drain)
 * @param reconnects      requests the client re-sent once on a fresh socket because the broker had closed their idle
 *                        keep-alive socket before answering (never errors, never retries of an answer)
 */
public record RunResult(String mode, String runId, long startedEpochMs, long endedEpochMs, String stopReason,
                        RunCounters.Snapshot totals, Map<String, LatencySummary> latency, LoaderSummary loader,
                        JsonNode brokerHealth, String configureError, List<IntervalReport> intervals,
                        int inflightAtEnd, long reconnects) {

    public LatencySummary latency(String tag) {
        return latency.getOrDefault(tag, LatencySummary.EMPTY);
    }

    public double seconds() {
        return (endedEpochMs - startedEpochMs) / 1000.0;
    }

    /**
     * The loader's measurement of itself over the run.
     *
     * @param loaderBound            true when a loader-bound sign was sustained ({@link LoaderVerdict})
     * @param reasons                the distinct sustained signs, with the interval each started in
     * @param rules                  the rules the verdict applied (null in records that predate them)
     * @param warmUp                 what the loader did before T0 (null: no warm-up)
     * @param brokerFailingIntervals intervals not judged because the broker failed most push requests
     * @param intervals              each interval's evidence, for readers that judge a stretch of the run again
     */
    public record LoaderSummary(int availableProcessors, double cpuCoresAvg, double cpuCoresMax, double cpuSeconds,
                                long gcPauses, double gcPauseMs, long peakRssBytes, boolean loaderBound,
                                List<String> reasons, LoaderBoundRules rules, LoaderWarmUp.Result warmUp,
                                int brokerFailingIntervals, List<LoaderEvidence> intervals) {

        public LoaderSummary(int availableProcessors, double cpuCoresAvg, double cpuCoresMax, double cpuSeconds,
                             long gcPauses, double gcPauseMs, long peakRssBytes, boolean loaderBound,
                             List<String> reasons) {
            this(availableProcessors, cpuCoresAvg, cpuCoresMax, cpuSeconds, gcPauses, gcPauseMs, peakRssBytes,
                    loaderBound, reasons, null, null, 0, List.of());
        }
    }
}
