package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.metrics.LatencyRecorder;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    @Test
    void noPercentileIsReportedAboveTheExactMax() {
        LatencyRecorder r = new LatencyRecorder("pushRtt");
        r.record(5001); // its histogram bucket reads back as 5003 µs
        r.sampleInterval();
        LatencySummary s = LatencySummary.of(r.cumulative(), r.exactMaxMicros());
        assertEquals(5.001, s.maxMs());
        assertEquals(5.001, s.p50Ms());
        assertEquals(5.001, s.p999Ms());
    }

    @Test
    void anEmptyHistogramSummarizesAsZeros() {
        LatencyRecorder r = new LatencyRecorder("ackRtt");
        assertEquals(new LatencySummary(0, 0, 0, 0, 0, 0), LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
    }
}
