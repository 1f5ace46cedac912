package dev.goload.broker;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A test-only switch that fires on every n-th call of {@link #fires()} once set (0: off), counting how often it
 * fired; shared by {@link BrokerFaults} and {@link AckAnswerDelay}. Thread-safe: the setting is volatile, the
 * counters atomic.
 */
final class EveryNth {
    private volatile int n;
    private final AtomicLong calls = new AtomicLong();
    private final LongAdder fired = new LongAdder();

    void set(int every) {
        if (every < 0) throw new IllegalArgumentException("n must be >= 0");
        n = every;
    }

    boolean fires() {
        int every = n;
        if (every <= 0 || calls.incrementAndGet() % every != 0) {
            return false;
        }
        fired.increment();
        return true;
    }

    long fired() {
        return fired.sum();
    }
}
