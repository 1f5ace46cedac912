package dev.goload.modes.run.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencySummary;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyStatTest {

    @Test
    void digitsAfterTheFirstTwoAreDecimalsAsTheReportLinesNameThem() {
        assertEquals(99.9, pct("p999"));
        assertEquals(99.99, pct("p9999"));
        assertEquals(99.9, pct("p99.9"));
        assertEquals(50, pct("p50"));
        assertEquals(5, pct("p5"));
        assertEquals(100, pct("p100"));
        assertEquals(97.5, pct("p97.5"));
    }

    @Test
    void rejectsWhatIsNoStatistic() {
        for (String s : new String[] {"p0", "p", "p99x", "median", "p.5", "p100.1"}) {
            assertTrue(LatencyStat.parse(s).isEmpty(), s);
        }
    }

    @Test
    void percentilesEqualTheRecordSummaryOfTheSameHistogram() {
        Histogram h = Outcomes.micros();
        for (int i = 1; i <= 10_000; i++) h.recordValue(i * 37L);
        long exactMax = 370_000;
        LatencySummary s = LatencySummary.of(h, exactMax);
        assertEquals(s.p99(), stat("p99").of(h, exactMax).getAsDouble());
        assertEquals(s.p999(), stat("p999").of(h, exactMax).getAsDouble());
        assertEquals(s.p50(), stat("p50").of(h, exactMax).getAsDouble());
        assertEquals(s.max(), stat("max").of(h, exactMax).getAsDouble());
        assertEquals(s.mean(), stat("mean").of(h, exactMax).getAsDouble());
        assertEquals(10_000, stat("count").of(h, exactMax).getAsDouble());
    }

    @Test
    void aPercentileIsNeverAboveTheExactMax() {
        Histogram h = Outcomes.micros(123_456);
        assertEquals(123.456, stat("p100").of(h, 123_456).getAsDouble());
        assertTrue(h.getValueAtPercentile(100) > 123_456, "the bucket's top is above the value itself");
    }

    @Test
    void anEmptyHistogramHasNoDataExceptItsCount() {
        Histogram h = Outcomes.micros();
        assertTrue(stat("p99").of(h, 0).isEmpty());
        assertTrue(stat("max").of(h, 0).isEmpty());
        assertEquals(0, stat("count").of(h, 0).getAsDouble());
    }

    private static LatencyStat stat(String s) {
        return LatencyStat.parse(s).orElseThrow();
    }

    private static double pct(String s) {
        return stat(s).percentile();
    }
}
