package dev.goload.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One uPlot chart of the page: an x axis and its series, as the page's inlined JSON carries them to
 * {@code report.js}. NaN is a gap (JSON null). Immutable.
 *
 * @param y        the y axis label, with its unit
 * @param spanGaps draw a line across missing points (overlays of runs sampled at different instants)
 */
public record Chart(String id, String title, String y, Axis x, List<Series> series, boolean spanGaps) {

    /**
     * @param kind {@code time} (seconds since T0, one shared axis for every timeline), {@code quantile} (1/(1−q),
     *             log scale) or {@code value} (a plain number: offered rate on a ladder's curve)
     */
    public record Axis(String kind, String label, double[] values) {
        public static Axis time(double[] seconds) {
            return new Axis("time", "time since T0", seconds);
        }

        public static Axis quantile() {
            return new Axis("quantile", "percentile (x = 1/(1-q), log)", PercentileGrid.xs());
        }
    }

    /** @param points draw markers only, no line (a ladder's void points) */
    public record Series(String label, double[] values, boolean points) {
        public static Series line(String label, double[] values) {
            return new Series(label, values, false);
        }
    }

    public Chart(String id, String title, String y, Axis x, List<Series> series) {
        this(id, title, y, x, series, false);
    }

    public Chart {
        series = List.copyOf(series);
    }

    /** Whether any series has a finite value (a chart without one is left out of the page, and said so). */
    public boolean hasData() {
        for (Series s : series) {
            for (double v : s.values()) {
                if (Double.isFinite(v)) return true;
            }
        }
        return false;
    }

    /** The same chart without its series that hold no finite value. */
    public Chart withoutEmptySeries() {
        List<Series> kept = new ArrayList<>();
        for (Series s : series) {
            for (double v : s.values()) {
                if (Double.isFinite(v)) {
                    kept.add(s);
                    break;
                }
            }
        }
        return new Chart(id, title, y, x, kept, spanGaps);
    }

    /** The JSON form {@code report.js} reads. */
    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("title", title);
        m.put("y", y);
        m.put("spanGaps", spanGaps);
        m.put("x", Map.of("kind", x.kind(), "label", x.label(), "values", numbers(x.values())));
        List<Map<String, Object>> ss = new ArrayList<>();
        for (Series s : series) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("label", s.label());
            sm.put("values", numbers(s.values()));
            if (s.points()) sm.put("points", true);
            ss.add(sm);
        }
        m.put("series", ss);
        return m;
    }

    /** Values rounded to 0.001 (µs for latencies; a report is a picture, the record keeps the exact figures). */
    private static List<Double> numbers(double[] v) {
        List<Double> out = new ArrayList<>(v.length);
        for (double d : v) out.add(Double.isFinite(d) ? Math.round(d * 1000) / 1000.0 : null);
        return out;
    }
}
