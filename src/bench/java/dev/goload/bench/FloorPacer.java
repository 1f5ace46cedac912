package dev.goload.bench;

import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * The floor's sender thread (every {@link FloorPattern} but {@link FloorPattern#NETPOLL}): sends what is due, then
 * parks once until the next instant ({@link FloorPattern#SPLIT}, {@link FloorPattern#PIGGYBACK}: as the push loop's
 * sender does) or until the next instant rounded up to the window's grid ({@link FloorPattern#WINDOW}).
 *
 * <p>Threading: {@link #run} on its own thread; {@link #died} read after it ended.
 */
final class FloorPacer implements Runnable {
    private final FloorSends sends;
    private final FloorPattern pattern;
    private final long windowNanos;
    volatile Throwable died;

    FloorPacer(FloorSends sends, FloorPattern pattern, long windowNanos) {
        this.sends = sends;
        this.pattern = pattern;
        this.windowNanos = windowNanos;
    }

    @Override
    public void run() {
        try {
            while (!sends.over()) {
                if (!sends.sendDue(true)) { // the reader is sending (piggyback): what it leaves is seen next pass
                    Thread.onSpinWait();
                    continue;
                }
                long next = sends.next();
                if (next >= sends.end) return;
                long wait = wakeFor(next) - System.nanoTime();
                if (wait > 0) LockSupport.parkNanos(this, wait);
            }
        } catch (IOException | RuntimeException e) {
            died = e;
        }
    }

    /** When to wake for a send due at {@code next}. */
    long wakeFor(long next) {
        if (pattern != FloorPattern.WINDOW) return next;
        long since = next - sends.start;
        return sends.start + (since + windowNanos - 1) / windowNanos * windowNanos;
    }
}
