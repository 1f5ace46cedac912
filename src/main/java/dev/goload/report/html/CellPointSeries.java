package dev.goload.report.html;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * runpt.sh's series of a cell point (docs/cell-rig.md), on the run's time axis: per-component CPU in cores and the
 * cap's throttled time from {@code <id>.cpu.csv} (cumulative µs: each sample's increase is counted in the group it
 * was used in), and from {@code <id>.pg.csv} commits, rollbacks and tuples per second ({@code dd} rows, per-second
 * deltas) and the active backends per wait event ({@code w} rows, the mean per sampled second, the busiest few by
 * name and the rest as {@code other}). Samples outside the run's intervals are left out, and so are the rates of an
 * interval too short to judge a rate on ({@link IntervalGroups#rateJudged}, the run's last tens of milliseconds):
 * its samples and its length, as on the run's own rate timelines. Stateless.
 */
final class CellPointSeries {
    /** Wait events charted by name; the rest are summed. */
    static final int TOP_WAITS = 6;

    private CellPointSeries() {}

    /** Cores per component ({@code broker}, {@code pg}, …) and {@code throttled} (s/s), by name. */
    static Map<String, double[]> cpu(Path cpuCsv, IntervalGroups g) throws IOException {
        int n = g.count();
        Map<String, double[]> usec = new LinkedHashMap<>();
        double[] span = spans(g);
        Map<String, double[]> last = new HashMap<>();
        each(cpuCsv, f -> {
            if (f.length < 3 || f[2].isEmpty()) return;
            double t = num(f[0]);
            double v = num(f[2]);
            if (Double.isNaN(t) || Double.isNaN(v)) return;
            String comp = f[1].equals("slice_thr") ? "throttled" : f[1];
            double[] prev = last.put(comp, new double[] {t, v});
            if (prev == null) return;
            int grp = g.judgedGroupAt((prev[0] + t) * 500);   // the middle of the span the increase was used in
            if (grp < 0) return;
            usec.computeIfAbsent(comp, c -> new double[n])[grp] += v - prev[1];
        });
        Map<String, double[]> out = new LinkedHashMap<>();
        usec.forEach((comp, u) -> {
            double[] cores = new double[n];
            for (int i = 0; i < n; i++) cores[i] = span[i] > 0 ? u[i] / 1e6 / span[i] : Double.NaN;
            out.put(comp, cores);
        });
        return out;
    }

    /** {@code commits}, {@code rollbacks}, {@code inserted}, {@code deleted} per second, then {@code wait:<event>}. */
    static Map<String, double[]> pg(Path pgCsv, IntervalGroups g) throws IOException {
        int n = g.count();
        double[] span = spans(g);
        String[] dd = {"commits", "rollbacks", "inserted", "deleted"};
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (String d : dd) sums.put(d, new double[n]);
        Map<String, double[]> waits = new HashMap<>();
        Map<String, Double> waitTotal = new HashMap<>();
        double[] waitSeconds = new double[n];
        double[] lastWaitT = {Double.NaN};
        each(pgCsv, f -> {
            if (f.length < 3) return;
            double t = num(f[0]);
            // a dd row holds the second before its timestamp (a rate); a w row is the instant itself (a gauge)
            int grp = Double.isNaN(t) ? -1 : f[1].equals("dd") ? g.judgedGroupAt(t * 1000 - 500) : g.groupAt(t * 1000);
            if (grp < 0) return;
            if (f[1].equals("dd")) {
                for (int i = 0; i < dd.length && i + 2 < f.length; i++) {
                    double v = num(f[i + 2]);
                    if (!Double.isNaN(v)) sums.get(dd[i])[grp] += v;
                }
            } else if (f[1].equals("w") && f.length >= 6) {
                if (t != lastWaitT[0]) {
                    waitSeconds[grp]++;
                    lastWaitT[0] = t;
                }
                String event = f[3].equals(f[4]) ? f[3] : f[3] + ":" + f[4];
                double v = num(f[5]);
                if (Double.isNaN(v)) return;
                waits.computeIfAbsent(event, e -> new double[n])[grp] += v;
                waitTotal.merge(event, v, Double::sum);
            }
        });
        Map<String, double[]> out = new LinkedHashMap<>();
        sums.forEach((k, s) -> {
            double[] r = new double[n];
            for (int i = 0; i < n; i++) r[i] = span[i] > 0 ? s[i] / span[i] : Double.NaN;
            out.put(k, r);
        });
        List<String> byTotal = new ArrayList<>(waitTotal.keySet());
        byTotal.sort((a, b) -> Double.compare(waitTotal.get(b), waitTotal.get(a)));
        double[] other = new double[n];
        for (int k = 0; k < byTotal.size(); k++) {
            double[] w = waits.get(byTotal.get(k));
            double[] mean = new double[n];
            for (int i = 0; i < n; i++) mean[i] = waitSeconds[i] > 0 ? w[i] / waitSeconds[i] : Double.NaN;
            if (k < TOP_WAITS) {
                out.put("wait:" + byTotal.get(k), mean);
            } else {
                for (int i = 0; i < n; i++) other[i] += Double.isNaN(mean[i]) ? 0 : mean[i];
            }
        }
        if (byTotal.size() > TOP_WAITS) out.put("wait:other", other);
        return out;
    }

    /** {@code wal_bytes_whole_run} and the cap from shape.txt (no other line: its command line may hold a key). */
    static Map<String, String> shape(Path shape) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(shape, StandardCharsets.UTF_8)) {
            int c = line.indexOf(':');
            if (c < 0) continue;
            String k = line.substring(0, c).trim();
            if (k.equals("wal_bytes_whole_run") || k.equals("cap") || k.equals("clk_tck") || k.equals("exit")) {
                m.put(k, line.substring(c + 1).trim());
            }
        }
        return m;
    }

    private static double[] spans(IntervalGroups g) {
        double[] s = new double[g.count()];
        for (int i = 0; i < s.length; i++) s[i] = g.judgedSeconds(i);
        return s;
    }

    /** Streams the CSV's rows (a 24-hour cpu.csv has ~700,000 of them: never all in memory). */
    private static void each(Path csv, java.util.function.Consumer<String[]> row) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) row.accept(line.split(",", -1));
            }
        }
    }

    private static double num(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
