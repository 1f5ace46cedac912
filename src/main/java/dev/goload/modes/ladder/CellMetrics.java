package dev.goload.modes.ladder;

/**
 * The cell's side of one point over its steady window, from runpt.sh's series; NaN = not measurable
 * (no series, an uncapped cell's throttling, a window too short).
 *
 * @param cellCores     (pg + pxdb + broker + proxy) CPU, in cores
 * @param throttledFrac the cap's throttled time per wall second (0 = the ceiling was never hit)
 * @param commitsPerSec Δxact_commit per second of the broker's database
 * @param loaderCores   the loader's CPU, in cores (runpt's {@code loader} rows)
 */
public record CellMetrics(double cellCores, double throttledFrac, double commitsPerSec, double loaderCores) {
    public static final CellMetrics NONE = new CellMetrics(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
}
