package dev.goload.pace;

/**
 * Drives one {@link OpenLoopPacer} in real time on a dedicated platform thread: a {@link PacerGroup} of one, so
 * the single-pacer modes and the cloud's many pacers share one driver loop. A platform thread (not a virtual one)
 * so that the pacer is scheduled by the OS and never queues behind thousands of request tasks on the
 * virtual-thread carriers. Oversleeping is not lost: the next {@code advance} offers everything that became due
 * and the lateness shows up as latency; a stop offers what fell due before it.
 *
 * <p>Thread-safe: {@link #stop()} and {@link #join(long)} may be called from any thread.
 */
public final class PacerThread {
    private final PacerGroup group;

    public PacerThread(String name, OpenLoopPacer pacer, NanoClock clock) {
        this.group = new PacerGroup(name, clock).add(pacer);
    }

    public PacerThread start() {
        group.start();
        return this;
    }

    /** Stops offering once what is already due has been offered; requests already launched are not affected. */
    public void stop() {
        group.stop();
    }

    public boolean join(long millis) throws InterruptedException {
        return group.join(millis);
    }
}
