package dev.goload.modes.cm;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which properties each stage has applied seq 0 (the warm-up event) for. The warm-up drain waits until every stage
 * has seen every property — per property, not on totals (the reference counted totals, so redeliveries could
 * stand in for a property that never arrived: §8.2 item 10d).
 *
 * <p>Thread-safe (lock-free bitmaps).
 */
final class WarmTracker {
    private final int properties;
    /** How many distinct properties make a stage warm: the loader's shard's (all of them unsharded). */
    private final int expected;
    private final AtomicLongArray[] seen;
    private final AtomicIntegerArray distinct;

    WarmTracker(int stages, int properties) {
        this(stages, properties, properties);
    }

    /** @param expected the properties this loader produces (its shard's); only theirs can reach its stages */
    WarmTracker(int stages, int properties, int expected) {
        this.properties = properties;
        this.expected = expected;
        this.seen = new AtomicLongArray[stages];
        for (int i = 0; i < stages; i++) seen[i] = new AtomicLongArray((properties + 63) / 64);
        this.distinct = new AtomicIntegerArray(stages);
    }

    void mark(int stage, int prop) {
        if (prop < 0 || prop >= properties) return;
        long bit = 1L << (prop & 63);
        long prev = seen[stage].getAndAccumulate(prop >>> 6, bit, (a, b) -> a | b);
        if ((prev & bit) == 0) distinct.incrementAndGet(stage);
    }

    int distinct(int stage) {
        return distinct.get(stage);
    }

    boolean complete() {
        for (int i = 0; i < distinct.length(); i++) if (distinct.get(i) < expected) return false;
        return true;
    }
}
