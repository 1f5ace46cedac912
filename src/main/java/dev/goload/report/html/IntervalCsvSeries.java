package dev.goload.report.html;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a run's interval CSV (docs/run-record.md) into per-group series, merging the intervals of each
 * {@link IntervalGroups} group exactly: counts are summed (message rates from the cumulative totals' differences,
 * request rates as Σ rate·seconds), rates are Σ count / Σ seconds, CPU is the time-weighted mean, gauges keep their
 * largest value (in flight, RSS) or their last (lag). Rates are by each interval's measured length (the CSV's
 * {@code seconds}, never the nominal {@code -report}), and an interval too short to judge a rate on
 * ({@link IntervalGroups#rateJudged}: under half the report interval, as the run's last one from the last boundary
 * to the end of the drain) is left out of the rates, CPU and GC included — its counts and its seconds — so a point
 * made only of such an interval has no rate (NaN, a gap) instead of a drop to zero; the gauges keep it. Streams the
 * file twice (spans, then sums); memory is the groups' and one length per interval, whatever the run's length.
 */
public final class IntervalCsvSeries {
    private IntervalCsvSeries() {}

    /** The groups and, by name ({@code offered}, {@code achieved}, {@code pushed}, …), one value per group. */
    public record Result(IntervalGroups groups, Map<String, double[]> series) {}

    /** Series names, in the order charts use them. */
    static final String[] RATES = {"offered", "achieved", "shedCap", "shedBehind", "pushed", "popped", "acked",
            "pushErr", "popErr", "ackErr", "failed"};

    public static Result read(Path csv, long t0Ms, int budget) throws IOException {
        return read(csv, t0Ms, budget, Integer.MAX_VALUE);
    }

    /**
     * As {@link #read(Path, long, int)} over the first {@code maxRows} rows only: an incomplete record's intervals
     * (rows written after its last checkpoint, a torn last one included, are never parsed).
     */
    public static Result read(Path csv, long t0Ms, int budget, int maxRows) throws IOException {
        long[][] spans = spans(csv, t0Ms, maxRows);
        IntervalGroups groups = new IntervalGroups(t0Ms > 0 ? t0Ms : spans[0].length > 0 ? spans[0][0] : 0,
                spans[0], spans[1], budget);
        int n = groups.count();
        Map<String, double[]> sum = new LinkedHashMap<>();
        for (String s : RATES) sum.put(s, new double[n]);
        double[] seconds = new double[n];
        double[] cpuSec = new double[n];
        double[] gcMs = new double[n];
        double[] inflight = filled(n);
        double[] rss = filled(n);
        double[] lag = filled(n);
        double[] bound = new double[n];
        Map<String, Long> prevTotals = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            Map<String, Integer> col = header(in.readLine());
            String line;
            int i = 0;
            while (i < maxRows && (line = in.readLine()) != null) {
                if (line.isBlank()) continue;
                String[] f = line.split(",", -1);
                int iv = i++;
                int g = groups.groupOfInterval(iv);
                // the totals' differences are taken on every row, so the next judged one starts from this one
                double pushed = delta(prevTotals, f, col, "pushed_total");
                double popped = delta(prevTotals, f, col, "popped_total");
                double acked = delta(prevTotals, f, col, "acked_total");
                double pushErr = delta(prevTotals, f, col, "push_err_total");
                double popErr = delta(prevTotals, f, col, "pop_err_total");
                double ackErr = delta(prevTotals, f, col, "ack_err_total");
                if (groups.rateJudged(iv)) {
                    double sec = num(f, col, "seconds");
                    seconds[g] += sec;
                    add(sum, "offered", g, num(f, col, "offered_req_s") * sec);
                    add(sum, "achieved", g, num(f, col, "achieved_req_s") * sec);
                    add(sum, "shedCap", g, num(f, col, "shed_cap_req"));
                    add(sum, "shedBehind", g, num(f, col, "shed_behind_req"));
                    add(sum, "failed", g, num(f, col, "failed_req"));
                    add(sum, "pushed", g, pushed);
                    add(sum, "popped", g, popped);
                    add(sum, "acked", g, acked);
                    add(sum, "pushErr", g, pushErr);
                    add(sum, "popErr", g, popErr);
                    add(sum, "ackErr", g, ackErr);
                    cpuSec[g] += num(f, col, "loader_cpu_cores") * sec;
                    gcMs[g] += num(f, col, "gc_pause_ms");
                }
                inflight[g] = max(inflight[g], num(f, col, "inflight"));
                rss[g] = max(rss[g], num(f, col, "rss_mb"));
                lag[g] = num(f, col, "lag");
                if ("true".equals(text(f, col, "loader_bound"))) bound[g] = 1;
            }
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String s : RATES) out.put(s, perSecond(sum.get(s), seconds));
        out.put("cpuCores", perSecond(cpuSec, seconds));
        out.put("gcPauseMsPerSec", perSecond(gcMs, seconds));
        out.put("inflight", inflight);
        out.put("rssMb", rss);
        out.put("lag", lag);
        out.put("loaderBound", bound);
        return new Result(groups, out);
    }

    /** Each interval's [start, end] (epoch ms): the first starts at T0, every other where the previous ended. */
    private static long[][] spans(Path csv, long t0Ms, int maxRows) throws IOException {
        long[] start = new long[1024];
        long[] end = new long[1024];
        int n = 0;
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            Map<String, Integer> col = header(in.readLine());
            String line;
            while (n < maxRows && (line = in.readLine()) != null) {
                if (line.isBlank()) continue;
                String[] f = line.split(",", -1);
                long e = (long) num(f, col, "end_epoch_ms");
                long s = n > 0 ? end[n - 1] : t0Ms > 0 && t0Ms <= e ? t0Ms : e - Math.round(num(f, col, "seconds") * 1000);
                if (n == start.length) {
                    start = Arrays.copyOf(start, n * 2);
                    end = Arrays.copyOf(end, n * 2);
                }
                start[n] = s;
                end[n] = e;
                n++;
            }
        }
        return new long[][] {Arrays.copyOf(start, n), Arrays.copyOf(end, n)};
    }

    private static Map<String, Integer> header(String line) throws IOException {
        if (line == null) throw new IOException("empty interval CSV");
        Map<String, Integer> col = new HashMap<>();
        String[] h = line.split(",", -1);
        for (int i = 0; i < h.length; i++) col.put(h[i].trim(), i);
        if (!col.containsKey("end_epoch_ms") || !col.containsKey("seconds")) {
            throw new IOException("not a goload interval CSV (no end_epoch_ms/seconds columns)");
        }
        return col;
    }

    private static double delta(Map<String, Long> prev, String[] f, Map<String, Integer> col, String name) {
        String t = text(f, col, name);
        if (t.isEmpty()) return 0;
        long now = Long.parseLong(t);
        Long before = prev.put(name, now);
        return now - (before == null ? 0 : before);
    }

    private static void add(Map<String, double[]> sum, String name, int g, double v) {
        sum.get(name)[g] += v;
    }

    private static double[] perSecond(double[] count, double[] seconds) {
        double[] r = new double[count.length];
        for (int g = 0; g < r.length; g++) r[g] = seconds[g] > 0 ? count[g] / seconds[g] : Double.NaN;
        return r;
    }

    private static double[] filled(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    private static String text(String[] f, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        return i == null || i >= f.length ? "" : f[i].trim();
    }

    private static double num(String[] f, Map<String, Integer> col, String name) {
        String t = text(f, col, name);
        if (t.isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
