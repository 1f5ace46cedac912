package dev.goload.modes.run;

import dev.goload.metrics.ProcessSampler;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reporter's schedule on a manual clock: the injected {@link IntervalReporter.Waiter} moves the clock instead of
 * sleeping, and runs the events (counts, a stop) scripted at given instants on the way. Nothing here sleeps.
 */
class IntervalReporterTest {
    private static final long S = 1_000_000_000L;
    /** An arbitrary monotonic origin, far from 0, so nothing relies on T0 being 0. */
    private static final long T0 = 7_000 * S;

    private final AtomicLong now = new AtomicLong(T0);
    private final NanoClock clock = now::get;
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private final LoaderMonitor monitor = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
            new ProcessSampler(() -> 0, now::get)); // the manual clock's intervals: no real CPU divided by them
    private final RunSignal stop = new RunSignal();
    /** Scripted events by instant (after T0); the waiter stops at each on its way. */
    private final TreeMap<Long, List<Runnable>> events = new TreeMap<>();
    /** Extra lateness of the n-th wake-up (0-based), in ns. */
    private final TreeMap<Integer, Long> lateWakes = new TreeMap<>();
    private int wakes;
    private final Recording rec = new Recording();

    @AfterEach
    void close() {
        monitor.close();
    }

    @Test
    void intervalsEndExactlyAtEveryBoundaryOfThePeriod() throws Exception {
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        assertFalse(r.runUntil(T0 + 5 * S, "load", stop));
        assertEquals(5, rec.intervals.size());
        for (int k = 0; k < 5; k++) {
            IntervalSnapshot<?> s = rec.intervals.get(k);
            assertEquals(k, s.index());
            assertEquals(k + 1.0, s.endSec(), 1e-12);
            assertEquals(1.0, s.seconds(), 1e-12);
            assertFalse(s.last());
        }
        assertEquals(T0 + 5 * S, now.get(), "returns at the end instant, not later");
    }

    @Test
    void aLateWakeUpDoesNotMoveTheNextBoundary() throws Exception {
        lateWakes.put(1, 300_000_000L); // the second boundary is seen 300 ms late
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 4 * S, "load", stop);
        assertEquals(List.of(1.0, 2.3, 3.0, 4.0), endSecs());
        assertEquals(List.of(1.0, 1.3, 0.7, 1.0), seconds());
    }

    @Test
    void aWakeUpLaterThanAPeriodSkipsTheBoundariesSleptThroughInsteadOfEmittingEmptyIntervals() throws Exception {
        lateWakes.put(1, 2_500_000_000L); // a 2.5 s stall (a GC pause, a suspended VM) before the 2nd boundary
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 6 * S, "load", stop);
        assertEquals(List.of(1.0, 4.5, 5.0, 6.0), endSecs());
        assertTrue(rec.intervals.stream().allMatch(s -> s.seconds() > 0), "no interval without time");
        assertEquals(List.of(0, 1, 2, 3), rec.intervals.stream().map(IntervalSnapshot::index).toList());
    }

    @Test
    void everyWholeIntervalIsFollowedByACheckpointOfTheRunSoFarAndTheLastOneIsNot() throws Exception {
        at(0.5, () -> counters.achievedReq.add(10));
        at(1.5, () -> recorders.push.record(2_000));
        at(2.5, () -> counters.achievedReq.add(5));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 2 * S, "load", stop);
        r.phase("drain");
        r.runUntil(T0 + 3 * S, "drain", stop);
        now.addAndGet(S / 4);
        r.finish("drain");
        assertEquals(4, rec.intervals.size());
        assertEquals(List.of(1, 2, 3), rec.checkpointAfter, "a checkpoint after each whole interval, none after the last");
        RunOutcome two = rec.checkpoints.get(1);
        assertEquals("running", two.stopReason());
        assertEquals(2, two.intervals());
        assertEquals(r.startedEpochMs() + 2_000, two.endedEpochMs(), "the end of its last whole interval");
        assertEquals(10, two.counters().achievedReq());
        assertEquals(1, two.latency("push").count(), "the whole run so far, not the interval");
        assertEquals(List.of("load"), two.phases().stream().map(RunOutcome.Phase::name).toList());
        assertEquals(2.0, two.phases().getFirst().endSec(), 1e-9);
        RunOutcome three = rec.checkpoints.get(2);
        assertEquals(List.of("load", "drain"), three.phases().stream().map(RunOutcome.Phase::name).toList());
        assertEquals(5, three.phases().get(1).counters().achievedReq(), "the drain so far");
        assertTrue(three.loader().intervals().isEmpty(), "no evidence series in a checkpoint");
    }

    @Test
    void theCountersOfEachIntervalAreItsDeltaAndTheRunningTotal() throws Exception {
        at(0.5, () -> counters.achievedReq.add(10));
        at(1.5, () -> counters.achievedReq.add(5));
        at(1.7, () -> counters.popped.add(3));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 3 * S, "load", stop);
        assertEquals(List.of(10L, 5L, 0L), rec.intervals.stream().map(s -> s.delta().achievedReq()).toList());
        assertEquals(List.of(10L, 15L, 15L), rec.intervals.stream().map(s -> s.total().achievedReq()).toList());
        assertEquals(3, rec.intervals.get(1).delta().popped());
        assertEquals(5.0, rec.intervals.get(1).rate(rec.intervals.get(1).delta().achievedReq()), 1e-9);
    }

    @Test
    void finishEmitsThePartialLastIntervalMarkedLast() throws Exception {
        at(2.2, () -> counters.achievedReq.add(4));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 2_500_000_000L, "load", stop);
        assertEquals(2, rec.intervals.size(), "the end instant is not a boundary: no interval for it yet");
        IntervalSnapshot<Void> last = r.finish("load");
        assertEquals(3, rec.intervals.size());
        assertTrue(last.last());
        assertEquals(0.5, last.seconds(), 1e-12);
        assertEquals(2.5, last.endSec(), 1e-12);
        assertEquals(4, last.delta().achievedReq());
        assertEquals(8.0, last.rate(last.delta().achievedReq()), 1e-9, "rates divide by the measured 0.5 s");
        assertThrows(IllegalStateException.class, () -> r.finish("load"));
    }

    @Test
    void aStopMidIntervalReturnsAtOnceAndFinishTakesThePartialInterval() throws Exception {
        at(1.4, () -> stop.stop("signal"));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        assertTrue(r.runUntil(T0 + 10 * S, "load", stop));
        assertEquals(1, rec.intervals.size(), "no interval is emitted for the stop instant itself");
        assertEquals(T0 + 1_400_000_000L, now.get());
        IntervalSnapshot<Void> last = r.finish("load");
        assertEquals(0.4, last.seconds(), 1e-9);
        assertTrue(last.last());
        RunOutcome o = r.outcome("run-1", "signal", null, null, 0);
        assertEquals(2, o.intervals());
        assertEquals(1.4, o.seconds(), 1e-3);
    }

    @Test
    void runUntilForeverEndsOnTheSignal() throws Exception {
        at(3.7, () -> stop.stop("drained"));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        assertTrue(r.runUntil(Long.MAX_VALUE, "drain", stop));
        assertEquals(List.of(1.0, 2.0, 3.0), endSecs());
        assertEquals(T0 + 3_700_000_000L, now.get());
    }

    @Test
    void phasesSpanFromEntryToTheNextPhaseWithTheirOwnCounters() throws Exception {
        at(0.5, () -> counters.achievedReq.add(10));
        at(2.2, () -> counters.achievedReq.add(5));
        at(2.7, () -> counters.acked.add(7));
        at(3.1, () -> counters.acked.add(1));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 2_500_000_000L, "load", stop);
        r.runUntil(T0 + 4 * S, "drain", stop);
        r.finish("drain");
        RunOutcome o = r.outcome("run-1", "duration", null, null, 0);
        assertEquals(List.of("load", "drain"), o.phases().stream().map(RunOutcome.Phase::name).toList());
        RunOutcome.Phase load = o.phases().get(0);
        RunOutcome.Phase drain = o.phases().get(1);
        assertEquals(0.0, load.startSec(), 1e-12);
        assertEquals(2.5, load.endSec(), 1e-12, "the load phase ends where the drain starts, not at a boundary");
        assertEquals(15, load.counters().achievedReq());
        assertEquals(0, load.counters().acked());
        assertEquals(2.5, drain.startSec(), 1e-12);
        assertEquals(4.0, drain.endSec(), 1e-12);
        assertEquals(0, drain.counters().achievedReq());
        assertEquals(8, drain.counters().acked());
        assertEquals(List.of("load", "load", "drain", "drain", "drain"),
                rec.intervals.stream().map(IntervalSnapshot::phase).toList());
        assertEquals(15, o.counters().achievedReq());
        assertEquals(8, o.counters().acked());
    }

    @Test
    void aPhaseEnteredBetweenBoundariesStartsThereAndFinishEndsIt() throws Exception {
        at(1.2, () -> counters.achievedReq.add(5));
        at(1.5, () -> stop.stop("duration"));
        at(1.6, () -> counters.popped.add(2));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        assertTrue(r.runUntil(T0 + 10 * S, "load", stop));
        r.phase("drain"); // producers stop here; the drain waits below, without a runUntil of its own
        while (now.get() < T0 + 1_900_000_000L) await(new RunSignal(), T0 + 1_900_000_000L - now.get()); // pops at 1.6 s
        r.finish("drain");
        RunOutcome o = r.outcome("r", "duration", null, null, 0);
        RunOutcome.Phase load = o.phases().get(0);
        RunOutcome.Phase drain = o.phases().get(1);
        assertEquals(1.5, load.endSec(), 1e-12, "the load phase ends where the drain was entered, not at finish");
        assertEquals(5, load.counters().achievedReq());
        assertEquals(0, load.counters().popped());
        assertEquals(1.5, drain.startSec(), 1e-12);
        assertEquals(1.9, drain.endSec(), 1e-9);
        assertEquals(2, drain.counters().popped());
        assertEquals("drain", rec.intervals.getLast().phase());
        assertTrue(rec.intervals.getLast().last());
    }

    @Test
    void listenersGetEveryHistogramOfAnIntervalBeforeTheInterval() throws Exception {
        recorders.add("qDelay");
        at(0.5, () -> recorders.push.record(1500));
        IntervalReporter<Void> r = reporter();
        r.begin(T0, S);
        r.runUntil(T0 + 2 * S, "load", stop);
        r.finish("load");
        List<String> tags = recorders.all().stream().map(LatencyRecorder::tag).toList();
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            tags.forEach(t -> expected.add("h:" + t));
            expected.add("i:" + k);
        }
        assertEquals(expected, rec.events);
        assertEquals(1, rec.intervals.get(0).latency("push").count());
        assertEquals(1.5, rec.intervals.get(0).latency("push").p50(), 0.01);
        assertEquals(0, rec.intervals.get(1).latency("push").count(), "interval histograms restart each interval");
        assertEquals(1, r.outcome("r", "duration", null, null, 0).latency("push").count());
    }

    @Test
    void theModeProbeIsReadAtEachBoundaryAndNotesReachEveryListener() throws Exception {
        AtomicLong own = new AtomicLong();
        at(0.5, () -> own.set(3));
        at(1.5, () -> own.set(9));
        Recording second = new Recording();
        IntervalReporter.Probe<Long> probe = new IntervalReporter.Probe<>() {
            @Override
            public Long snapshot() {
                return own.get();
            }

            @Override
            public int inflight() {
                return 2;
            }
        };
        IntervalReporter<Long> r = new IntervalReporter<>("test", clock, counters, recorders, monitor, probe,
                List.of(rec, second), this::await);
        r.begin(T0, S);
        r.note(new RunNote.Text("[configure] ok"));
        r.runUntil(T0 + 2 * S, "load", stop);
        assertEquals(List.of(3L, 9L), rec.intervals.stream().map(IntervalSnapshot::mode).toList());
        assertEquals(2, rec.intervals.get(0).inflight());
        assertEquals(List.of(new RunNote.Text("[configure] ok")), rec.notes);
        assertEquals(rec.notes, second.notes);
        assertEquals(2, second.intervals.size());
    }

    @Test
    void misuseIsRefused() throws Exception {
        IntervalReporter<Void> r = reporter();
        assertThrows(IllegalStateException.class, () -> r.runUntil(T0 + S, "load", stop));
        assertThrows(IllegalArgumentException.class, () -> r.begin(T0, 0));
        r.begin(T0, S);
        assertThrows(IllegalStateException.class, () -> r.outcome("r", "duration", null, null, 0));
    }

    private IntervalReporter<Void> reporter() {
        return new IntervalReporter<>("test", clock, counters, recorders, monitor, new IntervalReporter.Probe<>() {},
                List.of(rec), this::await);
    }

    private void at(double sec, Runnable event) {
        events.computeIfAbsent(T0 + Math.round(sec * S), k -> new ArrayList<>()).add(event);
    }

    /** The injected waiter: moves the clock to the next scripted event or by {@code nanos} (plus any lateness). */
    private boolean await(RunSignal signal, long nanos) {
        long target = now.get() + nanos;
        var next = events.firstEntry();
        if (next != null && next.getKey() <= target) {
            now.set(Math.max(now.get(), next.getKey()));
            events.pollFirstEntry().getValue().forEach(Runnable::run);
            return signal.isStopping();
        }
        now.set(target + lateWakes.getOrDefault(wakes++, 0L));
        while (!events.isEmpty() && events.firstKey() <= now.get()) {
            events.pollFirstEntry().getValue().forEach(Runnable::run);
        }
        return signal.isStopping();
    }

    private List<Double> endSecs() {
        return rec.intervals.stream().map(s -> Math.round(s.endSec() * 1000) / 1000.0).toList();
    }

    private List<Double> seconds() {
        return rec.intervals.stream().map(s -> Math.round(s.seconds() * 1000) / 1000.0).toList();
    }

    private static final class Recording implements RunListener<Object> {
        final List<String> events = new ArrayList<>();
        final List<IntervalSnapshot<?>> intervals = new ArrayList<>();
        final List<RunNote> notes = new ArrayList<>();
        final List<RunOutcome> checkpoints = new ArrayList<>();
        /** How many intervals each checkpoint came after. */
        final List<Integer> checkpointAfter = new ArrayList<>();

        @Override
        public void onCheckpoint(java.util.function.Supplier<RunOutcome> soFar) {
            checkpointAfter.add(intervals.size());
            checkpoints.add(soFar.get());
        }

        @Override
        public void onHistogram(String tag, Histogram interval) {
            events.add("h:" + tag);
        }

        @Override
        public void onInterval(IntervalSnapshot<?> s) {
            events.add("i:" + s.index());
            intervals.add(s);
        }

        @Override
        public void onNote(RunNote note) {
            notes.add(note);
        }
    }
}
