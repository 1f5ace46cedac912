package dev.goload.modes.consume;

import dev.goload.modes.RunSignal;

/**
 * When a consumer loop ends and how it sleeps: normally the run's {@link RunSignal}; a mode whose consumers outlive
 * the run's stop (cloud and order drain after it) passes a signal of its own. Tests pass a scripted one that records
 * pauses instead of sleeping.
 */
public interface Lifetime {
    boolean stopping();

    /** Sleeps up to {@code millis}; true when the loop must end (returns early then). */
    boolean pause(long millis);

    static Lifetime of(RunSignal signal) {
        return new Lifetime() {
            @Override
            public boolean stopping() {
                return signal.isStopping();
            }

            @Override
            public boolean pause(long millis) {
                return signal.pause(millis);
            }
        };
    }
}
