package dev.goload.modes.ladder;

import dev.goload.config.LadderConfig;
import dev.goload.modes.LoaderEvidence;
import dev.goload.modes.LoaderVerdict;
import java.util.Locale;

/**
 * Decides what one point means: void (the loader was the bottleneck inside the point's steady window) and whether
 * the ladder stops here. Checked in order: no record, loader-bound, correctness, achieved vs offered, p99, backlog.
 * Stateless.
 */
public final class LadderRules {
    private LadderRules() {}

    /** Without a self-measurement in the record, a loader using this share of the host's cores is the bottleneck. */
    static final double LOADER_CPU_SHARE = 0.9;

    public static PointResult judge(LadderConfig c, long rate, String runId, int exit, PointMetrics m, CellMetrics cell,
            int hostCores) {
        if (m == null) {
            return new PointResult(rate, runId, exit, null, cell, "ERROR", false,
                    "no run record (loader exit " + exit + ")");
        }
        String why = loaderBound(c, m, cell, hostCores);
        if (why != null) {
            // the loader's limit says nothing about the cell: no cell rule applies to this point
            return new PointResult(rate, runId, exit, m, cell, m.verdict(), true, !c.stopOnVoid() ? ""
                    : "VOID: the loader was the bottleneck (" + why + "); move it off the cell's host or give it more cores");
        }
        String stop = "";
        if ("FAIL".equals(m.verdict())) {
            stop = "correctness verdict FAIL";
        } else if (exit != 0 && exit != 3) {
            stop = "loader exit " + exit;
        } else if (!(m.achievedPop() >= c.achievedRatio() * m.offered())) {
            stop = String.format(Locale.ROOT, "achieved pop %.1f < %.2f x offered %.1f msg/s", m.achievedPop(), c.achievedRatio(), m.offered());
        } else if (m.p99Ms() > c.p99LimitMs()) {
            stop = String.format(Locale.ROOT, "p99 %.1f ms > limit %.0f ms", m.p99Ms(), c.p99LimitMs());
        } else if (m.backlogMsgs() > c.backlogLimitSec() * m.offered()) {
            stop = String.format(Locale.ROOT, "backlog grew: %d msgs queued at the end of the load phase (> %.1f s of offered load)",
                    m.backlogMsgs(), c.backlogLimitSec());
        }
        return new PointResult(rate, runId, exit, m, cell, m.verdict(), false, stop);
    }

    /**
     * Why the loader was this point's bottleneck, or null when it was not. Judged, in order of preference, from the
     * record's per-interval evidence inside the {@link SteadyWindow} (the cold start and the drain are not the
     * point's), from the record's whole-run verdict when it has no interval inside the window, and for records
     * without a self-measurement from runpt's loader CPU series.
     */
    static String loaderBound(LadderConfig c, PointMetrics m, CellMetrics cell, int hostCores) {
        PointMetrics.LoaderSeries series = m.loader();
        if (series != null) {
            SteadyWindow w = SteadyWindow.of(c, Double.isNaN(m.loadSec()) ? c.durationSec() : m.loadSec());
            LoaderVerdict v = new LoaderVerdict(series.rules(), series.cores());
            for (LoaderEvidence e : series.intervals()) {
                if (w.contains(e)) v.add(e);
            }
            if (v.intervals() > 0) {
                return !v.loaderBound() ? null : String.format(Locale.ROOT, "in the steady window %.1f-%.1f s: %s",
                        w.fromSec(), w.toSec(), String.join("; ", v.reasons()));
            }
        }
        if (m.loaderBound() != null) return m.loaderBound() ? "run record loaderBound=true" : null;
        return cell.loaderCores() >= LOADER_CPU_SHARE * hostCores
                ? String.format(Locale.ROOT, "loader CPU %.2f of %d cores in runpt's series", cell.loaderCores(), hostCores)
                : null;
    }
}
