package dev.goload.modes.ladder;

import dev.goload.config.LadderConfig;
import dev.goload.modes.LoaderEvidence;

/**
 * The stretch of a point the ladder judges, in seconds after the run's T0: from {@code min(warmup, load/4)} (the
 * cell and the loader settle; the cold first seconds) to {@code load − min(2, load/4)} (the tail before the drain).
 * The cell's CPU and commit rate are read over it, and the loader-bound verdict is judged over the run record's
 * intervals inside it. Immutable.
 */
public record SteadyWindow(double fromSec, double toSec) {

    public static SteadyWindow of(LadderConfig c, double loadSec) {
        return new SteadyWindow(Math.min(c.warmupSec(), loadSec / 4), loadSec - Math.min(2, loadSec / 4));
    }

    /** An interval of the load phase whose middle lies inside the window (the drain is never inside). */
    public boolean contains(LoaderEvidence e) {
        double mid = (e.startSec() + e.endSec()) / 2;
        return "load".equals(e.phase()) && mid >= fromSec && mid <= toSec;
    }
}
