package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's partial last interval on the rate timelines of the report and of compare: drawn by its measured length when
 * it lasts at least half the report interval, left out (no point, so no cliff to zero) when shorter; its latency
 * percentiles are drawn either way.
 */
class PartialLastIntervalTest {
    @TempDir
    Path tmp;

    private static final String LOAD = "offered vs achieved vs shed";
    private static final String RATES = "produce and consume rate";
    private static final String PUSH = "push latency (from the scheduled instant) per interval";

    @Test
    void aLastIntervalOfAQuarterSecondWithAQuarterOfTheCountsIsLeftOutOfTheRateTimelines() throws Exception {
        Path dir = tmp.resolve("quarter");
        SyntheticRun.write(dir, 10, 0.25, 1);
        JsonNode charts = ReportPages.data(HtmlReport.write(dir, tmp.resolve("quarter.html"))).path("charts");
        JsonNode achieved = ReportPages.series(charts, LOAD, "achieved");
        assertEquals(11, achieved.size(), "one point per interval, the partial one included");
        assertEquals(1000, achieved.get(9).asDouble(), 1e-9, "the steady rate");
        assertTrue(achieved.get(10).isNull(), "0.25 s of a 1 s interval: too short to judge a rate on: " + achieved);
        assertTrue(ReportPages.series(charts, LOAD, "offered").get(10).isNull());
        assertTrue(ReportPages.series(charts, RATES, "pushed").get(10).isNull());
        assertTrue(ReportPages.series(charts, "loader CPU and GC", "loader CPU (cores)").get(10).isNull(),
                "the CPU of a quarter second is a rate too");
        assertTrue(ReportPages.series(charts, PUSH, "p99").get(10).isNumber(), "its latencies are still drawn");
    }

    @Test
    void theDrainAfterTheLastBoundaryDrawsNoCliffToZero() throws Exception {
        Path dir = tmp.resolve("drain");
        SyntheticRun.write(dir, 10, 0.024, 0);
        JsonNode charts = ReportPages.data(HtmlReport.write(dir, tmp.resolve("drain.html"))).path("charts");
        for (String s : List.of("offered", "achieved")) {
            JsonNode v = ReportPages.series(charts, LOAD, s);
            assertEquals(1000, v.get(9).asDouble(), 1e-9);
            assertTrue(v.get(10).isNull(), s + " of the 24 ms drain is not drawn as a drop to 0: " + v);
        }
        assertTrue(ReportPages.series(charts, RATES, "popped").get(10).isNull());
    }

    @Test
    void aLastIntervalLongEnoughToJudgeIsDrawnByItsMeasuredLength() throws Exception {
        Path dir = tmp.resolve("long");
        SyntheticRun.write(dir, 10, 0.6, 1);
        JsonNode charts = ReportPages.data(HtmlReport.write(dir, tmp.resolve("long.html"))).path("charts");
        assertEquals(1000, ReportPages.series(charts, LOAD, "achieved").get(10).asDouble(), 1e-9,
                "600 requests in 0.6 s: 1000/s, not 600/s");
        assertEquals(10_000, ReportPages.series(charts, RATES, "pushed").get(10).asDouble(), 1e-9);
    }

    @Test
    void mergedPointsLeaveTheShortIntervalOutOfTheirRatesAndAPointOfOnlyItHasNone() throws Exception {
        Path dir = tmp.resolve("merged");
        SyntheticRun.write(dir, 12, 0.024, 0);
        // 13 intervals, at most 3 points: 5 per point, the last holds intervals 10, 11 and the drain
        var three = IntervalCsvSeries.read(dir.resolve("run.intervals.csv"), SyntheticRun.T0, 3);
        assertEquals(5, three.groups().intervalsPerGroup());
        assertEquals(1000, three.series().get("achieved")[2], 1e-9, "2 s at 1000/s, the drain left out");
        assertEquals(10_000, three.series().get("pushed")[2], 1e-9);
        // at most 4 points: 4 per point, the last holds the drain alone
        var four = IntervalCsvSeries.read(dir.resolve("run.intervals.csv"), SyntheticRun.T0, 4);
        assertEquals(4, four.groups().count());
        assertTrue(Double.isNaN(four.series().get("achieved")[3]), "a point of only a short interval has no rate");
        assertEquals(0, four.series().get("lag")[3], 1e-9, "gauges keep their value");
    }

    @Test
    void aCellPointsRatesLeaveOutTheDrainToo() throws Exception {
        Path dir = tmp.resolve("cell");
        SyntheticRun.write(dir, 10, 0.024, 0);
        StringBuilder cpu = new StringBuilder("t_unix,comp,usage_usec\n");
        StringBuilder pg = new StringBuilder("t_unix,kind,a,b,c,d\n");
        // samples 12 ms past each half second: the sample of 9.512 to 10.512 s is counted in the drain (10.012 s)
        for (int s = -5; s <= 15; s++) {
            double t = (SyntheticRun.T0 + s * 1000L + 512) / 1000.0;
            cpu.append(t).append(",broker,").append(500_000L * (s + 5)).append('\n');
            pg.append(t).append(",dd,120,0,100,100\n");
        }
        Files.writeString(dir.resolve("run.cpu.csv"), cpu);
        Files.writeString(dir.resolve("run.pg.csv"), pg);
        JsonNode charts = ReportPages.data(HtmlReport.write(dir, tmp.resolve("cell.html"))).path("charts");
        JsonNode broker = ReportPages.series(charts, "cell CPU per component", "broker");
        assertEquals(0.5, broker.get(5).asDouble(), 1e-9);
        assertTrue(broker.get(10).isNull(), "half a core-second in 24 ms is not 20 cores: " + broker);
        assertTrue(ReportPages.series(charts, "PostgreSQL: commits, rollbacks and tuples", "commits").get(10).isNull());
    }

    @Test
    void compareOverlaysLeaveOutTheShortLastIntervalOfEachRun() throws Exception {
        Path a = SyntheticRun.write(tmp.resolve("a"), 10, 0.25, 1);
        Path b = SyntheticRun.write(tmp.resolve("b"), 10, 0.024, 0);
        Comparison c = Comparison.load(List.of(a, b));
        JsonNode data = ReportPages.data(c.page().write(tmp.resolve("c.html")));
        JsonNode charts = data.path("charts");
        List<Double> x = xs(charts, "achieved push requests");
        int aLast = x.indexOf(10.25);
        int bLast = x.indexOf(10.024);
        int full = x.indexOf(10.0);
        assertTrue(aLast > 0 && bLast > 0 && full > 0, "both runs' last points are on the axis: " + x);
        for (String title : List.of("achieved push requests", "offered push requests", "popped messages")) {
            JsonNode av = ReportPages.series(charts, title, "A");
            JsonNode bv = ReportPages.series(charts, title, "B");
            assertTrue(av.get(aLast).isNull(), title + " A: " + av);
            assertTrue(bv.get(bLast).isNull(), title + " B: " + bv);
            assertTrue(av.get(full).asDouble() > 0 && bv.get(full).asDouble() > 0, title + ": the steady point stays");
        }
        assertEquals(1000, ReportPages.series(charts, "achieved push requests", "A").get(full).asDouble(), 1e-9);
        assertTrue(ReportPages.series(charts, RunCharts.title("push") + " p99", "A").get(aLast).isNumber(),
                "latencies of the partial interval are still drawn");
    }

    private static List<Double> xs(JsonNode charts, String title) {
        for (JsonNode c : charts) {
            if (!c.path("title").asText().equals(title)) continue;
            List<Double> out = new java.util.ArrayList<>();
            c.path("x").path("values").forEach(v -> out.add(v.asDouble()));
            return out;
        }
        throw new AssertionError("no chart " + title);
    }
}
