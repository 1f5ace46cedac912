package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.metrics.LatencySummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A 24-hour run at 1 s intervals: the report stays small, and its points are exact merges, never samples. */
class DayLongReportTest {
    static final int DAY = 86_400;

    @TempDir
    Path tmp;

    @Test
    void aDayAtOneSecondIntervalsGivesAReportUnderFiveMegabytesWhosePointsAreExactMerges() throws Exception {
        Path record = SyntheticRun.write(tmp.resolve("run"), DAY);
        RunData d = RunData.load(RunFiles.locate(record), IntervalGroups.DEFAULT_BUDGET);
        Path html = RunReport.page(d).write(tmp.resolve("day.html"));
        long size = Files.size(html);
        assertTrue(size < 5_000_000, "report of a 24-hour run is " + size + " bytes");

        IntervalGroups g = d.csv().groups();
        assertTrue(g.count() <= IntervalGroups.DEFAULT_BUDGET, g.count() + " points");
        assertEquals(DAY, g.intervals());
        int k = g.intervalsPerGroup();
        assertEquals(44, k, "86,400 intervals in groups of 44 fit 2,000 points");

        HlogSeries.Tag push = d.tags().get("push");
        for (int group : new int[] {0, 40, g.count() / 2, g.count() - 1}) {
            Histogram sum = new Histogram(1, dev.goload.metrics.LatencyRecorder.HIGHEST_MICROS, 3);
            for (int i = group * k; i < Math.min(DAY, group * k + k); i++) sum.add(SyntheticRun.interval("push", i));
            LatencySummary want = LatencySummary.of(sum);
            assertEquals(want.p50(), push.points().get("p50")[group], "p50 of group " + group);
            assertEquals(want.p99(), push.points().get("p99")[group], "p99 of group " + group);
            assertEquals(want.p999(), push.points().get("p999")[group], "p99.9 of group " + group);
            assertEquals(want.max(), push.points().get("max")[group], "max of group " + group);
        }
        // a spike in one interval of 44 survives the merge (a sampled timeline would lose 43 of 44)
        int spikeGroup = (SyntheticRun.SPIKE_EVERY / 2) / k;
        assertEquals(SyntheticRun.SPIKE_MICROS / 1000.0, push.points().get("max")[spikeGroup], 0.25);
        // the whole-run histogram is every interval added
        assertEquals(DAY * 100L + DAY / SyntheticRun.SPIKE_EVERY, push.whole().getTotalCount());

        // the page carries the same merged points (to 0.001 ms) and rates summed over each group
        JsonNode charts = ReportPages.data(html).path("charts");
        JsonNode p99 = ReportPages.series(charts, "push latency (from the scheduled instant) per interval", "p99");
        assertEquals(g.count(), p99.size());
        assertEquals(push.points().get("p99")[40], p99.get(40).asDouble(), 0.0005);
        JsonNode pushed = ReportPages.series(charts, "produce and consume rate", "pushed");
        assertEquals(10_000.0, pushed.get(7).asDouble(), 1e-9, "10,000 msgs per 1 s interval");
        assertEquals(g.count(), ReportPages.series(charts, "offered vs achieved vs shed", "offered").size());
        Map<String, Histogram> whole = d.whole();
        assertEquals(SyntheticRun.TAGS.size(), whole.size());
    }
}
