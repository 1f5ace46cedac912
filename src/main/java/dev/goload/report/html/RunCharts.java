package dev.goload.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A run's charts from its merged series: the timelines, all on one time axis (seconds since T0, cursor and zoom
 * synchronised), and one percentile distribution per recorder tag. Stateless.
 */
final class RunCharts {
    /** Recorder tags and what they measure, in the order the page shows them; other (mode) tags follow. */
    static final Map<String, String> TAGS = new LinkedHashMap<>();

    static {
        TAGS.put("push", "push latency (from the scheduled instant)");
        TAGS.put("service", "push service time (from the send)");
        TAGS.put("failed", "failed-request latency");
        TAGS.put("e2e", "end-to-end latency (scheduled push to pop)");
        TAGS.put("queue", "client-side queueing (pacer launch to send)");
        TAGS.put("ack", "ack call latency");
        TAGS.put("lateness", "pacer lateness (launch minus scheduled instant)");
        TAGS.put("hiccup", "loader hiccups (stalls of the JVM)");
    }

    private RunCharts() {}

    /** The timelines: load, latencies, errors, consumption, loader. {@code csv} or {@code tags} may be empty. */
    static List<Chart> timelines(double[] x, Map<String, double[]> csv, Map<String, HlogSeries.Tag> tags) {
        Chart.Axis t = Chart.Axis.time(x);
        List<Chart> out = new ArrayList<>();
        out.add(new Chart("", "offered vs achieved vs shed", "requests/s", t, List.of(
                s("offered", csv, "offered"), s("achieved", csv, "achieved"), s("shed: in-flight cap", csv, "shedCap"),
                s("shed: loader behind", csv, "shedBehind"))));
        for (String tag : ordered(tags.keySet())) {
            if (tag.equals("lateness") || tag.equals("hiccup")) continue;
            out.add(latency(t, tags.get(tag), title(tag)));
        }
        out.add(new Chart("", "errors by operation", "errors/s", t, List.of(s("push requests failed", csv, "pushErr"),
                s("pop errors", csv, "popErr"), s("ack errors", csv, "ackErr"))));
        out.add(new Chart("", "produce and consume rate", "messages/s", t, List.of(s("pushed", csv, "pushed"),
                s("popped", csv, "popped"), s("acked", csv, "acked"))));
        out.add(new Chart("", "consumer lag (pushed minus popped)", "messages", t, List.of(s("lag", csv, "lag"))));
        out.add(new Chart("", "push requests in flight (largest in the interval)", "requests", t,
                List.of(s("in flight", csv, "inflight"))));
        out.add(new Chart("", "loader CPU and GC", "cores / ms per s", t, List.of(s("loader CPU (cores)", csv, "cpuCores"),
                s("GC pause (ms per s)", csv, "gcPauseMsPerSec"))));
        List<Chart.Series> stalls = new ArrayList<>();
        for (String tag : List.of("lateness", "hiccup")) {
            HlogSeries.Tag h = tags.get(tag);
            if (h == null) continue;
            stalls.add(Chart.Series.line(tag + " p99", h.points().get("p99")));
            stalls.add(Chart.Series.line(tag + " max", h.points().get("max")));
        }
        out.add(new Chart("", "pacer lateness and loader hiccups", "ms", t, stalls));
        return out;
    }

    /** One chart per tag with a non-empty whole-run histogram: its percentile distribution. */
    static List<Chart> distributions(Map<String, Histogram> whole) {
        List<Chart> out = new ArrayList<>();
        for (String tag : ordered(whole.keySet())) {
            Histogram h = whole.get(tag);
            if (h.getTotalCount() == 0) continue;
            out.add(new Chart("", title(tag) + ": percentile distribution, whole run (" + h.getTotalCount()
                    + " values)", "ms", Chart.Axis.quantile(), List.of(Chart.Series.line(tag,
                    PercentileGrid.valuesMs(h)))));
        }
        return out;
    }

    static Chart latency(Chart.Axis t, HlogSeries.Tag h, String title) {
        List<Chart.Series> s = new ArrayList<>();
        for (String f : HlogSeries.FIELDS) s.add(Chart.Series.line(f, h.points().get(f)));
        return new Chart("", title + " per interval", "ms", t, s);
    }

    static String title(String tag) {
        return TAGS.getOrDefault(tag, tag + " latency");
    }

    /** The known tags in page order, then the others as the log named them. */
    static List<String> ordered(java.util.Collection<String> tags) {
        List<String> out = new ArrayList<>();
        for (String k : TAGS.keySet()) if (tags.contains(k)) out.add(k);
        for (String k : tags) if (!TAGS.containsKey(k)) out.add(k);
        return out;
    }

    private static Chart.Series s(String label, Map<String, double[]> csv, String key) {
        double[] v = csv.get(key);
        return Chart.Series.line(label, v == null ? new double[0] : v);
    }
}
