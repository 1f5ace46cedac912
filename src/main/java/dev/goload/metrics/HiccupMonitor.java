package dev.goload.metrics;

import java.util.concurrent.locks.LockSupport;

/**
 * Measures the loader's own stalls: a platform thread repeatedly parks for {@link #PERIOD_NANOS} and records
 * how much longer than that it actually slept (µs). A GC pause, CPU starvation or a VM steal shows up here
 * exactly as it would delay the pacer, so it explains pacer lateness and shed-behind.
 *
 * <p>Threading: start/stop from any thread; the recorder is read by the reporter.
 */
public final class HiccupMonitor implements AutoCloseable {
    static final long PERIOD_NANOS = 1_000_000L;

    private final LatencyRecorder hiccups;
    private final Thread thread;
    private volatile boolean running = true;

    public HiccupMonitor(LatencyRecorder hiccups) {
        this.hiccups = hiccups;
        this.thread = Thread.ofPlatform().name("goload-hiccup").daemon(true).unstarted(this::loop);
        thread.start();
    }

    private void loop() {
        while (running) {
            long before = System.nanoTime();
            LockSupport.parkNanos(PERIOD_NANOS);
            long overslept = System.nanoTime() - before - PERIOD_NANOS;
            hiccups.record(overslept / 1000);
        }
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
    }
}
