package dev.goload.client;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reusable arrays of one size for {@link Http1Connection}s in use; keeps at most {@value #MAX} spare.
 *
 * <p>Thread-safe and lock-free: any exchange's thread may take or give at any time.
 */
final class BufferPool {
    static final int MAX = 64;
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
