package dev.goload.modes.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The one interval reporter of every mode. From T0 it samples the run's {@link RunCounters} and {@link RunRecorders}
 * at every boundary {@code t0 + k·period} of the injected clock (no drift: a late wake-up does not move the next
 * boundary; a wake-up later than a whole period emits one interval up to now and skips the boundaries it slept
 * through, as Go's ticker drops ticks, so no interval is ever empty of time), asks the mode's {@link Probe} for its own figures, has the {@link LoaderMonitor} judge the interval, and
 * hands an {@link IntervalSnapshot} to each {@link RunListener}: each interval histogram first ({@code .hlog}), then
 * the snapshot (console, CSV, metrics, thresholds). {@link #finish} emits the partial last interval, marked
 * {@code last}; every listener decides whether to show it (the CSV and the record always take it).
 *
 * <p>Phases are the caller's: {@code runUntil(end, "load", stop)}, then {@code runUntil(drainEnd, "drain", cut)} —
 * boundaries keep counting from T0 across phases, and {@link #outcome} lists each phase with its counters.
 *
 * <p>Threading: {@link #begin}, {@link #runUntil}, {@link #finish} and {@link #outcome} belong to one thread (the
 * reporter); {@link #note} may be called from any thread.
 *
 * @param <M> the mode's own part of each interval ({@link Void} when none)
 */
public final class IntervalReporter<M> {

    /** What the mode adds to each interval. Called on the reporter thread at each boundary. */
    public interface Probe<M> {
        /** Push requests in flight now. */
        default int inflight() {
            return 0;
        }

        /** Live producer, consumer and ack tasks (the reference's {@code gor}). */
        default int liveTasks() {
            return 0;
        }

        /** The mode's own cumulative figures now (null when the mode has none). */
        default M snapshot() {
            return null;
        }
    }

    /** How the reporter waits for a boundary: until the run stops or {@code nanos} pass; true when stopped. */
    @FunctionalInterface
    public interface Waiter {
        boolean await(RunSignal stop, long nanos) throws InterruptedException;

        /** Real waiting on the signal's latch (the clock is re-read after every wake-up, so early wakes are fine). */
        Waiter SYSTEM = (stop, nanos) -> stop.await(Math.max(1, (nanos + 999_999) / 1_000_000));
    }

    private final String mode;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final LoaderMonitor monitor;
    private final Probe<M> probe;
    private final List<RunListener<? super M>> listeners;
    private final Waiter waiter;

    private long t0 = Long.MIN_VALUE;
    private long period;
    /** The next boundary {@code t0 + k·period} an interval ends at. */
    private long nextDue;
    private long prevNanos;
    private RunCounters.Snapshot prev = RunCounters.Snapshot.ZERO;
    /** The error families read with the last interval's counters ({@link #finish}). */
    private Map<String, ErrorStats.Snapshot> finalErrors;
    private int index;
    private final List<RunOutcome.Phase> phases = new ArrayList<>();
    private String phase;
    private long phaseStartNanos;
    private RunCounters.Snapshot phaseStart = RunCounters.Snapshot.ZERO;
    private boolean finished;

    public IntervalReporter(String mode, NanoClock clock, RunCounters counters, RunRecorders recorders,
                            LoaderMonitor monitor, Probe<M> probe, List<? extends RunListener<? super M>> listeners) {
        this(mode, clock, counters, recorders, monitor, probe, listeners, Waiter.SYSTEM);
    }

    public IntervalReporter(String mode, NanoClock clock, RunCounters counters, RunRecorders recorders,
                            LoaderMonitor monitor, Probe<M> probe, List<? extends RunListener<? super M>> listeners,
                            Waiter waiter) {
        this.mode = mode;
        this.clock = clock;
        this.epoch = new EpochClock(clock);
        this.counters = counters;
        this.recorders = recorders;
        this.monitor = monitor;
        this.probe = probe;
        this.listeners = List.copyOf(listeners);
        this.waiter = waiter;
    }

    /** Starts the interval schedule at T0 (the producers' schedule start) with the given period. */
    public void begin(long t0Nanos, long periodNanos) {
        if (periodNanos <= 0) throw new IllegalArgumentException("report period must be > 0");
        this.t0 = t0Nanos;
        this.period = periodNanos;
        this.nextDue = t0Nanos + periodNanos;
        this.prevNanos = t0Nanos;
        this.phaseStartNanos = t0Nanos;
    }

    public long t0Nanos() {
        requireBegun();
        return t0;
    }

    public long startedEpochMs() {
        requireBegun();
        return epoch.toEpochMillis(t0);
    }

    /**
     * Emits an interval at every boundary up to {@code untilNanos} (exclusive of a boundary beyond it) in phase
     * {@code phaseName}, and returns when the clock reaches {@code untilNanos} (false) or {@code stop} is signalled
     * (true; no interval is emitted for the stop instant — {@link #finish} or the next phase takes it).
     * {@code Long.MAX_VALUE} runs until the signal.
     */
    public boolean runUntil(long untilNanos, String phaseName, RunSignal stop) throws InterruptedException {
        requireBegun();
        enterPhase(phaseName);
        while (true) {
            long due = nextDue;
            long target = Math.min(due, untilNanos);
            if (waitUntil(target, stop)) return true;
            if (target == untilNanos && due != untilNanos) return false;
            emit(false);
            if (due == untilNanos) return false;
        }
    }

    /** Emits the partial interval from the last boundary to now, marked {@code last}; the run's reporting is over. */
    public IntervalSnapshot<M> finish(String phaseName) {
        requireBegun();
        if (finished) throw new IllegalStateException("finish() was called already");
        enterPhase(phaseName);
        IntervalSnapshot<M> s = emit(true);
        // the record's counters, phases, errors and histograms are of one instant, so that they agree
        finalErrors = counters.errorFamilies();
        closePhase(clock.nanoTime(), prev);
        finished = true;
        return s;
    }

    /**
     * Enters phase {@code name} now, without emitting an interval: the previous phase ends at this instant. For a
     * phase that starts between boundaries with no {@link #runUntil} of its own, e.g. the drain after the producers
     * stopped, which then ends with {@link #finish}. Entering the current phase again does nothing.
     */
    public void phase(String name) {
        requireBegun();
        enterPhase(name);
    }

    /** Hands a note to every listener (any thread). */
    public void note(RunNote n) {
        for (RunListener<? super M> l : listeners) l.onNote(n);
    }

    /**
     * The mode-independent outcome, after {@link #finish}: whole-run counters, errors, summaries and histograms, the
     * phases and the loader summary. The verdict starts as {@link Verdict#NONE}; modes that verify replace it.
     */
    public RunOutcome outcome(String runId, String stopReason, JsonNode brokerHealth, String brokerError,
                              long reconnects) {
        if (!finished) throw new IllegalStateException("outcome() comes after finish()");
        Map<String, LatencySummary> latency = new LinkedHashMap<>();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        for (LatencyRecorder r : recorders.all()) {
            latency.put(r.tag(), LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
            histograms.put(r.tag(), r.cumulative().copy());
        }
        return new RunOutcome(mode, runId, epoch.toEpochMillis(t0), epoch.toEpochMillis(prevNanos), stopReason,
                List.copyOf(phases), prev, finalErrors, latency, histograms, monitor.summary(),
                brokerHealth, brokerError, Verdict.NONE, probe.inflight(), reconnects, index);
    }

    /**
     * A phase spans from the instant it is entered to the instant the next one is (not the last boundary: a load
     * phase ending at 2.5 s has 2.5 s of counters, and rates over the phase divide by 2.5).
     */
    private void enterPhase(String name) {
        if (name.equals(phase)) return;
        long now = clock.nanoTime();
        if (phase == null) {
            phaseStartNanos = t0;
            phaseStart = RunCounters.Snapshot.ZERO;
        } else {
            closePhase(now);
            phaseStartNanos = now;
        }
        phase = name;
    }

    private void closePhase(long endNanos) {
        closePhase(endNanos, counters.snapshot());
    }

    private void closePhase(long endNanos, RunCounters.Snapshot now) {
        phases.add(new RunOutcome.Phase(phase, (phaseStartNanos - t0) / 1e9, (endNanos - t0) / 1e9,
                now.minus(phaseStart)));
        phaseStart = now;
    }

    /** Waits until the clock reads {@code target}; true when {@code stop} came first. */
    private boolean waitUntil(long target, RunSignal stop) throws InterruptedException {
        while (true) {
            if (stop.isStopping()) return true;
            long left = target - clock.nanoTime();
            if (left <= 0) return false;
            if (waiter.await(stop, left)) return true;
        }
    }

    private IntervalSnapshot<M> emit(boolean last) {
        long now = clock.nanoTime();
        int inflight = probe.inflight();
        int live = probe.liveTasks();
        M modeNow = probe.snapshot();
        RunCounters.Snapshot total = counters.snapshot();
        RunCounters.Snapshot delta = total.minus(prev);
        long startMs = epoch.toEpochMillis(prevNanos);
        long endMs = epoch.toEpochMillis(now);
        Map<String, LatencySummary> pct = new LinkedHashMap<>();
        for (LatencyRecorder rec : recorders.all()) {
            Histogram h = rec.sampleInterval();
            h.setStartTimeStamp(startMs);
            h.setEndTimeStamp(endMs);
            pct.put(rec.tag(), LatencySummary.of(h));
            for (RunListener<? super M> l : listeners) l.onHistogram(rec.tag(), h);
        }
        var pacing = new LoaderMonitor.Pacing((prevNanos - t0) / 1e9, (now - t0) / 1e9, phase, delta.shedBehindReq(),
                pct.get("lateness"), delta.achievedReq() + delta.pushErrReq(), delta.pushErrReq());
        LoaderMonitor.Interval self = monitor.sample(pacing, pct.get("hiccup"));
        IntervalSnapshot<M> s = new IntervalSnapshot<>(mode, index, phase, last, startMs, endMs,
                (now - prevNanos) / 1e9, (now - t0) / 1e9, delta, total, pct, inflight, live, self.loader(),
                self.loaderBound(), modeNow, self.connections());
        prev = total;
        prevNanos = now;
        index++;
        if (nextDue <= now) nextDue += ((now - nextDue) / period + 1) * period;
        for (RunListener<? super M> l : listeners) l.onInterval(s);
        if (!last) checkpoint();
        return s;
    }

    /** Hands the run so far to every listener's {@link RunListener#onCheckpoint}, built once if one asks. */
    private void checkpoint() {
        RunOutcome[] built = new RunOutcome[1];
        java.util.function.Supplier<RunOutcome> soFar = () -> built[0] != null ? built[0] : (built[0] = soFar());
        for (RunListener<? super M> l : listeners) l.onCheckpoint(soFar);
    }

    /**
     * The run up to the interval just emitted: its counters, the phases so far (the current one up to that
     * interval's end), errors, whole-run summaries (exact max) and the loader's summary without its evidence series.
     * Broker identity and reconnects are the mode's, known at the end: null and 0 here.
     */
    private RunOutcome soFar() {
        Map<String, LatencySummary> latency = new LinkedHashMap<>();
        for (LatencyRecorder r : recorders.all()) {
            latency.put(r.tag(), LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
        }
        List<RunOutcome.Phase> sofar = new ArrayList<>(phases);
        sofar.add(new RunOutcome.Phase(phase, (phaseStartNanos - t0) / 1e9, (prevNanos - t0) / 1e9,
                prev.minus(phaseStart)));
        return new RunOutcome(mode, "", epoch.toEpochMillis(t0), epoch.toEpochMillis(prevNanos), "running",
                List.copyOf(sofar), prev, counters.errorFamilies(), latency, Map.of(), monitor.summarySoFar(), null,
                null, Verdict.NONE, probe.inflight(), 0, index);
    }

    private void requireBegun() {
        if (t0 == Long.MIN_VALUE) throw new IllegalStateException("begin() first");
    }
}
