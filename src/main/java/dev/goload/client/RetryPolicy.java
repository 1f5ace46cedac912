package dev.goload.client;

/**
 * Outer retry loop for 5xx answers and network errors (never 4xx, never an exhausted 429, never a pop timeout).
 * The delay before retry {@code i} (0-based) is {@code baseDelayMillis × 2^i}.
 *
 * @param attempts        total attempts, &gt;= 1 (1 = no retry)
 * @param baseDelayMillis delay before the first retry
 */
public record RetryPolicy(int attempts, long baseDelayMillis) {
    /** Exactly one attempt: the default everywhere, so no request is ever repeated silently. */
    public static final RetryPolicy NONE = new RetryPolicy(1, 1000);

    public RetryPolicy {
        if (attempts < 1) throw new IllegalArgumentException("attempts must be >= 1, got " + attempts);
        if (baseDelayMillis < 0) throw new IllegalArgumentException("baseDelayMillis must be >= 0");
    }

    /**
     * The reference SDK's {@code RetryAttempts} semantics: {@code n > 0} ⇒ n+1 attempts, {@code 0} ⇒ the SDK
     * default of 3 retries (4 attempts), {@code n < 0} ⇒ exactly one attempt; base delay 1000 ms.
     */
    public static RetryPolicy fromGoRetryAttempts(int n) {
        if (n < 0) return NONE;
        return new RetryPolicy(n == 0 ? 4 : n + 1, 1000);
    }

    /** Delay before retry {@code i} (0-based), saturating instead of overflowing. */
    long delayMillis(int i) {
        if (baseDelayMillis == 0) return 0;
        int shift = Math.min(i, 30);
        long d = baseDelayMillis << shift;
        return d < 0 || (d >> shift) != baseDelayMillis ? Long.MAX_VALUE / 4 : d;
    }
}
