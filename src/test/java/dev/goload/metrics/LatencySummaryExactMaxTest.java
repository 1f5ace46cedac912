package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The summary never reports a percentile above the exact max printed beside it (cloud's JSON relies on it). */
class LatencySummaryExactMaxTest {

    @Test
    void noPercentileIsReportedAboveTheExactMax() {
        LatencyRecorder r = new LatencyRecorder("service");
        r.record(5001); // its histogram bucket reads back as 5003 µs
        r.sampleInterval();
        LatencySummary s = LatencySummary.of(r.cumulative(), r.exactMaxMicros());
        assertEquals(5.001, s.max());
        assertEquals(5.001, s.p50());
        assertEquals(5.001, s.p999());
    }

    @Test
    void anEmptyHistogramSummarizesAsZeros() {
        LatencyRecorder r = new LatencyRecorder("ack");
        assertEquals(LatencySummary.EMPTY, LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
    }
}
