package dev.goload.modes;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.HiccupMonitor;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import java.util.ArrayList;
import java.util.List;

/**
 * The loader's measurement of itself, shared by every mode that writes a run record: process CPU, GC pauses,
 * resident memory, a hiccup monitor, and per interval the evidence ({@link LoaderEvidence}) that the
 * {@link LoaderBoundRules} judge through a {@link LoaderVerdict}: whether the loader rather than the broker was the
 * limit. A run opens one at its T0 (after the warm-up), calls {@link #sample} once per report interval with that
 * interval's pacing, and closes it at the end. The evidence of every interval is kept (at most
 * {@value #MAX_SERIES}) and written to the run record, so a reader can judge any stretch again.
 *
 * <p>Modes without a report loop of their own call {@link #samplingEverySecond()} at the start and
 * {@link #finish()} at the end, so their peak RSS, CPU maximum and loader-bound verdict come from one-second
 * intervals rather than from one sample taken when the run is over.
 *
 * <p>Threading: {@link #sample} and {@link #summary} belong to one thread at a time: the reporting thread, or
 * the periodic sampler until {@link #finish()} (which joins it) hands them back to the caller.
 */
public final class LoaderMonitor implements AutoCloseable {
    /** Intervals of evidence kept for the run record (a day of 1 s intervals); later ones are judged, not kept. */
    static final int MAX_SERIES = 100_000;

    /** One interval of the loader's self-measurement. */
    public record Interval(ProcessSampler.Sample loader, LatencySummary hiccup, List<String> loaderBound,
                           ConnectionFigures connections) {}

    /**
     * What the run's reporter knows about an interval's pacing.
     *
     * @param startSec       interval start, seconds after T0
     * @param endSec         interval end, seconds after T0
     * @param phase          {@code load} or {@code drain}
     * @param shedBehind     requests shed as behind in the interval
     * @param lateness       the pacer's lateness over the interval's launches (null: no pacer)
     * @param pushesFinished push requests answered or failed in the interval (-1: unknown)
     * @param pushesFailed   of those, failed
     */
    public record Pacing(double startSec, double endSec, String phase, long shedBehind, LatencySummary lateness,
                         long pushesFinished, long pushesFailed) {}

    private final LoaderBoundRules rules;
    private final ProcessSampler sampler;
    private final LatencyRecorder hiccups;
    private final HiccupMonitor monitor;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final long cpuStartNanos;
    private final long wallStartNanos;
    private final LoaderVerdict verdict;
    private final List<LoaderEvidence> series = new ArrayList<>();
    /**
     * The busiest interval's CPU among those at least the CPU sign's {@code minCpuSeconds} long (-1: none yet): a
     * shorter one (a run's last, tens of milliseconds) divides by so little wall time that a few milliseconds between
     * reading the CPU and the clock read "2.35 of 2 cores".
     */
    private double cpuMax = -1;
    private int intervals;
    private double lastEndSec;
    private LoaderWarmUp.Result warmUp;
    private LoaderConnections connections;
    private EverySecond periodic;

    /** Starts measuring; {@code hiccups} receives the stall samples (a run's own recorder, or a private one). */
    public LoaderMonitor(LoaderBoundRules rules, LatencyRecorder hiccups) {
        this(rules, hiccups, new ProcessSampler());
    }

    /** As {@link #LoaderMonitor(LoaderBoundRules, LatencyRecorder)}, the process measured by {@code sampler}. */
    public LoaderMonitor(LoaderBoundRules rules, LatencyRecorder hiccups, ProcessSampler sampler) {
        this.rules = rules;
        this.sampler = sampler;
        this.wallStartNanos = sampler.wallNanos();
        this.hiccups = hiccups;
        this.verdict = new LoaderVerdict(rules, cores);
        this.cpuStartNanos = sampler.processCpuNanos();
        this.monitor = new HiccupMonitor(hiccups);
    }

    public LoaderMonitor(LoaderBoundRules rules) {
        this(rules, new LatencyRecorder("hiccup"));
    }

    /** Records the warm-up that ran before this monitor's T0 (it goes into the summary and the run record). */
    public LoaderMonitor warmUp(LoaderWarmUp.Result result) {
        this.warmUp = result;
        return this;
    }

    /**
     * The run's sockets to the broker, summarised with the rest ({@link RunResult.LoaderSummary#connections()});
     * this monitor closes it. Without one the summary says no socket was opened.
     */
    public LoaderMonitor connections(LoaderConnections c) {
        this.connections = c;
        return this;
    }

    /**
     * Samples the interval that just ended. When the caller owns the hiccup recorder (and samples it itself),
     * pass its interval percentiles as {@code hiccup}; else pass null and this monitor samples it.
     */
    public Interval sample(Pacing pacing, LatencySummary hiccup) {
        ProcessSampler.Sample s = sampler.sample();
        LatencySummary h = hiccup != null ? hiccup : LatencySummary.of(hiccups.sampleInterval());
        LatencySummary late = pacing.lateness() == null ? LatencySummary.EMPTY : pacing.lateness();
        LoaderEvidence e = new LoaderEvidence(intervals, pacing.startSec(), pacing.endSec(), pacing.phase(),
                s.cpuCores(), late.count(), late.p99(), pacing.shedBehind(), pacing.pushesFinished(),
                pacing.pushesFailed());
        List<String> bound = verdict.add(e);
        if (series.size() < MAX_SERIES) series.add(e);
        if (e.seconds() >= rules.minCpuSeconds()) cpuMax = Math.max(cpuMax, s.cpuCores());
        intervals++;
        lastEndSec = pacing.endSec();
        return new Interval(s, h, bound, connections == null ? ConnectionFigures.NONE : connections.figures());
    }

    /** Samples a stretch without a pacer (the periodic sampler, {@link #finish()}). */
    private void sampleUnpaced() {
        double now = (sampler.wallNanos() - wallStartNanos) / 1e9;
        sample(new Pacing(lastEndSec, now, "load", 0, null, -1, 0), null);
    }

    /** Starts sampling once a second on a daemon thread (for modes whose run has no report loop). */
    public LoaderMonitor samplingEverySecond() {
        periodic = EverySecond.start("goload-loader-monitor", this::sampleUnpaced);
        return this;
    }

    /** Stops the periodic sampling, samples the last stretch and summarises the whole run. */
    public RunResult.LoaderSummary finish() {
        stopPeriodic();
        sampleUnpaced();
        return summary();
    }

    /** Intervals sampled so far. */
    public int intervals() {
        return intervals;
    }

    private void stopPeriodic() {
        if (periodic == null) return;
        periodic.close();
        periodic = null;
    }

    /** The whole run so far. */
    public RunResult.LoaderSummary summary() {
        return summary(true);
    }

    private RunResult.LoaderSummary summary(boolean whole) {
        double cpuSeconds = (sampler.processCpuNanos() - cpuStartNanos) / 1e9;
        double wall = Math.max(1e-9, (sampler.wallNanos() - wallStartNanos) / 1e9);
        List<String> reasons = verdict.reasons();
        double avg = cpuSeconds / wall;
        // a run without an interval that long: its average is its busiest stretch that can be told
        return new RunResult.LoaderSummary(cores, avg, cpuMax >= 0 ? cpuMax : avg, cpuSeconds, sampler.totalGcPauses(),
                sampler.totalGcPauseMs(), sampler.peakRssBytes(), !reasons.isEmpty(), reasons, rules, warmUp,
                verdict.brokerFailingIntervals(), whole ? List.copyOf(series) : List.of(),
                connections == null ? ConnectionFigures.NONE : whole ? connections.finalFigures()
                        : connections.figures());
    }

    /**
     * As {@link #summary} without the evidence series (empty {@code intervals}) and with the connection figures as
     * counted (no fresh TIME_WAIT read): cheap enough for every interval's checkpoint of the run record.
     */
    public RunResult.LoaderSummary summarySoFar() {
        return summary(false);
    }

    @Override
    public void close() {
        stopPeriodic();
        if (connections != null) connections.close();
        monitor.close();
    }
}
