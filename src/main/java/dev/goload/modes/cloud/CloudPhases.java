package dev.goload.modes.cloud;

import dev.goload.modes.RunSignal;
import dev.goload.modes.run.RunNote;
import dev.goload.pace.NanoClock;
import java.util.function.Consumer;

/**
 * The phase of a cloud run (load, drain, done) and how SIGINT/SIGTERM cut it, as the reference does: a signal in the
 * load phase stops the producers early (the drain still runs), a signal in the drain cuts the drain short. Each cut is
 * a {@link RunSignal} the run's reporter waits on ({@link #load}, {@link #drain}), and a {@link CloudNote.Signal}.
 *
 * <p>Threading: {@link #interrupt()} from a signal handler thread; {@link #enter} from the run thread.
 */
final class CloudPhases {
    enum Phase { LOAD, DRAIN, DONE }

    /** Stopped when a signal ends the load phase early. */
    final RunSignal load = new RunSignal();
    /** Stopped when a signal cuts the drain (also before it starts, once the load ran its full duration). */
    final RunSignal drain = new RunSignal();

    private final Consumer<RunNote> notes;
    private final NanoClock clock;
    private Phase phase = Phase.LOAD;
    /** When the load's duration runs out: a signal after it belongs to the drain, even before the run enters it. */
    private long loadEndNanos = Long.MAX_VALUE;

    CloudPhases(Consumer<RunNote> notes, NanoClock clock) {
        this.notes = notes;
        this.clock = clock;
    }

    synchronized void enter(Phase p) {
        phase = p;
    }

    /** The instant the load phase ends by duration. */
    synchronized void loadEndsAt(long nanos) {
        loadEndNanos = nanos;
    }

    /** A stop signal: cuts the current phase; returns whether it had any effect. */
    synchronized boolean interrupt() {
        if (phase == Phase.DONE) {
            return false;
        }
        // After the full duration a signal is not an early stop: it cuts the drain (about to start, or running).
        boolean early = phase == Phase.LOAD && clock.nanoTime() - loadEndNanos < 0;
        if (!(early ? load : drain).stop("signal")) {
            return false;
        }
        notes.accept(new CloudNote.Signal(early));
        return true;
    }

    /** {@code signal} when the load phase was cut, else {@code duration}. */
    String stopReason() {
        return load.isStopping() ? "signal" : "duration";
    }
}
