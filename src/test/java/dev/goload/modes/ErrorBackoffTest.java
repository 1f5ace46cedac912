package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ErrorKind;
import dev.goload.metrics.BackoffStats;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The backoff's pauses, exactly: an injected sleeper records them, an injected jitter source picks the draw. */
class ErrorBackoffTest {
    /** Draws the top of every jitter range when {@code high}, else the bottom. */
    private record FixedJitter(boolean high) implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long bound) {
            return high ? bound - 1 : 0;
        }
    }

    private final List<Long> pauses = new ArrayList<>();
    private final BackoffStats stats = new BackoffStats();

    private ErrorBackoff backoff(long base, boolean high) {
        return new ErrorBackoff(base, ms -> {
            pauses.add(ms);
            return false;
        }, new FixedJitter(high), stats);
    }

    @Test
    void consecutiveConnectionFailuresDoubleFromTheBaseUpToOneSecond() {
        ErrorBackoff b = backoff(5, true);
        for (int i = 0; i < 12; i++) assertFalse(b.afterFailure(ErrorKind.CONN));
        assertEquals(List.of(5L, 10L, 20L, 40L, 80L, 160L, 320L, 640L, 1000L, 1000L, 1000L, 1000L), pauses);
        assertEquals(11, stats.backoffs(), "every pause beyond the base is a backoff");
        assertEquals(10 + 20 + 40 + 80 + 160 + 320 + 640 + 4000, stats.backoffMillis());
    }

    @Test
    void jitterDrawsFromTheUpperHalfButNeverBelowTheBase() {
        ErrorBackoff b = backoff(5, false);
        for (int i = 0; i < 10; i++) b.afterFailure(ErrorKind.TIMEOUT);
        assertEquals(List.of(5L, 5L, 10L, 20L, 40L, 80L, 160L, 320L, 500L, 500L), pauses);
        assertEquals(8, stats.backoffs(), "the second pause drew the base: not a backoff");
    }

    @Test
    void theFirstFailureAlwaysPausesExactlyTheLoopsOwnBase() {
        for (ErrorKind k : ErrorKind.values()) {
            pauses.clear();
            backoff(20, true).afterFailure(k);
            assertEquals(List.of(20L), pauses, k.label());
        }
        assertEquals(0, stats.backoffs());
    }

    @Test
    void aSuccessEndsTheStreak() {
        ErrorBackoff b = backoff(5, true);
        b.afterFailure(ErrorKind.CONN);
        b.afterFailure(ErrorKind.CONN);
        b.afterFailure(ErrorKind.CONN);
        b.onSuccess();
        b.afterFailure(ErrorKind.CONN);
        b.afterFailure(ErrorKind.CONN);
        assertEquals(List.of(5L, 10L, 20L, 5L, 10L), pauses);
    }

    @Test
    void failuresTheBrokerAnsweredPauseTheBaseAndEndTheStreak() {
        ErrorBackoff b = backoff(5, true);
        b.afterFailure(ErrorKind.HTTP_5XX);
        b.afterFailure(ErrorKind.HTTP_5XX);
        for (ErrorKind k : List.of(ErrorKind.HTTP_429, ErrorKind.HTTP_4XX, ErrorKind.DECODE, ErrorKind.OTHER)) {
            b.afterFailure(k);
            b.afterFailure(k);
        }
        b.afterFailure(null); // per-item failures inside a 2xx
        b.afterFailure(ErrorKind.CONN);
        b.afterFailure(ErrorKind.CONN);
        assertEquals(List.of(5L, 10L, 5L, 5L, 5L, 5L, 5L, 5L, 5L, 5L, 5L, 5L, 10L), pauses);
    }

    @Test
    void aBaseAboveTheCapIsKeptAndAZeroBaseGrowsFromFiveMillis() {
        ErrorBackoff slow = backoff(2_000, true);
        slow.afterFailure(ErrorKind.CONN);
        slow.afterFailure(ErrorKind.CONN);
        ErrorBackoff zero = backoff(0, true);
        zero.afterFailure(ErrorKind.CONN);
        zero.afterFailure(ErrorKind.CONN);
        zero.afterFailure(ErrorKind.CONN);
        assertEquals(List.of(2_000L, 2_000L, 0L, 10L, 20L), pauses, "the first pause of a loop without one stays 0");
    }

    @Test
    void aLongOutageStaysAtTheCapWithoutOverflow() {
        ErrorBackoff b = backoff(250, true);
        for (int i = 0; i < 200; i++) b.afterFailure(ErrorKind.CONN);
        assertEquals(List.of(250L, 500L, 1000L), pauses.subList(0, 3));
        assertTrue(pauses.subList(2, 200).stream().allMatch(p -> p == 1000L), pauses.toString());
    }

    @Test
    void reportsThatTheRunStoppedDuringThePause() {
        ErrorBackoff b = new ErrorBackoff(5, ms -> true, new FixedJitter(true), stats);
        assertTrue(b.afterFailure(ErrorKind.CONN));
    }
}
