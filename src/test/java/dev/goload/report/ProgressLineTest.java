package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    /** 2026-12-01T12:00:05Z */
    private static final long T = 1_796_126_405_000L;

    private static IntervalSnapshot<Void> at(double endSec, String phase, boolean last) {
        return new IntervalSnapshot<>("openloop", 0, phase, last, T - 5_000, T, 5.0, endSec, RunCounters.Snapshot.ZERO,
                RunCounters.Snapshot.ZERO, Map.of(), 0, 0, null, List.of(), null);
    }

    private static String print(long planned, IntervalSnapshot<?>... snaps) {
        return print(planned, ProgressLine.FULL_INTERVALS, snaps);
    }

    private static String print(long planned, java.util.function.Predicate<IntervalSnapshot<?>> shown,
                                IntervalSnapshot<?>... snaps) {
        var bytes = new ByteArrayOutputStream();
        var out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ProgressLine p = ProgressLine.of(planned, shown, out).orElseThrow();
        for (var s : snaps) p.onInterval(s);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void saysElapsedOfPlannedAndTheFlooredPercentOnAnAdditionLine() {
        assertEquals("[12:00:05] + t=3h12m/24h (13%)\n", print(86_400, at(3 * 3600 + 12 * 60 + 59.9, "load", false)));
        assertEquals("[12:00:05] + t=5s/1m (8%)\n", print(60, at(5.02, "load", false)));
        assertEquals("[12:00:05] + t=1m/1m (100%)\n", print(60, at(60.0, "load", false)));
        assertEquals("[12:00:05] + t=4m5s/1h30m (4%)\n", print(5400, at(245, "load", false)));
    }

    @Test
    void pastThePlannedEndItNamesThePhase() {
        assertEquals("[12:00:05] + t=1m5s/1m (100%, drain)\n", print(60, at(65.3, "drain", false)));
    }

    @Test
    void thePartialLastIntervalGetsOneOnlyWhereTheConsolePrintsIt() {
        assertEquals("", print(60, ProgressLine.FULL_INTERVALS, at(61.2, "drain", true)));
        assertEquals("[12:00:05] + t=1m1s/1m (100%, drain)\n",
                print(60, ProgressLine.EVERY_INTERVAL, at(61.2, "drain", true)));
    }

    @Test
    void aRunUntilStoppedHasNoProgressLine() {
        assertTrue(ProgressLine.of(0, ProgressLine.EVERY_INTERVAL, System.out).isEmpty());
    }

    @Test
    void spansDropZeroUnitsAndSecondsFromAnHourOn() {
        assertEquals("0s", ProgressLine.span(0));
        assertEquals("45s", ProgressLine.span(45));
        assertEquals("1m", ProgressLine.span(60));
        assertEquals("24h", ProgressLine.span(86_400));
        assertEquals("1h1m", ProgressLine.span(3_661));
    }
}
