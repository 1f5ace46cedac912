package dev.goload.modes.run.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.run.RunOutcome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ThresholdSetTest {
    private static final MetricCatalog CATALOG = MetricCatalog.common().withLatency("popWait")
            .withModeFigure("verify.missing", Dimension.COUNT);

    /** 1000 offered, 990 sent, 980 achieved, 10 shed (cap), 9800 pushed, 10 push errors, 9700 popped. */
    private static RunOutcome run(Histogram push) {
        return Outcomes.outcome(Outcomes.counts(1000, 990, 980, 10, 9800, 10, 9700), push, false);
    }

    private static Histogram latencies() {
        Histogram h = Outcomes.micros();
        for (int i = 1; i <= 1000; i++) h.recordValue(i * 10L); // 10 µs .. 10 ms
        return h;
    }

    private static ThresholdResult one(String expr, RunOutcome o, Map<String, ? extends Number> mode) {
        return ThresholdSet.of(List.of(expr), CATALOG).evaluate(o, mode, null).getFirst();
    }

    private static ThresholdResult one(String expr) {
        return one(expr, run(latencies()), Map.of());
    }

    @Test
    void aLatencyIsReadExactlyFromTheWholeRunHistogramInTheRecordsUnits() {
        RunOutcome o = run(latencies());
        ThresholdResult r = one("push.p99<10ms", o, Map.of());
        assertEquals(o.latency("push").p99(), r.value());
        assertEquals(10.0, r.limit());
        assertEquals("ms", r.unit());
        assertTrue(r.passed());
        assertFalse(one("push.p99<9ms").passed());
        assertEquals(9.9, one("push.p99<1s").value(), 0.01);
        assertEquals(9_000.0 / 1000, one("push.p90<9000us").limit());
        assertEquals(o.latency("push").max(), one("push.max<=10ms").value());
        assertEquals(1000.0, one("push.count==1000").value());
        assertTrue(one("push.count==1000").passed());
    }

    @Test
    void countersRatiosAndRatesUseTheRecordsCounters() {
        assertTrue(one("shed==10").passed());
        assertTrue(one("shed.cap==10").passed());
        assertTrue(one("failed==10").passed());
        assertTrue(one("errors.push==10").passed());
        assertTrue(one("lag==100").passed());
        assertEquals(10 / 990.0, one("errors.rate<2%").value(), 1e-12);
        assertTrue(one("errors.rate<2%").passed());
        assertFalse(one("errors.rate<0.1%").passed());
        assertEquals(0.001, one("errors.rate<0.1%").limit(), 1e-15);
        assertEquals(9800 / 60.0, one("pushed.rate>100").value(), 1e-9);
        assertEquals(60_000.0, one("duration>=60s").value());
    }

    @Test
    void aMetricOnTheRightIsReadAndScaled() {
        ThresholdResult r = one("achieved>=0.99*offered");
        assertEquals(980.0, r.value());
        assertEquals(990.0, r.limit(), 1e-9);
        assertEquals("offered", r.limitMetric());
        assertFalse(r.passed());
        assertTrue(one("achieved>=0.98*offered").passed());
        assertTrue(one("popped<=pushed").passed());
    }

    @Test
    void aModeFigureComesFromTheModesMapAndIsNoDataWhenAbsent() {
        assertTrue(one("verify.missing==0", run(latencies()), Map.of("verify.missing", 0)).passed());
        ThresholdResult lost = one("verify.missing==0", run(latencies()), Map.of("verify.missing", 3L));
        assertEquals(3.0, lost.value());
        assertFalse(lost.passed());
        ThresholdResult absent = one("verify.missing==0", run(latencies()), Map.of());
        assertNull(absent.value());
        assertFalse(absent.passed(), "no data never passes");
    }

    @Test
    void noDataFailsRatherThanPassingSilently() {
        ThresholdResult e2e = one("e2e.p99<1s"); // no e2e recorded
        assertNull(e2e.value());
        assertEquals(ThresholdResult.FAIL, e2e.result());
        assertTrue(one("e2e.count==0").passed(), "a count of an empty histogram is 0, which is data");
        ThresholdResult noSent = one("errors.rate<1%", Outcomes.outcome(Outcomes.counts(0, 0, 0, 0, 0, 0, 0),
                Outcomes.micros(), false), Map.of());
        assertNull(noSent.value());
        assertFalse(noSent.passed());
        assertFalse(one("popWait.p99<1s").passed(), "a declared tag the run did not record has no data");
    }

    @Test
    void theThresholdThatStoppedTheRunFailsWhateverTheWholeRunSays() {
        ThresholdSet set = ThresholdSet.of(List.of("push.p99<1s", "shed==10"), CATALOG);
        List<ThresholdResult> r = set.evaluate(run(latencies()), Map.of(), "push.p99<1s");
        assertEquals(ThresholdResult.FAIL, r.get(0).result());
        assertTrue(r.get(0).abort());
        assertTrue(r.get(1).passed());
        assertFalse(r.get(1).abort());
    }

    @Test
    void anUnknownMetricIsRefusedWithItsName() {
        ThresholdException e = assertThrows(ThresholdException.class,
                () -> ThresholdSet.of(List.of("shed==0", "psuh.p99<10ms"), CATALOG));
        assertEquals(Optional.of("psuh.p99"), e.unknownMetric());
        assertEquals("-threshold \"psuh.p99<10ms\": unknown metric psuh.p99", e.getMessage());
        ThresholdException right = assertThrows(ThresholdException.class,
                () -> ThresholdSet.of(List.of("achieved>=0.99*ofered"), CATALOG));
        assertEquals(Optional.of("ofered"), right.unknownMetric());
        ThresholdException stat = assertThrows(ThresholdException.class,
                () -> ThresholdSet.of(List.of("push.p99x<10ms"), CATALOG));
        assertTrue(stat.getMessage().contains("push has no statistic p99x"), stat.getMessage());
        assertThrows(ThresholdException.class, () -> ThresholdSet.of(List.of("verify.missing==0"),
                MetricCatalog.common()), "a mode figure exists only in the modes that declare it");
    }

    @Test
    void unitsMustFitTheMetric() {
        assertUnits("push.p99<10", "push.p99 is a time: write the limit in us, ms or s");
        assertUnits("shed<5ms", "shed is a count: its limit takes no unit; got a limit in ms");
        assertUnits("errors.rate<0.001", "errors.rate is a ratio: write the limit in %");
        assertUnits("push.p99<5%", "push.p99 is a time");
        assertUnits("achieved>=push.p99", "achieved is a count but push.p99 is a time");
        assertUnits("push.count<1ms", "push.count is a count");
        assertTrue(one("push.p99>0").passed(), "a bare 0 fits every dimension");
        assertTrue(one("errors.rate!=0").passed());
    }

    @Test
    void onlyThresholdsReadableFromOneIntervalAreWatchable() {
        ThresholdSet set = ThresholdSet.of(List.of("push.p99<10ms", "verify.missing==0", "shed==0",
                "duration>1s", "achieved>=0.99*offered"), CATALOG);
        assertEquals(List.of("push.p99<10ms", "shed==0", "achieved>=0.99*offered"),
                set.watchable().stream().map(Threshold::expr).toList());
    }

    @Test
    void namesListCountersThenEveryTagsStatistics() {
        List<String> names = CATALOG.names();
        assertTrue(names.containsAll(List.of("offered", "achieved", "shed.cap", "errors.rate", "verify.missing",
                "push.p99", "e2e.p999", "popWait.max", "hiccup.count")), names.toString());
    }

    @Test
    void theCommonTagsAreRunRecordersCommonOnes() {
        assertEquals(new dev.goload.metrics.RunRecorders().all().stream().map(r -> r.tag()).toList(),
                MetricCatalog.common().tags());
    }

    private static void assertUnits(String expr, String part) {
        ThresholdException e = assertThrows(ThresholdException.class, () -> ThresholdSet.of(List.of(expr), CATALOG));
        assertTrue(e.getMessage().contains(part), e.getMessage());
        assertEquals(Optional.empty(), e.unknownMetric());
    }
}
