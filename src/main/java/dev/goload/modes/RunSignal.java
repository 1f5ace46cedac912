package dev.goload.modes;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The stop signal of a run: set once (duration reached, SIGINT/SIGTERM, fatal error), observed by producers,
 * consumers and the reporter. {@link #pause(long)} is the only way loops sleep, so every loop wakes at once
 * when the run stops.
 *
 * <p>Thread-safe.
 */
public final class RunSignal {
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile String reason;

    /** Requests a stop; the first reason wins. Returns true for the call that stopped the run. */
    public boolean stop(String why) {
        synchronized (stopped) {
            if (reason != null) {
                return false;
            }
            reason = why;
        }
        stopped.countDown();
        return true;
    }

    public boolean isStopping() {
        return reason != null;
    }

    /** Why the run stopped ({@code duration}, {@code signal}, …), or null while running. */
    public String reason() {
        return reason;
    }

    /** Sleeps up to {@code millis}; returns early (true) when the run stops. */
    public boolean pause(long millis) {
        if (millis <= 0) {
            return isStopping();
        }
        try {
            return stopped.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /** Blocks until the run stops or {@code millis} pass; returns whether it stopped. */
    public boolean await(long millis) throws InterruptedException {
        return stopped.await(millis, TimeUnit.MILLISECONDS);
    }
}
