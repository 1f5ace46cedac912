package dev.goload.report.merge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Merges the shards' interval CSVs row by row (rows are matched by their {@code interval} index, which the shards share
 * because their intervals are aligned to one T0). Per column:
 * <ul>
 *   <li>{@code <tag>_pNN_ms} / {@code <tag>_max_ms}: recomputed from the merged interval histogram of that tag (a
 *       percentile of a sum is never a sum or a mean of percentiles);</li>
 *   <li>{@code end_epoch_ms}, {@code seconds}: the latest/longest shard's;</li>
 *   <li>{@code loader_bound}: true when any shard's loader bounded that interval; {@code last} when any shard's is
 *       its partial last one; {@code phase}: shard 0's;</li>
 *   <li>everything else (rates, counts, totals, lag, the loaders' CPU cores, GC and RSS): the sum over shards — the
 *       loader columns then describe the whole fleet of loaders.</li>
 * </ul>
 */
final class CsvMerge {
    private static final Pattern PCT = Pattern.compile("^(\\w+?)_(p50|p90|p95|p99|p999|max)_ms$");

    private CsvMerge() {}

    static void merge(List<Path> csvs, HlogMerge hlog, Path out) throws IOException {
        merge(csvs, csvs.stream().map(p -> Integer.MAX_VALUE).toList(), hlog, out);
    }

    /**
     * As {@link #merge(List, HlogMerge, Path)}, the {@code i}th CSV read to its first {@code maxRows.get(i)} rows (an
     * incomplete shard's intervals: later rows, a torn last one included, are left out).
     */
    static void merge(List<Path> csvs, List<Integer> maxRows, HlogMerge hlog, Path out) throws IOException {
        String header = null;
        Map<Integer, List<String[]>> rows = new TreeMap<>();
        for (int s = 0; s < csvs.size(); s++) {
            Path p = csvs.get(s);
            int limit = maxRows.get(s);
            List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
            if (lines.isEmpty()) throw new IOException(p + " is empty (no CSV header)");
            if (header == null) {
                header = lines.getFirst();
            } else if (!header.equals(lines.getFirst())) {
                throw new IllegalArgumentException(p + " has other columns than " + csvs.getFirst()
                        + ": the shards ran different goload versions");
            }
            int idx = Arrays.asList(header.split(",", -1)).indexOf("interval");
            int taken = 0;
            for (String line : lines.subList(1, lines.size())) {
                if (line.isBlank()) continue;
                if (taken++ >= limit) break;
                String[] cells = line.split(",", -1);
                rows.computeIfAbsent(Integer.parseInt(cells[idx]), k -> new ArrayList<>()).add(cells);
            }
        }
        String[] cols = header.split(",", -1);
        StringBuilder b = new StringBuilder(header).append('\n');
        for (var e : rows.entrySet()) {
            int k = e.getKey();
            String[] merged = new String[cols.length];
            for (int c = 0; c < cols.length; c++) merged[c] = cell(cols[c], c, k, e.getValue(), hlog);
            b.append(String.join(",", merged)).append('\n');
        }
        Files.writeString(out, b.toString(), StandardCharsets.UTF_8);
    }

    private static String cell(String col, int c, int k, List<String[]> rows, HlogMerge hlog) {
        Matcher m = PCT.matcher(col);
        if (m.matches()) {
            Histogram h = hlog.at(k, m.group(1));
            if (h.getTotalCount() == 0) return n(0);
            String q = m.group(2);
            double v = q.equals("max") ? h.getMaxValue() / 1000.0
                    : dev.goload.metrics.LatencySummary.percentileMs(h, Double.parseDouble(
                    q.equals("p999") ? "99.9" : q.substring(1)));
            return n(v);
        }
        return switch (col) {
            case "interval" -> Integer.toString(k);
            case "end_epoch_ms" -> Long.toString(rows.stream().mapToLong(r -> Long.parseLong(r[c])).max().orElse(0));
            case "seconds" -> n(rows.stream().mapToDouble(r -> Double.parseDouble(r[c])).max().orElse(0));
            case "loader_bound", "last" -> Boolean.toString(rows.stream().anyMatch(r -> Boolean.parseBoolean(r[c])));
            default -> sum(rows, c);
        };
    }

    private static String sum(List<String[]> rows, int c) {
        boolean integral = rows.stream().allMatch(r -> !r[c].contains(".") && !r[c].isEmpty());
        if (integral) {
            try {
                return Long.toString(rows.stream().mapToLong(r -> Long.parseLong(r[c])).sum());
            } catch (NumberFormatException e) {
                return rows.getFirst()[c]; // not a number: keep shard 0's
            }
        }
        try {
            return n(rows.stream().mapToDouble(r -> r[c].isEmpty() ? 0 : Double.parseDouble(r[c])).sum());
        } catch (NumberFormatException e) {
            return rows.getFirst()[c];
        }
    }

    private static String n(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
