package dev.goload.modes.run;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import java.util.List;
import java.util.Map;

/**
 * One reporting interval of any mode, as {@link IntervalReporter} hands it to every {@link RunListener}: the common
 * counters (one vocabulary for all modes), interval percentiles per recorder tag, the loader's self-measurement,
 * and the mode's own part {@code mode}.
 *
 * @param modeName     the run's mode ({@code openloop}, {@code cloud}, …)
 * @param index        0-based interval number
 * @param phase        the run phase the interval ended in ({@code load}, {@code drain}, {@code stage2}, …)
 * @param last         the partial interval from the last boundary to the end of the run
 * @param startEpochMs interval start (wall clock)
 * @param endEpochMs   interval end
 * @param seconds      measured length of the interval: rates divide by this, not by the nominal period
 * @param endSec       the interval's end in seconds after T0
 * @param delta        common counters accumulated during the interval
 * @param total        common counters since T0
 * @param latency      interval percentiles per recorder tag (every tag, {@link LatencySummary#EMPTY} when none)
 * @param inflight     push requests outstanding at the interval's end
 * @param liveTasks    live producer, consumer and ack tasks (the reference's {@code gor})
 * @param loader       the loader's own resource use in the interval
 * @param loaderBound  why the loader, not the broker, limited this interval (empty when it did not)
 * @param mode         the mode's own figures at the interval's end (cumulative; formatters diff two of them)
 * @param connections  the run's sockets to the broker so far (opened, closed, open now, peaks); never null
 */
public record IntervalSnapshot<M>(String modeName, int index, String phase, boolean last, long startEpochMs,
                                  long endEpochMs, double seconds, double endSec, RunCounters.Snapshot delta,
                                  RunCounters.Snapshot total, Map<String, LatencySummary> latency, int inflight,
                                  int liveTasks, ProcessSampler.Sample loader, List<String> loaderBound, M mode,
                                  ConnectionFigures connections) {

    public IntervalSnapshot {
        connections = connections == null ? ConnectionFigures.NONE : connections;
    }

    /** An interval without connection figures ({@link ConnectionFigures#NONE}). */
    public IntervalSnapshot(String modeName, int index, String phase, boolean last, long startEpochMs,
                            long endEpochMs, double seconds, double endSec, RunCounters.Snapshot delta,
                            RunCounters.Snapshot total, Map<String, LatencySummary> latency, int inflight,
                            int liveTasks, ProcessSampler.Sample loader, List<String> loaderBound, M mode) {
        this(modeName, index, phase, last, startEpochMs, endEpochMs, seconds, endSec, delta, total, latency, inflight,
                liveTasks, loader, loaderBound, mode, ConnectionFigures.NONE);
    }

    public LatencySummary latency(String tag) {
        return latency.getOrDefault(tag, LatencySummary.EMPTY);
    }

    /** Rate of a per-interval count, per measured second. */
    public double rate(long count) {
        return seconds > 0 ? count / seconds : 0;
    }
}
