package dev.goload.report;

import dev.goload.config.SecretFlags;
import dev.goload.modes.ladder.LadderResult;
import dev.goload.modes.ladder.PointMetrics;
import dev.goload.modes.ladder.PointResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The ladder's outputs: the console table and the capacity-curve JSON ({@value #SCHEMA}). Stateless. */
public final class LadderReport {
    public static final String SCHEMA = "goload.ladder/1";
    public static final String HEADER = String.format(Locale.ROOT, "%-9s %9s %9s %8s %9s %7s %6s %-10s %6s %6s %7s  %s",
            "offered", "push", "pop", "p50ms", "p99ms", "shed", "errors", "verdict", "cellC", "thr%",
            "cmt/msg", "note");

    private LadderReport() {}

    public static String row(PointResult p) {
        PointMetrics m = p.metrics();
        String note = p.isVoid() ? "VOID (loader-bound)" : p.stopReason().isEmpty() ? "ok" : "STOP: " + p.stopReason();
        if (m == null) {
            return String.format(Locale.ROOT, "%-9d %9s %9s %8s %9s %7s %6s %-10s %6s %6s %7s  %s", p.rate(), "-", "-",
                    "-", "-", "-", "-", p.verdict(), "-", "-", "-", note);
        }
        return String.format(Locale.ROOT, "%-9d %9s %9s %8s %9s %7d %6d %-10s %6s %6s %7s  %s", p.rate(),
                num(m.achievedPush(), 1), num(m.achievedPop(), 1), num(m.p50Ms(), 2),
                num(m.p99Ms(), 2), m.shedMsgs(), m.errors(), p.verdict(), num(p.cell().cellCores(), 2),
                num(p.cell().throttledFrac() * 100, 1), num(p.commitsPerMsg(), 2), note);
    }

    public static void printSummary(LadderResult r, PrintStream out) {
        out.println();
        out.println("========== ceiling ladder ==========");
        out.println(HEADER);
        for (PointResult p : r.points()) out.println(row(p));
        out.println("stopped: " + r.stopReason());
        if (r.ceiling() == null) {
            out.println("ceiling: none of the points held (see above)");
        } else {
            out.printf(Locale.ROOT, "ceiling: %d msg/s offered -> %.1f msg/s delivered (last point within every rule)%n",
                    r.ceiling().rate(), r.ceiling().metrics().achievedPop());
        }
    }

    /** Writes the capacity curve atomically; returns its path. */
    public static Path writeJson(LadderResult r, Path dir) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        Map<String, Object> cfg = new LinkedHashMap<>();
        var c = r.config();
        cfg.put("rates", c.rates());
        cfg.put("durationSec", c.durationSec());
        cfg.put("drainSec", c.drainSec());
        cfg.put("achievedRatio", c.achievedRatio());
        cfg.put("p99LimitMs", c.p99LimitMs());
        cfg.put("backlogLimitSec", c.backlogLimitSec());
        cfg.put("warmupSec", c.warmupSec());
        cfg.put("resetCommand", c.resetCommand());
        cfg.put("pointWrapper", c.pointWrapper());
        cfg.put("loaderArgs", masked(c.loaderArgs()));
        doc.put("config", cfg);
        List<Map<String, Object>> pts = new ArrayList<>();
        for (PointResult p : r.points()) pts.add(point(p));
        doc.put("points", pts);
        doc.put("stopReason", r.stopReason());
        doc.put("ceiling", r.ceiling() == null ? null : point(r.ceiling()));
        return JsonFiles.writeAtomically(dir.resolve("ladder.json"), doc);
    }

    private static Map<String, Object> point(PointResult p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate", p.rate());
        m.put("runId", p.runId());
        m.put("exitCode", p.exitCode());
        PointMetrics x = p.metrics();
        if (x != null) {
            m.put("offeredMsgPerSec", finite(x.offered()));
            m.put("achievedPushMsgPerSec", finite(x.achievedPush()));
            m.put("achievedPopMsgPerSec", finite(x.achievedPop()));
            m.put("p50Ms", finite(x.p50Ms()));
            m.put("p99Ms", finite(x.p99Ms()));
            m.put("shedMsgs", x.shedMsgs());
            m.put("errors", x.errors());
            m.put("backlogMsgs", x.backlogMsgs());
            m.put("loaderBound", x.loaderBound());
        }
        m.put("verdict", p.verdict());
        m.put("void", p.isVoid());
        m.put("cellCores", finite(p.cell().cellCores()));
        m.put("throttledFraction", finite(p.cell().throttledFrac()));
        m.put("commitsPerSec", finite(p.cell().commitsPerSec()));
        m.put("commitsPerDeliveredMsg", finite(p.commitsPerMsg()));
        m.put("stopReason", p.stopReason());
        return m;
    }

    /** Loader arguments with the value of every secret flag ({@link SecretFlags}) replaced: never in an artifact. */
    static List<String> masked(List<String> args) {
        List<String> out = new ArrayList<>(args.size());
        boolean hideNext = false;
        for (String a : args) {
            if (hideNext) {
                out.add("****");
                hideNext = false;
                continue;
            }
            String bare = a.startsWith("-") ? a.replaceFirst("^--?", "") : "";
            int eq = bare.indexOf('=');
            if (eq > 0 && SecretFlags.isSecret(bare.substring(0, eq))) {
                out.add(a.substring(0, a.indexOf('=') + 1) + "****");
            } else {
                hideNext = eq < 0 && !bare.isEmpty() && SecretFlags.isSecret(bare);
                out.add(a);
            }
        }
        return out;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
