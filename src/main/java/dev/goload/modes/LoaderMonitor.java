package dev.goload.modes;

import dev.goload.metrics.HiccupMonitor;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.Percentiles;
import dev.goload.metrics.ProcessSampler;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The loader's measurement of itself, shared by every mode that writes a run record: process CPU, GC pauses,
 * resident memory, a hiccup monitor, and per interval the {@link LoaderBoundRules} verdict on whether the
 * loader rather than the broker was the limit. A run opens one at its start, calls {@link #sample} once per
 * report interval with that interval's shed-behind count and pacer lateness, and closes it at the end.
 *
 * <p>Modes without a report loop of their own call {@link #samplingEverySecond()} at the start and
 * {@link #finish()} at the end, so their peak RSS, CPU maximum and loader-bound verdict come from one-second
 * intervals rather than from one sample taken when the run is over.
 *
 * <p>Threading: {@link #sample} and {@link #summary} belong to one thread at a time: the reporting thread, or
 * the periodic sampler until {@link #finish()} (which joins it) hands them back to the caller.
 */
public final class LoaderMonitor implements AutoCloseable {

    /** One interval of the loader's self-measurement. */
    public record Interval(ProcessSampler.Sample loader, Percentiles hiccup, List<String> loaderBound) {}

    private final LoaderBoundRules rules;
    private final ProcessSampler sampler = new ProcessSampler();
    private final LatencyRecorder hiccups;
    private final HiccupMonitor monitor;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final long cpuStartNanos;
    private final long wallStartNanos = System.nanoTime();
    private final Map<String, String> reasons = new LinkedHashMap<>();
    private double cpuMax;
    private int intervals;
    private Thread periodic;
    private volatile boolean stopping;

    /** Starts measuring; {@code hiccups} receives the stall samples (a run's own recorder, or a private one). */
    public LoaderMonitor(LoaderBoundRules rules, LatencyRecorder hiccups) {
        this.rules = rules;
        this.hiccups = hiccups;
        this.cpuStartNanos = sampler.processCpuNanos();
        this.monitor = new HiccupMonitor(hiccups);
    }

    public LoaderMonitor(LoaderBoundRules rules) {
        this(rules, new LatencyRecorder("hiccup"));
    }

    /**
     * Samples the interval that just ended. When the caller owns the hiccup recorder (and samples it itself),
     * pass its interval percentiles as {@code hiccup}; else pass null and this monitor samples it.
     */
    public Interval sample(long shedBehind, Percentiles lateness, Percentiles hiccup) {
        ProcessSampler.Sample s = sampler.sample();
        Percentiles h = hiccup != null ? hiccup : Percentiles.of(hiccups.sampleInterval());
        List<String> bound = rules.check(s, cores, shedBehind, lateness == null ? Percentiles.EMPTY : lateness);
        for (String why : bound) {
            reasons.putIfAbsent(kindOf(why), "first in interval " + intervals + ": " + why);
        }
        cpuMax = Math.max(cpuMax, s.cpuCores());
        intervals++;
        return new Interval(s, h, bound);
    }

    /** Starts sampling once a second on a daemon thread (for modes whose run has no report loop). */
    public LoaderMonitor samplingEverySecond() {
        periodic = Thread.ofPlatform().daemon().name("goload-loader-monitor").start(() -> {
            while (!stopping) {
                LockSupport.parkNanos(1_000_000_000L);
                if (!stopping) sample(0, null, null);
            }
        });
        return this;
    }

    /** Stops the periodic sampling, samples the last stretch and summarises the whole run. */
    public RunResult.LoaderSummary finish() {
        stopPeriodic();
        sample(0, null, null);
        return summary();
    }

    /** Intervals sampled so far. */
    public int intervals() {
        return intervals;
    }

    private void stopPeriodic() {
        Thread t = periodic;
        if (t == null) return;
        stopping = true;
        LockSupport.unpark(t);
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        periodic = null;
    }

    /** The whole run so far. */
    public RunResult.LoaderSummary summary() {
        double cpuSeconds = (sampler.processCpuNanos() - cpuStartNanos) / 1e9;
        double wall = Math.max(1e-9, (System.nanoTime() - wallStartNanos) / 1e9);
        return new RunResult.LoaderSummary(cores, cpuSeconds / wall, cpuMax, cpuSeconds, sampler.totalGcPauses(),
                sampler.totalGcPauseMs(), sampler.peakRssBytes(), !reasons.isEmpty(), List.copyOf(reasons.values()));
    }

    /** Groups reasons by their kind (the text before ':' without numbers) so each kind is listed once. */
    private static String kindOf(String why) {
        int colon = why.indexOf(':');
        String head = colon > 0 ? why.substring(0, colon) : why;
        return head.replaceAll("[0-9.]+", "").replaceAll("\\s+", " ").trim();
    }

    @Override
    public void close() {
        stopPeriodic();
        monitor.close();
    }
}
