package dev.goload.pace;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-flight request cap: a non-blocking counting gate. {@link #tryAcquire()} never waits; a pacer
 * that cannot acquire sheds the request instead of blocking (blocking would turn the open loop into a
 * closed loop whose offered rate follows the broker's latency).
 *
 * <p>Thread-safe: acquired by the pacer, released by whichever thread finishes the request.
 */
public final class InflightLimit {
    private final int cap;
    private final AtomicInteger inflight = new AtomicInteger();

    public InflightLimit(int cap) {
        if (cap <= 0) {
            throw new IllegalArgumentException("in-flight cap must be > 0, got " + cap);
        }
        this.cap = cap;
    }

    public boolean tryAcquire() {
        int n;
        do {
            n = inflight.get();
            if (n >= cap) {
                return false;
            }
        } while (!inflight.compareAndSet(n, n + 1));
        return true;
    }

    public void release() {
        if (inflight.decrementAndGet() < 0) {
            inflight.incrementAndGet();
            throw new IllegalStateException("released more in-flight slots than acquired");
        }
    }

    public int inflight() {
        return inflight.get();
    }

    public int cap() {
        return cap;
    }
}
