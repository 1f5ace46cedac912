package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void intervalsAreDisjointAndFoldIntoTheWholeRun() {
        var r = new LatencyRecorder("push");
        for (int i = 1; i <= 100; i++) {
            r.record(i * 1000L);
        }
        var first = r.sampleInterval();
        assertEquals(100, first.getTotalCount());
        assertEquals(50.0, LatencySummary.of(first).p50(), 0.05);
        r.record(5_000_000L);
        var second = r.sampleInterval();
        assertEquals(1, second.getTotalCount(), "an interval holds only what was recorded since the last sample");
        assertEquals(101, r.cumulative().getTotalCount());
        assertEquals(5_000_000L, r.exactMaxMicros());
    }

    @Test
    void clampsHugeAndNegativeValuesInsteadOfThrowing() {
        var r = new LatencyRecorder("push");
        r.record(-5);
        r.record(LatencyRecorder.HIGHEST_MICROS * 10);
        var h = r.sampleInterval();
        assertEquals(2, h.getTotalCount());
        assertEquals(1, r.clamped());
        assertEquals(0, h.getMinValue());
    }

    @Test
    void emptyHistogramSummarizesToZeros() {
        assertEquals(LatencySummary.EMPTY, LatencySummary.of(new LatencyRecorder("x").sampleInterval()));
    }

    @Test
    void percentilesNeverExceedTheExactMax() {
        var r = new LatencyRecorder("push");
        r.record(933_640);
        r.sampleInterval();
        LatencySummary p = LatencySummary.of(r.cumulative(), r.exactMaxMicros());
        assertEquals(933.64, p.max(), 1e-9);
        assertEquals(933.64, p.p999(), 1e-9, "the bucket's upper edge would say more than was recorded");
    }
}
