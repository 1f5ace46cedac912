package dev.goload.client;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reusable arrays of one size for {@link Http1Connection}s in use; keeps at most {@value #MAX} spare.
 *
 * <p>Thread-safe and lock-free: any exchange's thread may take or give at any time.
 */
final class BufferPool {
    /**
     * Spares kept per pool. An exchange holds a buffer only while it writes its request or reads its answer, so a
     * few cover even 500,000 msg/s; what a burst of in-flight requests leaves beyond them is garbage, not retained
     * heap (64 spares of 64 + 16 KB were ~5 MB of live heap per client after cloud's start-up burst).
     */
    static final int MAX = 16;
    private final int size;
    private final ConcurrentLinkedQueue<byte[]> spare = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();
    /** Arrays taken and not given back: what the connections in use hold (tests count it). */
    private final AtomicInteger lent = new AtomicInteger();

    BufferPool(int size) {
        this.size = size;
    }

    byte[] take() {
        lent.incrementAndGet();
        byte[] b = spare.poll();
        if (b == null) return new byte[size];
        count.decrementAndGet();
        return b;
    }

    void give(byte[] b) {
        if (b == null) return;
        lent.decrementAndGet();
        if (count.incrementAndGet() > MAX) {
            count.decrementAndGet();
            return;
        }
        spare.offer(b);
    }

    /**
     * Arrays lent out now. A closed connection's arrays are never given back (a cancelling thread may close it while
     * its owner still reads), so this counts them too.
     */
    int lent() {
        return lent.get();
    }
}
