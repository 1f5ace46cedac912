package dev.goload.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.config.MetricsOptions;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** docs/grafana-goload.json only queries series the endpoint serves, so the shipped dashboard cannot drift. */
class GrafanaDashboardTest {
    private static final Pattern METRIC = Pattern.compile("goload_[a-z_]+");

    @Test
    void everyQueryNamesServedSeries() throws Exception {
        JsonNode dash = new ObjectMapper().readTree(Path.of("docs/grafana-goload.json").toFile());
        List<String> exprs = new ArrayList<>();
        collect(dash, exprs);
        assertTrue(exprs.size() >= 15, "the dashboard's queries: " + exprs.size());

        Set<String> served = new TreeSet<>();
        try (MetricsExporter m = MetricsExporter.start(MetricsOptions.parse("127.0.0.1:0", Duration.ZERO, null), "r",
                "openloop")) {
            Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
            h.recordValue(1000);
            for (String tag : List.of("push", "service", "failed", "lateness", "queue", "hiccup")) m.onHistogram(tag, h);
            RunCounters c = new RunCounters();
            c.pushErrors.record("timeout", "x");
            m.onInterval(new IntervalSnapshot<Void>("openloop", 0, "load", false, 0, 1000, 1, 1, c.snapshot(),
                    c.snapshot(), Map.of(), 0, 0, new ProcessSampler.Sample(0, 0, 0, 0, 0, 0), List.of(), null));
            for (Exposition.Sample s : Exposition.scrape(m.url(), Exposition.PROMETHEUS_TEXT).samples()) {
                served.add(s.name());
                served.add(s.name().replaceAll("_(bucket|count|sum)$", "")); // the native histogram's own name
            }
        }
        Set<String> missing = new TreeSet<>();
        for (String e : exprs) {
            Matcher mm = METRIC.matcher(e);
            while (mm.find()) if (!served.contains(mm.group())) missing.add(mm.group());
        }
        assertEquals(Set.of(), missing, "queried but not served");
    }

    private static void collect(JsonNode n, List<String> exprs) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getKey().equals("expr") || e.getKey().equals("definition")) exprs.add(e.getValue().asText());
                else collect(e.getValue(), exprs);
            });
        } else if (n.isArray()) {
            n.forEach(x -> collect(x, exprs));
        }
    }
}
