package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.LadderConfig;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderEvidence;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LadderRulesTest {
    private final LadderConfig config = new LadderConfig(List.of(100L), 40, 45, Path.of("."), "x", List.of(), List.of(),
            List.of("-mode", "cloud"), 0.95, 1000, 2, 10, false);

    private static PointMetrics silentRecord(double pop) {
        return new PointMetrics(100, 100, pop, 5, 50, 0, 0, "PASS", null, 0, 40, 1);
    }

    @Test
    void withoutASelfMeasurementTheLoaderCpuSeriesDecidesVoid() {
        PointResult busy = LadderRules.judge(config, 100, "x-100", 0, silentRecord(50),
                new CellMetrics(1.0, 0, 300, 1.85), 2);
        assertTrue(busy.isVoid(), "1.85 of 2 cores is the loader's ceiling");
        assertEquals("", busy.stopReason(), "a void point is not judged by the cell's rules");

        PointResult idle = LadderRules.judge(config, 100, "x-100", 0, silentRecord(50),
                new CellMetrics(1.0, 0, 300, 0.4), 2);
        assertFalse(idle.isVoid());
        assertTrue(idle.stopReason().startsWith("achieved pop"), idle.stopReason());
    }

    @Test
    void stopReasonsUseADecimalPointWhateverTheHostLocale() {
        java.util.Locale host = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            PointResult p = LadderRules.judge(config, 100, "x-100", 0, silentRecord(50), CellMetrics.NONE, 2);
            assertEquals("achieved pop 50.0 < 0.95 x offered 100.0 msg/s", p.stopReason());
        } finally {
            java.util.Locale.setDefault(host);
        }
    }

    @Test
    void theRecordsOwnSelfMeasurementWinsOverTheSeries() {
        PointMetrics saysFine = new PointMetrics(100, 100, 100, 5, 50, 0, 0, "PASS", false, 0, 40, 1);
        assertFalse(LadderRules.judge(config, 100, "x", 0, saysFine, new CellMetrics(1, 0, 1, 1.99), 2).isVoid());
    }

    /** A 1 s interval of the load (or drain) phase at 500 launches/s with this lateness p99. */
    private static LoaderEvidence interval(int i, String phase, double lateP99) {
        return new LoaderEvidence(i, i, i + 1, phase, 0.2, 500, lateP99, 0, 500, 0);
    }

    private static PointMetrics withSeries(boolean recordSaysBound, List<LoaderEvidence> intervals) {
        return new PointMetrics(100, 100, 100, 5, 50, 0, 0, "PASS", recordSaysBound, 0, 40, 1,
                new PointMetrics.LoaderSeries(LoaderBoundRules.DEFAULTS, 2, intervals));
    }

    @Test
    void lateIntervalsOutsideTheSteadyWindowDoNotVoidThePoint() {
        // warm-up cut 10 s, load 40 s: the window is 10-38 s; the cold start and the drain are late
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 10; i++) run.add(interval(i, "load", 300));
        for (int i = 10; i < 40; i++) run.add(interval(i, "load", 1));
        for (int i = 40; i < 45; i++) run.add(interval(i, "drain", 80));
        PointResult p = LadderRules.judge(config, 100, "x", 0, withSeries(true, run), CellMetrics.NONE, 2);
        assertFalse(p.isVoid(), "the record's whole-run flag counted the cold start and the drain");
        assertEquals("", p.stopReason());
    }

    @Test
    void aSustainedLimitInsideTheSteadyWindowVoidsThePoint() {
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 40; i++) run.add(interval(i, "load", i >= 20 && i < 24 ? 35 : 1));
        LadderConfig stopping = new LadderConfig(List.of(100L), 40, 45, Path.of("."), "x", List.of(), List.of(),
                List.of("-mode", "cloud"), 0.95, 1000, 2, 10, true);
        PointResult p = LadderRules.judge(stopping, 100, "x", 0, withSeries(true, run), CellMetrics.NONE, 2);
        assertTrue(p.isVoid());
        assertTrue(p.stopReason().contains("in the steady window 10.0-38.0 s: first in interval 20: pacer lateness "
                + "p99 > 10.00 ms in 3 consecutive intervals"), p.stopReason());
    }

    @Test
    void withoutAnIntervalInsideTheWindowTheRecordsOwnVerdictDecides() {
        // one 40 s report interval: its middle (20 s) is inside; a drain-only series is not
        List<LoaderEvidence> drainOnly = List.of(interval(40, "drain", 80));
        assertTrue(LadderRules.judge(config, 100, "x", 0, withSeries(true, drainOnly), CellMetrics.NONE, 2).isVoid());
        assertFalse(LadderRules.judge(config, 100, "x", 0, withSeries(false, drainOnly), CellMetrics.NONE, 2).isVoid());
    }
}
