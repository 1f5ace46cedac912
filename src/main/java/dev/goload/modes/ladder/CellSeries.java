package dev.goload.modes.ladder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reduces runpt.sh's {@code <id>.cpu.csv} ({@code t_unix,comp,usage_usec}) and {@code <id>.pg.csv}
 * ({@code t_unix,kind,a,b,c,d}) to the cell's CPU, throttled fraction and commit rate over a window
 * [from, to] (epoch seconds): the difference between the last and the first sample inside it. Stateless.
 */
public final class CellSeries {
    private static final List<String> CELL = List.of("pg", "pxdb", "broker", "proxy");

    private CellSeries() {}

    public static CellMetrics read(Path cpuCsv, Path pgCsv, double from, double to) throws IOException {
        if (!(to > from)) return CellMetrics.NONE;
        double cores = Double.NaN;
        double thr = Double.NaN;
        double loader = Double.NaN;
        if (Files.isReadable(cpuCsv)) {
            List<String> rows = Files.readAllLines(cpuCsv);
            double sum = 0;
            boolean any = false;
            for (String comp : CELL) {
                double r = rate(rows, 1, comp, 2, from, to);
                if (!Double.isNaN(r)) { sum += r; any = true; }
            }
            cores = any ? sum / 1e6 : Double.NaN;
            thr = rate(rows, 1, "slice_thr", 2, from, to) / 1e6;
            loader = rate(rows, 1, "loader", 2, from, to) / 1e6;
        }
        double commits = Files.isReadable(pgCsv) ? rate(Files.readAllLines(pgCsv), 1, "d", 2, from, to) : Double.NaN;
        return new CellMetrics(cores, thr, commits, loader);
    }

    /** Δvalue/Δt of column {@code col} over rows whose column {@code keyCol} is {@code key}, inside the window. */
    static double rate(List<String> rows, int keyCol, String key, int col, double from, double to) {
        double t0 = Double.NaN, v0 = 0, t1 = Double.NaN, v1 = 0;
        for (String row : rows) {
            String[] f = row.split(",", -1);
            if (f.length <= col || !f[keyCol].equals(key) || f[col].isEmpty()) continue;
            double t;
            double v;
            try {
                t = Double.parseDouble(f[0]);
                v = Double.parseDouble(f[col]);
            } catch (NumberFormatException e) {
                continue;   // the header
            }
            if (t < from || t > to) continue;
            if (Double.isNaN(t0)) { t0 = t; v0 = v; }
            t1 = t;
            v1 = v;
        }
        if (Double.isNaN(t0) || !(t1 > t0)) return Double.NaN;
        return (v1 - v0) / (t1 - t0);
    }
}
