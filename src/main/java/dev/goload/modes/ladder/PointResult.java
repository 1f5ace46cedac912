package dev.goload.modes.ladder;

/**
 * One rung of the ladder: the point's numbers, its verdict and what it means for the ladder.
 *
 * @param exitCode   the loader's (or runpt.sh's) exit code
 * @param verdict    the loader's correctness verdict (PASS, FAIL, UNVERIFIED) or ERROR when there is no record
 * @param isVoid     the loader itself was the bottleneck: the point says nothing about the cell
 * @param stopReason why the ladder stops at this point, or "" to go on
 */
public record PointResult(long rate, String runId, int exitCode, PointMetrics metrics, CellMetrics cell,
        String verdict, boolean isVoid, String stopReason) {

    /** Commits per delivered message (NaN when either side is unknown). */
    public double commitsPerMsg() {
        if (metrics == null || !(metrics.achievedPop() > 0)) return Double.NaN;
        return cell.commitsPerSec() / metrics.achievedPop();
    }
}
