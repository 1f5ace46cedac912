package dev.goload.modes;

import java.time.Duration;

/** Joining a run's worker threads against one deadline for all of them (every mode's shutdown does this). */
public final class Threads {
    private Threads() {
    }

    /**
     * Waits for every thread to end until {@code millis} have passed in total (not per thread).
     *
     * @return true when all of them ended in time
     */
    public static boolean joinAll(Iterable<Thread> threads, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) return false;
        }
        return true;
    }
}
