package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
}
