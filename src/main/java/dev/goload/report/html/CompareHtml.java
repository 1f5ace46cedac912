package dev.goload.report.html;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The HTML of a {@link Comparison}: which run is which, the headline table, the differences, then each timeline
 * with one line per run on a shared axis (seconds since each run's own T0) and each percentile distribution with one
 * line per run on the shared quantile grid. Stateless.
 */
final class CompareHtml {
    private CompareHtml() {}

    static HtmlPage page(Comparison c) {
        List<String> names = c.names();
        List<RunData> runs = c.runs();
        HtmlPage p = new HtmlPage("goload compare: " + runs.getFirst().record().mode() + ", " + runs.size() + " runs");
        List<List<String>> who = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord r = runs.get(i).record();
            who.add(List.of(names.get(i), r.runId(), runs.get(i).files().record().toString(),
                    java.time.Instant.ofEpochMilli(r.startedEpochMs()).toString(),
                    Headline.Unit.SECONDS.format(r.durationSec()),
                    r.complete() ? r.verdict().result() : r.verdict().result() + " (incomplete)",
                    r.loader().loaderBound() ? "yes" : "no", r.configLine()));
        }
        p.raw(Html.table(List.of("run", "run id", "record", "started", "seconds", "verdict", "loader-bound",
                "configuration"), who));
        for (int i = 0; i < runs.size(); i++) {
            RunRecord r = runs.get(i).record();
            if (!r.complete()) {
                p.raw("<p class=\"incomplete\">" + Html.esc(names.get(i)
                        + " is " + r.incompleteNote()) + ".</p>");
            }
        }
        p.heading("Headline figures");
        p.raw(Html.table(Headline.header(names), Headline.rows(c.records())));
        p.heading("Differences in configuration, host and broker identity");
        var diff = c.differences();
        if (diff.isEmpty()) {
            p.note("Same flags, host and broker identity (run-id and out aside).");
        } else {
            List<List<String>> rows = new ArrayList<>();
            diff.forEach((k, v) -> {
                List<String> row = new ArrayList<>(List.of(k));
                row.addAll(v);
                rows.add(row);
            });
            List<String> h = new ArrayList<>(List.of("differs"));
            h.addAll(names);
            p.raw(Html.table(h, rows));
        }
        p.heading("Timelines (seconds since each run's T0)");
        p.raw("<p class=\"note\"><button class=\"reset-zoom\">reset zoom</button></p>");
        overlay(p, c, "achieved push requests", "requests/s", d -> d.series().get("achieved"));
        overlay(p, c, "offered push requests", "requests/s", d -> d.series().get("offered"));
        overlay(p, c, "popped messages", "messages/s", d -> d.series().get("popped"));
        for (String tag : List.of("push", "service", "e2e")) {
            for (String f : List.of("p50", "p99", "max")) {
                overlay(p, c, RunCharts.title(tag) + " " + f, "ms", d -> {
                    HlogSeries.Tag t = d.tags().get(tag);
                    return t == null ? null : t.points().get(f);
                });
            }
        }
        overlay(p, c, "consumer lag", "messages", d -> d.series().get("lag"));
        overlay(p, c, "loader CPU", "cores", d -> d.series().get("cpuCores"));
        p.heading("Percentile distributions (whole run)");
        LinkedHashSet<String> tags = new LinkedHashSet<>();
        runs.forEach(d -> tags.addAll(d.tags().keySet()));
        for (String tag : RunCharts.ordered(tags)) {
            List<Chart.Series> s = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                HlogSeries.Tag t = runs.get(i).tags().get(tag);
                if (t != null) s.add(Chart.Series.line(names.get(i), PercentileGrid.valuesMs(t.whole())));
            }
            p.chart(new Chart("", RunCharts.title(tag) + ": percentile distribution", "ms", Chart.Axis.quantile(), s));
        }
        return p;
    }

    /** One timeline, one line per run, on the union of the runs' time points (a run's line spans the others'). */
    private static void overlay(HtmlPage p, Comparison c, String title, String y, Function<RunData, double[]> of) {
        List<RunData> runs = c.runs();
        TreeSet<Double> xs = new TreeSet<>();
        for (RunData d : runs) for (double x : d.x()) xs.add(x);
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        List<Chart.Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            double[] own = of.apply(runs.get(i));
            double[] rx = runs.get(i).x();
            double[] v = new double[x.length];
            java.util.Arrays.fill(v, Double.NaN);
            if (own != null) {
                for (int j = 0; j < rx.length && j < own.length; j++) v[java.util.Arrays.binarySearch(x, rx[j])] = own[j];
            }
            series.add(Chart.Series.line(c.names().get(i), v));
        }
        p.chart(new Chart("", title, y, Chart.Axis.time(x), series, true));
    }
}
