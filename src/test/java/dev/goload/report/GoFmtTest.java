package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GoFmtTest {
    @Test
    void roundsTheExactBinaryValueHalfToEvenLikeGo() {
        assertEquals("0.12", GoFmt.f(2, 0.125), "Go: fmt.Sprintf(\"%.2f\", 0.125) == \"0.12\"");
        assertEquals("2", GoFmt.f(0, 2.5));
        assertEquals("4", GoFmt.f(0, 3.5));
        assertEquals("1.00", GoFmt.f(2, 1.005), "1.005 is 1.00499999999999989… in binary (Java's %.2f says 1.01)");
        assertEquals("    20000", GoFmt.f(9, 0, 19999.6));
        assertEquals("   3.21", GoFmt.f(7, 2, 3.2100001));
        assertEquals("-0", GoFmt.f(0, -0.0));
        assertEquals("NaN", GoFmt.f(0, Double.NaN));
        assertEquals("    14", GoFmt.d(6, 14));
    }

    @Test
    void formatsUtcClock() {
        assertEquals("00:00:05", GoFmt.hms(5_000));
        assertEquals("23:59:59", GoFmt.hms(86_399_999));
    }

    @Test
    void formatsWholeSecondDurationsLikeGoDurationString() {
        assertEquals("0s", GoFmt.duration(java.time.Duration.ZERO));
        assertEquals("5s", GoFmt.duration(java.time.Duration.ofSeconds(5)));
        assertEquals("1m30s", GoFmt.duration(java.time.Duration.ofSeconds(90)));
        assertEquals("30m0s", GoFmt.duration(java.time.Duration.ofMinutes(30)));
        assertEquals("1h0m0s", GoFmt.duration(java.time.Duration.ofHours(1)));
        assertEquals("1h30m0s", GoFmt.duration(java.time.Duration.ofSeconds(5400)));
        // fractions are kept, as Go prints them (the whole-seconds version printed "1s" here)
        assertEquals("1.5s", GoFmt.duration(java.time.Duration.ofMillis(1500)));
        assertEquals("[]", GoFmt.slice(new long[0]));
        assertEquals("[3 17 42]", GoFmt.slice(new long[] {3, 17, 42}));
        assertEquals("[1 2]", GoFmt.slice(java.util.List.of(1, 2)));
        assertEquals("250ms", GoFmt.duration(java.time.Duration.ofMillis(250)));
        assertEquals("1m0.5s", GoFmt.duration(java.time.Duration.ofMillis(60_500)));
    }
}
