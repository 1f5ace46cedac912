package dev.goload.broker;

import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/** A manually advanced clock so lease expiry is tested without sleeping. Thread-safe. */
final class TestClock implements InstantSource {
    private final AtomicLong millis = new AtomicLong(1_800_000_000_000L);

    void advanceSeconds(long s) {
        millis.addAndGet(s * 1000L);
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public long millis() {
        return millis.get();
    }
}
