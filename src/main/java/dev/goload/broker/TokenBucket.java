package dev.goload.broker;

import java.util.function.LongSupplier;

/**
 * A token bucket refilled continuously at {@code rate} tokens/s, holding at most {@code burst} tokens (starts full).
 * Thread-safe (synchronized: one short critical section per request).
 */
final class TokenBucket {
    private final double ratePerNano;
    private final double burst;
    private final LongSupplier nanoClock;
    private double tokens;
    private long lastNanos;

    TokenBucket(double ratePerSec, double burst, LongSupplier nanoClock) {
        this.ratePerNano = ratePerSec / 1e9;
        this.burst = burst;
        this.nanoClock = nanoClock;
        this.tokens = burst;
        this.lastNanos = nanoClock.getAsLong();
    }

    /**
     * Takes {@code n} tokens if available and answers 0; otherwise takes nothing and answers the nanoseconds until
     * they would be (a request larger than the burst is measured against a full bucket).
     */
    synchronized long tryTake(double n) {
        long now = nanoClock.getAsLong();
        tokens = Math.min(burst, tokens + (now - lastNanos) * ratePerNano);
        lastNanos = now;
        double need = Math.min(n, burst);
        if (tokens >= need) {
            tokens -= need;
            return 0;
        }
        return (long) Math.ceil((need - tokens) / ratePerNano);
    }
}
