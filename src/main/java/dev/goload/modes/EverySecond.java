package dev.goload.modes;

import java.util.concurrent.locks.LockSupport;

/**
 * A daemon thread that runs a task once a second until {@link #close()}, which wakes it, waits for it to end and
 * never runs the task again afterwards: the loader's periodic self-samples ({@link LoaderMonitor},
 * {@link LoaderConnections}), which must not outlive their run.
 */
final class EverySecond implements AutoCloseable {
    private static final long PERIOD_NANOS = 1_000_000_000L;

    private final Thread thread;
    private volatile boolean stopping;

    private EverySecond(String name, Runnable task) {
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(() -> {
            while (!stopping) {
                LockSupport.parkNanos(PERIOD_NANOS);
                if (!stopping) task.run();
            }
        });
    }

    /** Starts running {@code task} a second from now, then every second, on a daemon thread named {@code name}. */
    static EverySecond start(String name, Runnable task) {
        EverySecond e = new EverySecond(name, task);
        e.thread.start();
        return e;
    }

    /** Stops the thread and waits for a task in progress to finish. */
    @Override
    public void close() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
