package dev.goload.modes;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.modes.run.RunOutcome;
import java.util.List;

/**
 * The typed result of a load run ({@code max}, {@code openloop}): the mode-independent {@link RunOutcome} the
 * formatters and the run record read, and what only these modes add.
 *
 * @param outcome        counters, phases, latency, errors, loader, broker identity, stop reason
 * @param configureError the configure failure text (the run went on, as the reference does), or null
 */
public record RunResult(RunOutcome outcome, String configureError) {

    /**
     * The loader's measurement of itself over the run.
     *
     * @param loaderBound            true when a loader-bound sign was sustained ({@link LoaderVerdict})
     * @param reasons                the distinct sustained signs, with the interval each started in
     * @param rules                  the rules the verdict applied (null in records that predate them)
     * @param warmUp                 what the loader did before T0 (null: no warm-up)
     * @param brokerFailingIntervals intervals not judged because the broker failed most push requests
     * @param intervals              each interval's evidence, for readers that judge a stretch of the run again
     * @param connections            the sockets the run's clients opened to the broker, and TIME_WAIT (never null)
     */
    public record LoaderSummary(int availableProcessors, double cpuCoresAvg, double cpuCoresMax, double cpuSeconds,
                                long gcPauses, double gcPauseMs, long peakRssBytes, boolean loaderBound,
                                List<String> reasons, LoaderBoundRules rules, LoaderWarmUp.Result warmUp,
                                int brokerFailingIntervals, List<LoaderEvidence> intervals,
                                ConnectionFigures connections) {

        public LoaderSummary {
            connections = connections == null ? ConnectionFigures.NONE : connections;
        }

        /** A summary without connection figures ({@link ConnectionFigures#NONE}). */
        public LoaderSummary(int availableProcessors, double cpuCoresAvg, double cpuCoresMax, double cpuSeconds,
                             long gcPauses, double gcPauseMs, long peakRssBytes, boolean loaderBound,
                             List<String> reasons, LoaderBoundRules rules, LoaderWarmUp.Result warmUp,
                             int brokerFailingIntervals, List<LoaderEvidence> intervals) {
            this(availableProcessors, cpuCoresAvg, cpuCoresMax, cpuSeconds, gcPauses, gcPauseMs, peakRssBytes,
                    loaderBound, reasons, rules, warmUp, brokerFailingIntervals, intervals, ConnectionFigures.NONE);
        }

        public LoaderSummary(int availableProcessors, double cpuCoresAvg, double cpuCoresMax, double cpuSeconds,
                             long gcPauses, double gcPauseMs, long peakRssBytes, boolean loaderBound,
                             List<String> reasons) {
            this(availableProcessors, cpuCoresAvg, cpuCoresMax, cpuSeconds, gcPauses, gcPauseMs, peakRssBytes,
                    loaderBound, reasons, null, null, 0, List.of(), ConnectionFigures.NONE);
        }
    }
}
