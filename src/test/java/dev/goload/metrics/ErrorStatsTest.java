package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorStatsTest {
    @Test
    void keepsTheFirstMessagePerKindAndCountsEveryFailure() {
        ErrorStats s = new ErrorStats();
        s.record("item_failed", "first");
        s.record("item_failed", "second");
        s.record("other", null);
        ErrorStats.Snapshot snap = s.snapshot();
        assertEquals(3, snap.total());
        assertEquals(Map.of("item_failed", 2L, "other", 1L), snap.byKind());
        assertEquals(Map.of("item_failed", "first", "other", ""), snap.firstMessage());
        assertEquals(0, snap.retryAfterSamples());
    }

    @Test
    void clipsMessagesTo240Utf8BytesOnACharacterBoundary() {
        String ascii = "a".repeat(ErrorStats.MAX_MESSAGE_BYTES);
        assertEquals(ascii, ErrorStats.clip(ascii), "exactly the limit is kept whole");
        // 239 ASCII bytes then a 3-byte character: byte 240 falls inside it, so the whole character goes.
        String cut = "a".repeat(ErrorStats.MAX_MESSAGE_BYTES - 1) + "€tail";
        assertEquals("a".repeat(ErrorStats.MAX_MESSAGE_BYTES - 1), ErrorStats.clip(cut));
        String euros = "€".repeat(100); // 300 bytes: 80 whole characters fit
        String clipped = ErrorStats.clip(euros);
        assertEquals("€".repeat(80), clipped);
        assertEquals(240, clipped.getBytes(StandardCharsets.UTF_8).length);
    }
}
