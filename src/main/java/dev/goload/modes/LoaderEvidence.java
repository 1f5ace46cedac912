package dev.goload.modes;

/**
 * What one report interval tells about the loader: the inputs of {@link LoaderBoundRules}, kept per interval in
 * the run record (under {@code loader.intervals}) so that a reader — the ceiling ladder — can judge any stretch of
 * the run again with the same rules.
 *
 * @param index          0-based interval number
 * @param startSec       interval start, seconds after the run's T0 (the schedule's start, after the warm-up)
 * @param endSec         interval end, seconds after T0
 * @param phase          {@code load} while producers run, {@code drain} after they stopped
 * @param cpuCores       the process's CPU over the interval, in cores
 * @param launches       requests the pacer launched (each one lateness sample); 0 for modes without a pacer
 * @param latenessP99Ms  the pacer's lateness (launch − scheduled) p99 over those launches
 * @param shedBehind     requests shed as {@code behind} (the pacer was more than {@code -behind-ms} late)
 * @param pushesFinished push requests answered or failed in the interval (-1: the mode does not say)
 * @param pushesFailed   of those, the ones that failed
 */
public record LoaderEvidence(int index, double startSec, double endSec, String phase, double cpuCores,
                             long launches, double latenessP99Ms, long shedBehind, long pushesFinished,
                             long pushesFailed) {

    public double seconds() {
        return endSec - startSec;
    }

    /** Decisions the pacer took in the interval (a behind shed is one too): the sample behind its two signs. */
    public long pacerDecisions() {
        return launches + shedBehind;
    }
}
