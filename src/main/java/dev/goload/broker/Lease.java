package dev.goload.broker;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lease handed out by one pop. It may span several partitions (pop with {@code partitions=K}); each claimed
 * partition's {@link GroupCursor} points at the same instance, so extending it extends every partition at once.
 *
 * <p>Thread-safety: {@code expiresAtMillis} is volatile and only grows ({@link #extend}); {@code holders} counts the
 * partitions still held and is changed under the respective partition locks.
 */
final class Lease {
    final String id;
    final String tenant;
    private volatile long expiresAtMillis;
    final AtomicInteger holders = new AtomicInteger();

    Lease(String id, String tenant, long expiresAtMillis) {
        this.id = id;
        this.tenant = tenant;
        this.expiresAtMillis = expiresAtMillis;
    }

    long expiresAtMillis() {
        return expiresAtMillis;
    }

    boolean isLive(long nowMillis) {
        return nowMillis < expiresAtMillis;
    }

    /** New expiry = max(current, now + seconds): Queen's GREATEST rule, so an extend never shortens a lease. */
    synchronized long extend(long nowMillis, long seconds) {
        long candidate = nowMillis + seconds * 1000L;
        if (candidate > expiresAtMillis) {
            expiresAtMillis = candidate;
        }
        return expiresAtMillis;
    }
}
