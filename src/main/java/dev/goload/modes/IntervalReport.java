package dev.goload.modes;

import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import java.util.List;
import java.util.Map;

/**
 * One reporting interval of a run: what the engine hands to formatters (console lines, CSV, run record).
 *
 * @param index         0-based interval number
 * @param startEpochMs  interval start (wall clock)
 * @param endEpochMs    interval end
 * @param seconds       measured length of the interval (rates divide by this, not by the nominal interval)
 * @param delta         counters accumulated during the interval
 * @param total         counters since the start of the run
 * @param inflight      push requests outstanding at the end of the interval
 * @param liveTasks     live producer, consumer and ack tasks (the reference's {@code gor})
 * @param latency       interval percentiles per recorder tag ({@code push}, {@code service}, {@code failed}, …)
 * @param loader        the loader's own resource use in the interval
 * @param loaderBound   why the loader, not the broker, limited this interval (empty when it did not)
 */
public record IntervalReport(int index, long startEpochMs, long endEpochMs, double seconds,
                             RunCounters.Snapshot delta, RunCounters.Snapshot total, int inflight, int liveTasks,
                             Map<String, LatencySummary> latency, ProcessSampler.Sample loader, List<String> loaderBound) {

    public LatencySummary latency(String tag) {
        return latency.getOrDefault(tag, LatencySummary.EMPTY);
    }

    /** Rate of a per-interval count, per measured second. */
    public double rate(long count) {
        return seconds > 0 ? count / seconds : 0;
    }
}
