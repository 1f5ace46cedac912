package dev.goload.pace;

import java.util.concurrent.locks.LockSupport;

/**
 * Drives an {@link OpenLoopPacer} in real time on a dedicated platform thread: advance, then park until the
 * next scheduled instant. A platform thread (not a virtual one) so that the pacer is scheduled by the OS and
 * never queues behind thousands of request tasks on the virtual-thread carriers. Oversleeping is not lost:
 * the next {@code advance} offers everything that became due and the lateness shows up as latency.
 *
 * <p>Thread-safe: {@link #stop()} and {@link #join(long)} may be called from any thread.
 */
public final class PacerThread {
    private final OpenLoopPacer pacer;
    private final NanoClock clock;
    private final Thread thread;
    private volatile boolean stopped;

    public PacerThread(String name, OpenLoopPacer pacer, NanoClock clock) {
        this.pacer = pacer;
        this.clock = clock;
        this.thread = Thread.ofPlatform().name(name).daemon(true).priority(Thread.MAX_PRIORITY).unstarted(this::loop);
    }

    public PacerThread start() {
        thread.start();
        return this;
    }

    private void loop() {
        while (!stopped) {
            long next = pacer.advance(clock.nanoTime());
            if (next == Long.MAX_VALUE) {
                return;
            }
            long wait = next - clock.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
            }
        }
        // A timed run stops the pacer at its end instant; if the pacer was parked or late then, requests due before
        // the end would be neither offered nor shed. One last advance accounts for them (none are due after the end).
        pacer.advance(clock.nanoTime());
    }

    /** Stops offering once what is already due has been offered; requests already launched are not affected. */
    public void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    public boolean join(long millis) throws InterruptedException {
        return thread.join(java.time.Duration.ofMillis(millis));
    }

    public boolean isAlive() {
        return thread.isAlive();
    }
}
