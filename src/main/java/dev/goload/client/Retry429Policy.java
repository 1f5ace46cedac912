package dev.goload.client;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Inner retry loop for HTTP 429, run inside each outer attempt against the same URL. On a 429, if the attempts
 * made so far reach the limit the 429 is surfaced; otherwise the client sleeps and re-sends the same body.
 * Delay = {@code Retry-After} seconds when present and numeric, else 500 ms × 2^i capped at 30 s; both × U[0.8,1.2].
 *
 * @param maxAttempts         total attempts including the first for ordinary requests; 0 = unbounded
 * @param longPollMaxAttempts the same for pops with {@code wait=true}; 0 = unbounded
 */
public record Retry429Policy(int maxAttempts, int longPollMaxAttempts) {
    /** Surface every 429 immediately (the default: no silent retries). */
    public static final Retry429Policy NONE = new Retry429Policy(1, 1);

    static final long BASE_DELAY_MILLIS = 500;
    static final long MAX_DELAY_MILLIS = 30_000;

    public Retry429Policy {
        if (maxAttempts < 0 || longPollMaxAttempts < 0) throw new IllegalArgumentException("attempts must be >= 0");
    }

    /** The reference SDK defaults: 10 attempts for ordinary requests, unbounded for long-poll pops. */
    public static Retry429Policy goDefaults() {
        return new Retry429Policy(10, 0);
    }

    /** An explicit limit that applies to both kinds (goload cloud {@code -retry429-attempts}). */
    public static Retry429Policy of(int maxAttempts) {
        if (maxAttempts <= 0) throw new IllegalArgumentException("maxAttempts must be > 0, got " + maxAttempts);
        return new Retry429Policy(maxAttempts, maxAttempts);
    }

    int limitFor(boolean longPoll) {
        return longPoll ? longPollMaxAttempts : maxAttempts;
    }

    /**
     * Sleep before re-sending after the {@code i}-th (0-based) 429.
     *
     * @param retryAfterSeconds the header value, NaN when absent or not numeric
     * @param jitter            a draw from U[0.8, 1.2]
     */
    static long delayMillis(int i, double retryAfterSeconds, double jitter) {
        double base;
        if (!Double.isNaN(retryAfterSeconds) && retryAfterSeconds >= 0) {
            base = retryAfterSeconds * 1000.0;
        } else {
            base = Math.min(MAX_DELAY_MILLIS, BASE_DELAY_MILLIS << Math.min(i, 16));
        }
        return Math.round(base * jitter);
    }

    static double jitter() {
        return 0.8 + 0.4 * ThreadLocalRandom.current().nextDouble();
    }
}
