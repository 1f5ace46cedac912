package dev.goload.shard;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code -start-at T}: the absolute instant a run's schedule starts, so that several loaders start together without a
 * coordinator. {@code T} is RFC 3339 ({@code 2026-12-01T14:00:00Z}, {@code …+01:00}, fractions allowed) or unix
 * milliseconds. An instant in the past, or further ahead than {@link #MAX_AHEAD_MILLIS}, is a command-line error:
 * caught before anything is sent.
 */
public final class StartAt {
    /** A start more than a day ahead is almost surely a typo (a wrong year, seconds taken for milliseconds). */
    public static final long MAX_AHEAD_MILLIS = 24L * 3600 * 1000;

    private StartAt() {}

    /**
     * Parses {@code spec} and checks it against {@code nowEpochMs}.
     *
     * @return the start instant in unix milliseconds
     * @throws IllegalArgumentException with the message the command prints (exit 2)
     */
    public static long parse(String spec, long nowEpochMs) {
        String s = spec.trim();
        long at;
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            try {
                at = Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-start-at: \"" + spec + "\" is too large for unix milliseconds");
            }
        } else {
            try {
                at = java.time.OffsetDateTime.parse(s).toInstant().toEpochMilli();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("-start-at wants RFC 3339 (e.g. 2026-12-01T14:00:00Z) or unix"
                        + " milliseconds, got \"" + spec + "\"");
            }
        }
        if (at < 100_000_000_000L && nowEpochMs >= 100_000_000_000L) {
            throw new IllegalArgumentException("-start-at " + spec + " looks like unix seconds; it takes unix"
                    + " milliseconds (" + spec + "000) or RFC 3339");
        }
        if (at <= nowEpochMs) {
            throw new IllegalArgumentException("-start-at " + Instant.ofEpochMilli(at) + " is in the past (now "
                    + Instant.ofEpochMilli(nowEpochMs) + ")");
        }
        if (at - nowEpochMs > MAX_AHEAD_MILLIS) {
            throw new IllegalArgumentException("-start-at " + Instant.ofEpochMilli(at) + " is more than 24h ahead (now "
                    + Instant.ofEpochMilli(nowEpochMs) + "); unix time is in milliseconds, not seconds");
        }
        return at;
    }
}
