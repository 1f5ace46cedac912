package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class StartAtTest {
    private static final long NOW = Instant.parse("2026-12-01T12:00:00Z").toEpochMilli();

    @Test
    void takesRfc3339WithOffsetsAndFractionsAndUnixMilliseconds() {
        assertEquals(NOW + 60_000, StartAt.parse("2026-12-01T12:01:00Z", NOW));
        assertEquals(NOW + 60_000, StartAt.parse("2026-12-01T13:01:00+01:00", NOW));
        assertEquals(NOW + 1_500, StartAt.parse("2026-12-01T12:00:01.5Z", NOW));
        assertEquals(NOW + 10, StartAt.parse(Long.toString(NOW + 10), NOW));
    }

    @Test
    void refusesThePastTheFarFutureSecondsAndGarbageWithAMessage() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StartAt.parse("2026-12-01T11:59:59Z", NOW))
                .getMessage().contains("in the past"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StartAt.parse(Long.toString(NOW), NOW))
                .getMessage().contains("in the past"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StartAt.parse("2026-12-03T12:00:00Z", NOW))
                .getMessage().contains("24h"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StartAt.parse(Long.toString(NOW / 1000 + 60), NOW))
                .getMessage().contains("seconds"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StartAt.parse("tomorrow", NOW))
                .getMessage().contains("RFC 3339"));
    }
}
