package dev.goload.report.thresholds;

import dev.goload.modes.run.thresholds.ThresholdResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/**
 * The console lines of a run's thresholds, after the mode's final block and before {@code [artifacts]}:
 * <pre>
 * [threshold] push.p99&lt;10ms FAIL (12.41 ms)
 * [threshold] achieved&gt;=0.99*offered PASS (99012; limit 98999.01)
 * [threshold] e2e.p99&lt;1s FAIL (no data)
 * [threshold] shed==0 FAIL (12; stopped the run)
 * [strict] loader-bound: … -- the run is invalid as a measurement (exit 5)
 * </pre>
 * None starts with {@code [final]}, so the reference's final line stays the last {@code [final]} line. Stateless.
 */
public final class ThresholdLines {
    private ThresholdLines() {}

    public static void print(PrintStream out, List<ThresholdResult> results) {
        for (ThresholdResult r : results) out.println(line(r));
    }

    /** The {@code -strict} line of a loader-bound run, naming the verdict's reasons. */
    public static void printInvalid(PrintStream out, List<String> reasons) {
        out.println("[strict] loader-bound: " + (reasons.isEmpty() ? "the loader limited the run"
                : String.join("; ", reasons)) + " -- the run is invalid as a measurement (exit 5)");
    }

    static String line(ThresholdResult r) {
        StringBuilder b = new StringBuilder("[threshold] ").append(r.expr()).append(' ').append(r.result()).append(" (");
        b.append(r.value() == null ? "no data" : value(r, r.value()));
        if (r.limitMetric() != null) {
            b.append("; limit ").append(r.limit() == null ? "no data (" + r.limitMetric() + ")" : value(r, r.limit()));
        }
        if (r.abort()) b.append("; stopped the run");
        return b.append(')').toString();
    }

    /** A value in its metric's unit, as people read it: ms with two decimals, a ratio in %, counts whole. */
    static String value(ThresholdResult r, double v) {
        return switch (r.dimension()) {
            case TIME -> String.format(Locale.ROOT, "%.2f ms", v);
            case RATIO -> significant(v * 100) + "%";
            case RATE -> String.format(Locale.ROOT, "%.1f/s", v);
            case CORES -> String.format(Locale.ROOT, "%.2f cores", v);
            case COUNT -> v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                    : String.format(Locale.ROOT, "%.2f", v);
        };
    }

    /** Four significant digits, no exponent, no trailing zeros ({@code 0.05213}, {@code 12.5}, {@code 0}). */
    private static String significant(double v) {
        if (v == 0 || !Double.isFinite(v)) return v == 0 ? "0" : Double.toString(v);
        return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
