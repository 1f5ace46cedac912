package dev.goload.report.html;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The HTML report of one run (docs/reporting.md): header, timelines on one time axis, percentile distributions, the
 * counters and errors, the mode's section and, for a cell point, runpt's CPU and PostgreSQL series. Stateless.
 */
public final class RunReport {
    private RunReport() {}

    public static HtmlPage page(RunData d) throws IOException {
        RunRecord r = d.record();
        HtmlPage p = new HtmlPage("goload " + r.mode() + " run " + r.runId());
        p.raw(RunHeaderHtml.header(r));
        p.heading("Timelines");
        if (d.csv() == null) {
            p.note("This run has no interval CSV next to its record: no timelines.");
        } else {
            IntervalGroups g = d.csv().groups();
            p.raw("<p class=\"note\">One shared time axis (seconds since T0; drag to zoom every chart, "
                    + "<button class=\"reset-zoom\">reset zoom</button>). " + Html.esc(mergeNote(g)) + "</p>");
            for (Chart c : RunCharts.timelines(d.x(), d.series(), d.tags())) p.chart(c);
            cell(p, d, g);
        }
        p.heading("Percentile distributions");
        if (d.tags().isEmpty()) {
            p.note("This run has no .hlog next to its record: no distributions.");
        } else {
            p.note("Each recorder's whole-run histogram (the sum of every interval of the .hlog), HdrHistogram style:"
                    + " x = 1/(1-q) on a log scale (10 = p90, 100 = p99, 1000 = p99.9); the last point is the maximum.");
            for (Chart c : RunCharts.distributions(d.whole())) p.chart(c);
        }
        p.raw(latencyTable(r));
        p.heading("Counters and errors");
        p.raw(RunHeaderHtml.tables(r));
        p.heading("Mode section (" + r.mode() + ")");
        String section = JsonHtml.render(r.section());
        if (section.isEmpty()) {
            p.note("The record has no mode section.");
        } else {
            p.raw(section);
        }
        p.heading("Flags (as recorded, secrets masked)");
        p.raw(Html.keyValues(r.flags()));
        return p;
    }

    static String mergeNote(IntervalGroups g) {
        return g.intervalsPerGroup() == 1
                ? "Each point is one report interval (" + g.intervals() + " intervals)."
                : "Each point merges " + g.intervalsPerGroup() + " adjacent intervals exactly (histograms added, counts"
                + " summed; " + g.intervals() + " intervals in " + g.count() + " points).";
    }

    /** runpt.sh's series, when the run is a cell point (its files sit next to the record). */
    private static void cell(HtmlPage p, RunData d, IntervalGroups g) throws IOException {
        RunFiles f = d.files();
        if (f.cellCpu() == null && f.cellPg() == null) return;
        p.subheading("Cell (runpt.sh series)");
        Chart.Axis t = Chart.Axis.time(g.xSeconds());
        if (f.cellCpu() != null) {
            Map<String, double[]> cpu = CellPointSeries.cpu(f.cellCpu(), g);
            List<Chart.Series> comps = new ArrayList<>();
            cpu.forEach((comp, v) -> {
                if (!comp.equals("throttled")) comps.add(Chart.Series.line(comp, v));
            });
            p.chart(new Chart("", "cell CPU per component", "cores", t, comps));
            if (cpu.containsKey("throttled")) {
                p.chart(new Chart("", "cell cap: throttled time", "s per s", t,
                        List.of(Chart.Series.line("throttled", cpu.get("throttled")))));
            }
        }
        if (f.cellPg() != null) {
            Map<String, double[]> pg = CellPointSeries.pg(f.cellPg(), g);
            List<Chart.Series> rates = new ArrayList<>();
            List<Chart.Series> waits = new ArrayList<>();
            pg.forEach((k, v) -> (k.startsWith("wait:") ? waits : rates)
                    .add(Chart.Series.line(k.startsWith("wait:") ? k.substring(5) : k, v)));
            p.chart(new Chart("", "PostgreSQL: commits, rollbacks and tuples", "per s", t, rates));
            p.chart(new Chart("", "PostgreSQL: active backends by wait event", "backends", t, waits));
        }
        if (f.cellShape() != null) p.raw(Html.keyValues(CellPointSeries.shape(f.cellShape())));
    }

    private static String latencyTable(RunRecord r) {
        List<List<String>> rows = new ArrayList<>();
        for (String tag : RunCharts.ordered(r.latency().keySet())) {
            var n = r.latency().get(tag);
            if (n.path("count").asLong(0) == 0) continue;
            // one format for the unit, as in compare's table: never 99.920 beside 159.9
            Headline.Unit ms = Headline.Unit.MS;
            rows.add(List.of(tag, n.path("count").asText(), ms.format(n.path("p50").asDouble()),
                    ms.format(n.path("p90").asDouble()), ms.format(n.path("p99").asDouble()),
                    ms.format(n.path("p999").asDouble()), ms.format(n.path("max").asDouble())));
        }
        if (rows.isEmpty()) return "";
        return "<h3>Whole-run latency (ms, from the record; max exact)</h3>"
                + Html.table(List.of("recorder", "count", "p50", "p90", "p99", "p99.9", "max"), rows);
    }
}
