package dev.goload.broker;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runtime state of one proxied cluster: its token buckets and parked-pop slots (null when unlimited) and the
 * rate limiter of its {@code would_block} log lines. Thread-safe.
 */
final class ProxyTenantState {
    private static final long LOG_EVERY_NANOS = 1_000_000_000L;

    final ProxyTenant tenant;
    final TokenBucket requests;
    final TokenBucket messages;
    final Semaphore parked;
    private final LongSupplier nanoClock;
    private final AtomicLong lastLog = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong unlogged = new AtomicLong();

    ProxyTenantState(ProxyTenant tenant, LongSupplier nanoClock) {
        this.tenant = tenant;
        this.nanoClock = nanoClock;
        ProxyLimits l = tenant.limits();
        this.requests = l.requestsPerSec() > 0
                ? new TokenBucket(l.requestsPerSec(), Math.max(1, l.requestsPerSec()), nanoClock) : null;
        this.messages = l.messagesPerSec() > 0
                ? new TokenBucket(l.messagesPerSec(), Math.max(1, l.messagesPerSec()), nanoClock) : null;
        this.parked = l.parkedPops() > 0 ? new Semaphore(l.parkedPops()) : null;
    }

    /** Logs {@code would_block} at most once per second per cluster, with the count folded since the last line. */
    void logWouldBlock(String code, Consumer<String> log) {
        unlogged.incrementAndGet();
        long now = nanoClock.getAsLong();
        long last = lastLog.get();
        if ((last == Long.MIN_VALUE || now - last >= LOG_EVERY_NANOS) && lastLog.compareAndSet(last, now)) {
            long count = unlogged.getAndSet(0);
            log.accept("[proxy] would_block cluster=" + tenant.clusterSlug() + " code=" + code
                    + " count=" + Math.max(count, 1) + " (shadow mode: forwarded)");
        }
    }
}
