package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import org.junit.jupiter.api.Test;

/**
 * {@link LatencySummary#of} walks the recorded values once; its fields must be exactly what HdrHistogram's own
 * {@code getValueAtPercentile} and {@code getMean} (one walk each) give, on plain and packed histograms of any shape.
 */
class LatencySummaryOnePassTest {
    @Test
    void oneWalkGivesExactlyHdrHistogramsPercentilesAndMean() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int round = 0; round < 300; round++) {
            Histogram h = round % 2 == 0 ? new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS)
                    : new PackedHistogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
            int n = 1 + rnd.nextInt(round < 20 ? 5 : 20_000);
            long spread = 1L << rnd.nextInt(1, 31);
            for (int i = 0; i < n; i++) h.recordValueWithCount(1 + rnd.nextLong(spread), 1 + rnd.nextInt(3));
            long exactMax = rnd.nextBoolean() ? -1 : h.getMaxValue() - rnd.nextInt(2);
            LatencySummary s = LatencySummary.of(h, exactMax);
            long max = exactMax >= 0 ? exactMax : h.getMaxValue();
            String what = "round " + round;
            assertEquals(h.getTotalCount(), s.count(), what);
            assertEquals(Math.min(h.getValueAtPercentile(50), max) / 1000.0, s.p50(), what);
            assertEquals(Math.min(h.getValueAtPercentile(90), max) / 1000.0, s.p90(), what);
            assertEquals(Math.min(h.getValueAtPercentile(95), max) / 1000.0, s.p95(), what);
            assertEquals(Math.min(h.getValueAtPercentile(99), max) / 1000.0, s.p99(), what);
            assertEquals(Math.min(h.getValueAtPercentile(99.9), max) / 1000.0, s.p999(), what);
            assertEquals(max / 1000.0, s.max(), what);
            assertEquals(h.getMean() / 1000.0, s.mean(), what);
        }
    }
}
