package dev.goload.broker;

/**
 * Per-tenant limits of the proxy personality (one token bucket per request, one per pushed message, and a cap on
 * parked long-poll pops, as queen-wire.md §B.4 describes the real proxy). A value of 0 means unlimited. Each bucket
 * holds one second of its rate (at least one token) as burst.
 *
 * @param requestsPerSec  requests per second per tenant (429 {@code rate_limited})
 * @param messagesPerSec  pushed messages per second per tenant (429 {@code rate_limited})
 * @param parkedPops      concurrent long-poll pops per tenant (429 {@code quota_exceeded})
 */
public record ProxyLimits(double requestsPerSec, double messagesPerSec, int parkedPops) {
    public static final ProxyLimits UNLIMITED = new ProxyLimits(0, 0, 0);

    public ProxyLimits {
        if (!(requestsPerSec >= 0) || !(messagesPerSec >= 0) || parkedPops < 0) {
            throw new IllegalArgumentException("proxy limits must be >= 0 (0 = unlimited)");
        }
    }
}
