package dev.goload.modes.consume;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/** A lifetime for tests: stopped by hand, never sleeps; it records each pause (and can advance a fake clock). */
final class RecordingLifetime implements Lifetime {
    final List<Long> pauses = new CopyOnWriteArrayList<>();
    volatile boolean stopping;
    private final LongConsumer onPause;

    RecordingLifetime() {
        this(ms -> { });
    }

    RecordingLifetime(LongConsumer onPause) {
        this.onPause = onPause;
    }

    @Override
    public boolean stopping() {
        return stopping;
    }

    @Override
    public boolean pause(long millis) {
        pauses.add(millis);
        onPause.accept(millis);
        return stopping;
    }
}
