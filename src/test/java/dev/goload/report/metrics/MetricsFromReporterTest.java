package dev.goload.report.metrics;

import dev.goload.metrics.ProcessSampler;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.MetricsOptions;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import dev.goload.report.ProgressLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The exporter and the progress line behind the real {@link IntervalReporter} of a mode with its own interval part,
 * on a manual clock (the waiter moves it and counts on the way; nothing sleeps): the last scrape equals the run's
 * {@link RunOutcome} — the record's source — counter for counter and histogram for histogram.
 */
class MetricsFromReporterTest {
    private static final long S = 1_000_000_000L;
    private static final long T0 = 5_000 * S;

    private final AtomicLong now = new AtomicLong(T0);
    private final RunCounters counters = new RunCounters();
    private final RunRecorders recorders = new RunRecorders();
    private int wakes;

    /** Each wait moves the clock to its end and does some work on the way, different every time. */
    private boolean await(RunSignal stop, long nanos) {
        now.addAndGet(nanos);
        int k = ++wakes;
        counters.offeredReq.add(10L * k);
        counters.sentReq.add(10L * k - 1);
        counters.achievedReq.add(10L * k - 2);
        counters.shedCapReq.add(1);
        counters.pushedMsgs.add(100L * k);
        counters.popped.add(90L * k);
        counters.pushErrors.record("http_5xx", "503");
        for (int i = 0; i < 50 * k; i++) recorders.push.record(300 + 37L * i * k);
        recorders.service.record(250L * k);
        return false;
    }

    @Test
    void theLastScrapeEqualsTheRunOutcome() throws Exception {
        var bytes = new ByteArrayOutputStream();
        var console = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        NanoClock clock = now::get;
        try (LoaderMonitor monitor = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(() -> 0, now::get)); // the manual clock's intervals
             MetricsExporter metrics = MetricsExporter.start(MetricsOptions.parse("127.0.0.1:0", Duration.ZERO, null),
                     "rep-1", "cloud")) {
            List<RunListener<Object>> listeners = new ArrayList<>();
            listeners.add(ProgressLine.of(3, ProgressLine.FULL_INTERVALS, console).orElseThrow());
            listeners.add(metrics);
            IntervalReporter.Probe<String> probe = new IntervalReporter.Probe<>() {
                @Override
                public String snapshot() {
                    return "mode part " + wakes;
                }
            };
            var reporter = new IntervalReporter<>("cloud", clock, counters, recorders, monitor, probe, listeners,
                    this::await);
            reporter.begin(T0, S);
            reporter.runUntil(T0 + 3 * S, "load", new RunSignal());
            now.addAndGet(S / 2);
            counters.acked.add(7);
            recorders.e2e.record(12_345);
            reporter.finish("drain");
            RunOutcome o = reporter.outcome("rep-1", "duration", null, null, 0);

            Exposition e = Exposition.scrape(metrics.url(), Exposition.OPENMETRICS);
            RunCounters.Snapshot c = o.counters();
            assertEquals(c.offeredReq(), e.value("goload_offered_requests_total"));
            assertEquals(c.sentReq(), e.value("goload_sent_requests_total"));
            assertEquals(c.achievedReq(), e.value("goload_achieved_requests_total"));
            assertEquals(c.shedCapReq(), e.value("goload_shed_requests_total", "reason", "cap"));
            assertEquals(c.pushedMsgs(), e.value("goload_pushed_messages_total"));
            assertEquals(c.popped(), e.value("goload_popped_messages_total"));
            assertEquals(c.acked(), e.value("goload_acked_messages_total"), "counted after the last boundary");
            assertEquals(o.errors().get("push").kind("http_5xx"),
                    e.value("goload_errors_total", "operation", "push", "kind", "http_5xx"));
            assertEquals(1, e.value("goload_run_finished"));
            for (var tag : o.latency().keySet()) {
                assertEquals(o.latency(tag).count(), e.value("goload_latency_seconds_count", "tag", tag), tag);
                if (o.latency(tag).count() > 0) {
                    assertEquals(o.latency(tag).mean(), e.value("goload_latency_seconds_sum", "tag", tag)
                            / o.latency(tag).count() * 1000, 1e-9 * o.latency(tag).mean(), tag);
                }
            }
            assertEquals(1, o.latency("e2e").count());
            assertEquals(List.of("[" + dev.goload.report.GoFmt.hms(o.startedEpochMs() + 1000) + "] + t=1s/3s (33%)",
                    "[" + dev.goload.report.GoFmt.hms(o.startedEpochMs() + 2000) + "] + t=2s/3s (66%)",
                    "[" + dev.goload.report.GoFmt.hms(o.startedEpochMs() + 3000) + "] + t=3s/3s (100%)"),
                    bytes.toString(StandardCharsets.UTF_8).lines().toList(), "one per full interval, none for the last");
            assertTrue(e.samples().stream().allMatch(x -> "cloud".equals(x.labels().get("mode"))));
        }
    }
}
