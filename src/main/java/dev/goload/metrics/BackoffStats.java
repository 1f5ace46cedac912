package dev.goload.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * The error backoffs of a run ({@code modes.ErrorBackoff}): how many pauses after a failed call grew beyond their
 * loop's base pause, and their total planned length in ms (a pause the run's stop cut short counts whole).
 *
 * <p>Thread-safe: every loop of a run adds to one instance.
 */
public final class BackoffStats {
    private final LongAdder backoffs = new LongAdder();
    private final LongAdder millis = new LongAdder();

    public void add(long pauseMillis) {
        backoffs.increment();
        millis.add(pauseMillis);
    }

    public long backoffs() {
        return backoffs.sum();
    }

    public long backoffMillis() {
        return millis.sum();
    }
}
