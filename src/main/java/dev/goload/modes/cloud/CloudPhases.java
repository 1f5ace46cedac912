package dev.goload.modes.cloud;

import dev.goload.pace.NanoClock;
import java.io.PrintStream;

/**
 * The phase of a cloud run (load, drain, done) and how SIGINT/SIGTERM cut it, as the reference does: a signal
 * in the load phase stops the producers early (the drain still runs), a signal in the drain cuts the drain short.
 *
 * <p>Threading: {@link #interrupt()} from a signal handler thread; {@link #awaitCut} and {@link #enter} from the
 * run thread.
 */
final class CloudPhases {
    enum Phase { LOAD, DRAIN, DONE }

    private final PrintStream out;
    private final NanoClock clock;
    private Phase phase = Phase.LOAD;
    private boolean cut;
    /** When the load's duration runs out: a signal after it belongs to the drain, even before the run enters it. */
    private long loadEndNanos = Long.MAX_VALUE;
    private boolean drainCutEarly;
    private String stopReason;

    CloudPhases(PrintStream out, NanoClock clock) {
        this.out = out;
        this.clock = clock;
    }

    synchronized void enter(Phase p) {
        phase = p;
        cut = p == Phase.DRAIN && drainCutEarly;
        drainCutEarly = false;
    }

    /** The instant the load phase ends by duration. */
    synchronized void loadEndsAt(long nanos) {
        loadEndNanos = nanos;
    }

    /** A stop signal: cuts the current phase; returns whether it had any effect. */
    synchronized boolean interrupt() {
        if (cut || phase == Phase.DONE) {
            return false;
        }
        if (phase == Phase.LOAD && clock.nanoTime() - loadEndNanos >= 0) {
            // the full duration was offered, so this is not an early stop: it cuts the drain about to start
            if (drainCutEarly) return false;
            drainCutEarly = true;
            out.println();
            out.println("[signal] cutting the drain short");
            return true;
        }
        cut = true;
        if (phase == Phase.LOAD) {
            stopReason = "signal";
            out.println();
            out.println("[signal] stopping producers early");
        } else {
            out.println();
            out.println("[signal] cutting the drain short");
        }
        notifyAll();
        return true;
    }

    /** Waits until {@code deadlineNanos} or a cut of the current phase; returns whether the phase was cut. */
    synchronized boolean awaitCut(long deadlineNanos) throws InterruptedException {
        while (!cut) {
            long left = deadlineNanos - clock.nanoTime();
            if (left <= 0) {
                return false;
            }
            long ms = left / 1_000_000L;
            wait(ms, (int) (left % 1_000_000L));
        }
        return true;
    }

    /** {@code signal} when the load phase was cut, else {@code duration}. */
    synchronized String stopReason() {
        return stopReason == null ? "duration" : stopReason;
    }
}
