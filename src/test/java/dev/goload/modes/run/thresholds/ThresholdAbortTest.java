package dev.goload.modes.run.thresholds;

import dev.goload.metrics.ProcessSampler;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * {@code -threshold-abort} on synthetic intervals and on the real reporter driven by a manual clock: nothing sleeps,
 * every instant is exact.
 */
class ThresholdAbortTest {
    private static final long S = 1_000_000_000L;
    private final RunSignal signal = new RunSignal();

    private ThresholdAbort<Object> watch(int seconds, String... exprs) {
        return ThresholdSet.of(List.of(exprs), MetricCatalog.common()).watch(seconds, signal);
    }

    /** Feeds an interval ending at {@code endSec} (1 s long) with {@code shed} shed and push latencies. */
    private static void interval(ThresholdAbort<Object> a, int endSec, long shed, long... pushMicros) {
        RunCounters.Snapshot d = Outcomes.counts(100, 100 - shed, 100 - shed, shed, 1000, 0, 1000);
        a.onHistogram("push", Outcomes.micros(pushMicros));
        a.onHistogram("e2e", Outcomes.micros());
        a.onInterval(new IntervalSnapshot<>("openloop", endSec - 1, "load", false, 0, 0, 1.0, endSec, d, d,
                Map.of("push", LatencySummary.EMPTY), 0, 0, null, List.of(), null));
    }

    @Test
    void stopsTheRunWhenAThresholdStaysBrokenForTheAbortSpan() {
        ThresholdAbort<Object> a = watch(3, "push.p99<10ms");
        interval(a, 1, 0, 5_000);
        interval(a, 2, 0, 20_000); // broken from t=1
        interval(a, 3, 0, 20_000);
        assertFalse(signal.isStopping(), "broken for 2 s only");
        interval(a, 4, 0, 20_000);
        assertTrue(signal.isStopping());
        assertEquals("threshold: push.p99<10ms", signal.reason());
        assertEquals("push.p99<10ms", a.abortedBy());
    }

    @Test
    void anIntervalWhereItHoldsHealsTheBreach() {
        ThresholdAbort<Object> a = watch(2, "shed==0");
        interval(a, 1, 5);
        interval(a, 2, 0);
        interval(a, 3, 5);
        assertFalse(signal.isStopping());
        interval(a, 4, 5);
        assertEquals("threshold: shed==0", signal.reason());
    }

    @Test
    void anIntervalWithoutDataNeitherHealsNorStartsABreach() {
        ThresholdAbort<Object> a = watch(3, "push.p99<10ms");
        interval(a, 1, 0); // nothing answered: no data
        interval(a, 2, 0, 20_000);
        interval(a, 3, 0);
        assertFalse(signal.isStopping());
        interval(a, 4, 0);
        assertTrue(signal.isStopping(), "broken since t=1 and never seen to hold");
    }

    @Test
    void thePartialLastIntervalIsNotJudged() {
        ThresholdAbort<Object> a = watch(1, "shed==0");
        RunCounters.Snapshot d = Outcomes.counts(100, 50, 50, 50, 0, 0, 0);
        a.onInterval(new IntervalSnapshot<>("openloop", 0, "load", true, 0, 0, 5.0, 5.0, d, d, Map.of(), 0, 0, null,
                List.of(), null));
        assertFalse(signal.isStopping());
        assertNull(a.abortedBy());
    }

    @Test
    void ratiosOfAMetricOnTheRightAreJudgedOnTheIntervalsDeltas() {
        ThresholdAbort<Object> a = watch(1, "achieved>=0.99*offered");
        interval(a, 1, 0);
        assertFalse(signal.isStopping());
        interval(a, 2, 2); // 98 of 100
        assertEquals("threshold: achieved>=0.99*offered", signal.reason());
    }

    @Test
    void theRealReporterStopsAtTheBoundaryWhereTheBreachReachesTheSpan() throws Exception {
        AtomicLong now = new AtomicLong(5_000 * S);
        long t0 = now.get();
        NanoClock clock = now::get;
        RunCounters counters = new RunCounters();
        RunRecorders recorders = new RunRecorders();
        // push latency per second of the run: fine for 3 s, then 50 ms from t=3 on
        TreeMap<Long, Long> latencyFrom = new TreeMap<>(Map.of(0L, 2_000L, 3L, 50_000L));
        IntervalReporter.Waiter waiter = (stop, nanos) -> {
            long sec = (now.get() - t0) / S;
            recorders.push.record(latencyFrom.floorEntry(sec).getValue());
            now.addAndGet(nanos);
            return stop.isStopping();
        };
        ThresholdAbort<Object> a = watch(4, "push.p99<10ms");
        try (LoaderMonitor monitor = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(() -> 0, now::get))) { // the manual clock's intervals
            IntervalReporter<Void> r = new IntervalReporter<>("openloop", clock, counters, recorders, monitor,
                    new IntervalReporter.Probe<>() {}, List.of(a), waiter);
            r.begin(t0, S);
            assertTrue(r.runUntil(t0 + 60 * S, "load", signal), "stopped by the threshold");
            assertEquals(t0 + 7 * S, now.get(), "broken from t=3, stopped at the t=7 boundary");
            r.finish("load");
            RunOutcome o = r.outcome("run", signal.reason(), null, null, 0);
            assertEquals("threshold: push.p99<10ms", o.stopReason());
            List<ThresholdResult> res = ThresholdSet.of(List.of("push.p99<10ms"), MetricCatalog.common())
                    .evaluate(o, Map.of(), a.abortedBy());
            assertTrue(res.getFirst().abort());
            assertEquals(ThresholdResult.FAIL, res.getFirst().result());
        }
    }

    @Test
    void capturesOnlyWhileTheIntervalHistogramIsValid() {
        ThresholdAbort<Object> a = watch(1, "push.p99<10ms");
        Histogram h = Outcomes.micros(20_000);
        a.onHistogram("push", h);
        h.reset(); // the reporter recycles it after the call
        a.onInterval(new IntervalSnapshot<>("openloop", 0, "load", false, 0, 0, 1.0, 1.0, RunCounters.Snapshot.ZERO,
                RunCounters.Snapshot.ZERO, Map.of(), 0, 0, null, List.of(), null));
        assertTrue(signal.isStopping());
    }
}
