package dev.goload.report.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DashHistoryTest {

    private static DashPoint point(int i) {
        return DashPoint.of(Intervals.snapshot(i, false, null), Map.of("push", DashPoint.packed(Intervals.histogram(i))));
    }

    /** Without histograms: the day's bounds depend on the counts alone. */
    private static DashPoint counts(int i) {
        return DashPoint.of(Intervals.snapshot(i, false, null), Map.of());
    }

    @Test
    void aDaysIntervalsStayWithinTheCapsAndEveryIntervalIsInExactlyOnePoint() {
        DashHistory h = new DashHistory(240, 240);
        int n = 86_400;
        for (int i = 0; i < n; i++) {
            h.add(counts(i));
            assertTrue(h.size() <= 480, "at most fine + coarse points, at " + i);
        }
        List<DashPoint> points = h.points();
        int next = 0;
        long offered = 0;
        for (DashPoint p : points) {
            assertEquals(next, p.first, "points are adjacent and in order");
            next += p.count;
            offered += p.count("offeredReq");
        }
        assertEquals(n, next, "every interval is in a point");
        assertEquals((long) n * (n + 1) / 2, offered, "counts are summed, none dropped");
        assertEquals(512, h.width(), "86,160 aged intervals in groups of 512");
        for (int k = 0; k < points.size() - 240 - 1; k++) assertEquals(512, points.get(k).count, "full groups");
        for (DashPoint p : points.subList(points.size() - 240, points.size())) assertEquals(1, p.count, "fine tail");
    }

    @Test
    void aMergedPointsHistogramIsTheSumOfItsIntervalsHistograms() {
        DashHistory h = new DashHistory(4, 4);
        for (int i = 0; i < 300; i++) h.add(point(i));
        for (DashPoint p : h.points()) {
            Histogram sum = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
            for (int i = p.first; i < p.first + p.count; i++) sum.add(Intervals.histogram(i));
            var merged = p.latency.get("push");
            assertEquals(sum.getTotalCount(), merged.getTotalCount());
            assertEquals(sum.getMaxValue(), merged.getMaxValue(), "a spike in one interval is its point's max");
            for (double q : new double[] {50, 90, 99, 99.9}) {
                assertEquals(sum.getValueAtPercentile(q), merged.getValueAtPercentile(q), "p" + q + " of " + p.first);
            }
            long errors = 0;
            for (int i = p.first; i < p.first + p.count; i++) errors += Intervals.delta(i).errorsByKind().size();
            assertEquals(errors, p.errors.getOrDefault("push.timeout", 0L), "errors by kind summed");
        }
    }

    @Test
    void levelsCombineByTheirMeaning() {
        DashPoint a = point(3); // inflight 3, lag 30 - 30 = 0
        DashPoint b = point(4); // inflight 4
        double cpu = a.cpuCoreSeconds + b.cpuCoreSeconds;
        a.absorb(b);
        assertEquals(4, a.inflightMax, "in flight: the largest");
        assertEquals(2, a.count);
        assertEquals(2.0, a.seconds, 1e-9);
        assertEquals(cpu / 2.0, (double) a.json().get("cpu"), 1e-3, "cpu: time-weighted mean");
        assertEquals(5.0, a.endSec, 1e-9);
    }
}
