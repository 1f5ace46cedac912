package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ErrorKind;
import dev.goload.client.TestFailures;
import dev.goload.metrics.ErrorStats;
import org.junit.jupiter.api.Test;

/** The client → metrics adapter: a QueenException lands in its family classified, with code and Retry-After. */
class ErrorsTest {
    @Test
    void aProxy429IsRecordedByKindCodeAndRetryAfter() {
        ErrorStats s = new ErrorStats();
        Errors.record(s, TestFailures.http(429, "rate_limited", 2.5));
        Errors.record(s, TestFailures.http(429, "rate_limited", 0.5));
        Errors.record(s, TestFailures.of(ErrorKind.CONN));
        ErrorStats.Snapshot snap = s.snapshot();
        assertEquals(3, snap.total());
        assertEquals(2, snap.kind("http_429"));
        assertEquals(1, snap.kind("conn"));
        assertEquals(2L, snap.byCode().get("429/rate_limited"), snap.byCode().toString());
        assertEquals(1, snap.byCode().size(), "a transport failure has no status code");
        assertEquals(2, snap.retryAfterSamples());
        assertEquals(1.5, snap.retryAfterAvgSec(), 1e-9);
        assertEquals(2.5, snap.retryAfterMaxSec(), 1e-9);
        assertTrue(snap.firstMessage().get("http_429").contains("429"), snap.firstMessage().toString());
    }

    @Test
    void aCallCutByTheRunsStopIsCountedByKindButNeverAsAFailure() {
        assertEquals(ErrorKind.CANCELED.label(), ErrorStats.CANCELED, "metrics' label is the client's");
        ErrorStats s = new ErrorStats();
        Errors.record(s, TestFailures.of(ErrorKind.CANCELED));
        assertEquals(0, s.total());
        assertEquals(1, s.kind(ErrorStats.CANCELED));
        assertEquals(0, s.snapshot().firstMessage().size());
    }
}
