package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RecordSchema;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of what {@link RunRecordWriter} writes (a schema-valid goload.run/2 record, its CSV and .hlog). */
class WriterRecordReportTest {
    static final long T0 = 1_780_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aRecordFromTheRunRecordWriterReportsItsIntervalsErrorsAndBrokerIdentity() throws Exception {
        RunHeader header = new RunHeader("w", "openloop", "0.1.0", "http1", "goload -mode openloop -token=***",
                Map.of("mode", "openloop", "rate", "600", "token", "***"), 7L,
                new RunHeader.Broker("http://user:pw-in-url@127.0.0.1:6632", false, false));
        RunCounters c = new RunCounters();
        LatencyRecorder push = new LatencyRecorder("push");
        RunCounters.Snapshot prev = RunCounters.Snapshot.ZERO;
        Path record;
        try (RunRecordWriter<Void> w = new RunRecordWriter<>(dir, header, T0)) {
            for (int i = 0; i < 6; i++) {
                c.offeredReq.add(600);
                c.sentReq.add(600);
                c.achievedReq.add(590);
                c.pushedMsgs.add(5900);
                c.pushErrReq.add(10);
                c.popped.add(5800);
                for (int k = 0; k < 10; k++) c.pushErrors.record("timeout", "push timed out after 30s");
                for (int v = 1; v <= 590; v++) push.record(1000L + v * (i + 1));
                Histogram h = push.sampleInterval();
                long start = T0 + i * 1000L;
                h.setStartTimeStamp(start);
                h.setEndTimeStamp(start + 1000);
                w.onHistogram("push", h);
                RunCounters.Snapshot total = c.snapshot();
                Map<String, LatencySummary> lat = new LinkedHashMap<>();
                lat.put("push", LatencySummary.of(h));
                w.onInterval(new IntervalSnapshot<>("openloop", i, "load", i == 5, start, start + 1000, 1.0, i + 1.0,
                        total.minus(prev), total, lat, 3, 4, new ProcessSampler.Sample(0.5, 0.4, 0, 0, 200L << 20,
                        100L << 20), List.of(), null));
                prev = total;
            }
            var loader = new RunResult.LoaderSummary(2, 0.5, 0.6, 3, 0, 0, 200L << 20, false, List.of());
            JsonNode health = new ObjectMapper().createObjectNode().put("status", "healthy").put("version", "0.12.9");
            RunOutcome o = new RunOutcome("openloop", "w", T0, T0 + 6000, "duration",
                    List.of(new RunOutcome.Phase("load", 0, 6, prev)), prev, c.errorFamilies(),
                    Map.of("push", LatencySummary.of(push.cumulative(), push.exactMaxMicros())),
                    Map.of("push", push.cumulative().copy()), loader, health, null, Verdict.NONE, 0, 0, 6);
            record = w.finish(o, Map.of("activePartitions", 4, "arrival", "uniform", "pushBatch", 10), List.of());
        }
        RecordSchema.assertValid(record);
        Path html = HtmlReport.writeNextTo(record);
        String page = Files.readString(html);
        assertTrue(page.contains("0.12.9"), "broker identity");
        assertTrue(page.contains("timeout=60"), "errors by kind");
        assertTrue(page.contains("push timed out after 30s"), "first error message");
        assertFalse(page.contains("pw-in-url"), "credentials in the broker url never reach the page");
        JsonNode charts = ReportPages.data(html).path("charts");
        JsonNode p99 = ReportPages.series(charts, "push latency (from the scheduled instant) per interval", "p99");
        assertEquals(6, p99.size());
        assertTrue(p99.get(5).asDouble() > p99.get(0).asDouble(), "later intervals are slower: " + p99);
        assertEquals(10.0, ReportPages.series(charts, "errors by operation", "push requests failed").get(2).asDouble(),
                1e-9, "10 failed push requests per second");
        assertEquals(5900.0, ReportPages.series(charts, "produce and consume rate", "pushed").get(3).asDouble(), 1e-9);
        JsonNode dist = ReportPages.series(charts,
                "push latency (from the scheduled instant): percentile distribution, whole run (3540 values)", "push");
        assertEquals(push.cumulative().getValueAtPercentile(99) / 1000.0, dist.get(20).asDouble(), 0.0005,
                "x = 100 is p99 of the whole run");
    }
}
