package dev.goload.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.MetricsOptions;
import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The endpoint fed by synthetic intervals, scraped over loopback in every format it serves. */
class MetricsExporterTest {

    private static MetricsOptions loopback(Duration linger, dev.goload.shard.Shard shard) {
        return MetricsOptions.parse("127.0.0.1:0", linger, shard);
    }

    private static Histogram interval(long... micros) {
        Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        for (long v : micros) h.recordValue(v);
        return h;
    }

    private static IntervalSnapshot<Void> snapshot(int index, RunCounters.Snapshot total, boolean last) {
        var loader = new ProcessSampler.Sample(0.75, 0.5, 2, 12.0, 300L << 20, 100L << 20);
        return new IntervalSnapshot<>("openloop", index, "load", last, 1_000L * index, 1_000L * (index + 1), 1.0,
                index + 1.0, total, total, Map.of(), 7, 42, loader, List.of(), null,
                new ConnectionFigures(12L + index, 3, 1, 11, 9L + index, 40L));
    }

    private static RunCounters counters() {
        RunCounters c = new RunCounters();
        c.offeredReq.add(100);
        c.sentReq.add(90);
        c.achievedReq.add(88);
        c.shedCapReq.add(6);
        c.shedBehindReq.add(4);
        c.pushedMsgs.add(880);
        c.pushErrReq.add(2);
        c.popped.add(800);
        c.acked.add(750);
        c.ackMicros.add(2_500_000);
        c.pushErrors.record("timeout", "read timed out");
        c.pushErrors.record("timeout", "read timed out");
        c.popErrors.record("http_5xx", "503");
        return c;
    }

    @Test
    void servesCountersGaugesAndCumulativeHistogramsWithTheRunsLabels() throws IOException {
        try (MetricsExporter m = MetricsExporter.start(loopback(Duration.ZERO, null), "run-1", "openloop")) {
            Exposition before = Exposition.scrape(m.url(), Exposition.PROMETHEUS_TEXT);
            assertEquals(0, before.value("goload_offered_requests_total"), "zeros before T0");
            assertEquals(0, before.value("goload_run_finished"));

            RunCounters c = counters();
            m.onHistogram("push", interval(1000, 1000, 20_000));
            m.onHistogram("e2e", interval());
            m.onInterval(snapshot(0, c.snapshot(), false));
            m.onHistogram("push", interval(3000));
            m.onHistogram("e2e", interval(70_000_000));
            m.onInterval(snapshot(1, c.snapshot(), true));

            Exposition e = Exposition.scrape(m.url(), Exposition.PROMETHEUS_TEXT);
            assertTrue(e.contentType().startsWith("text/plain"), e.contentType());
            for (Exposition.Sample s : e.samples()) {
                assertEquals("run-1", s.labels().get("run_id"), s.toString());
                assertEquals("openloop", s.labels().get("mode"), s.toString());
                assertFalse(s.labels().containsKey("shard"), s.toString());
            }
            assertEquals(100, e.value("goload_offered_requests_total"));
            assertEquals(88, e.value("goload_achieved_requests_total"));
            assertEquals(6, e.value("goload_shed_requests_total", "reason", "cap"));
            assertEquals(4, e.value("goload_shed_requests_total", "reason", "behind"));
            assertEquals(880, e.value("goload_pushed_messages_total"));
            assertEquals(800, e.value("goload_popped_messages_total"));
            assertEquals(750, e.value("goload_acked_messages_total"));
            assertEquals(2.5, e.value("goload_ack_call_seconds_total"));
            assertEquals(2, e.value("goload_errors_total", "operation", "push", "kind", "timeout"));
            assertEquals(1, e.value("goload_errors_total", "operation", "pop", "kind", "http_5xx"));
            assertEquals(7, e.value("goload_inflight_requests"));
            assertEquals(80, e.value("goload_lag_messages"));
            assertEquals(42, e.value("goload_live_tasks"));
            assertEquals(0.75, e.value("goload_loader_cpu_cores"));
            assertEquals(300L << 20, e.value("goload_loader_rss_bytes"));
            assertEquals(4, e.value("goload_loader_gc_pauses_total"), "summed over the intervals");
            assertEquals(0.024, e.value("goload_loader_gc_pause_seconds_total"), 1e-12);
            assertEquals(1, e.value("goload_run_finished"));
            assertEquals(13, e.value("goload_connections_opened_total"), "the last interval's");
            assertEquals(2, e.value("goload_connections_closed_total", "by", "loader"));
            assertEquals(1, e.value("goload_connections_closed_total", "by", "peer"));
            assertEquals(10, e.value("goload_connections_open"));
            assertEquals(11, e.value("goload_connections_peak_open"));
            assertEquals(40, e.value("goload_connections_time_wait_peak"));

            assertEquals(4, e.value("goload_latency_seconds_count", "tag", "push"), "both intervals");
            assertEquals(2, e.value("goload_latency_seconds_bucket", "tag", "push", "le", "0.001"));
            assertEquals(3, e.value("goload_latency_seconds_bucket", "tag", "push", "le", "0.005"));
            assertEquals(4, e.value("goload_latency_seconds_bucket", "tag", "push", "le", "0.025"));
            assertEquals(4, e.value("goload_latency_seconds_bucket", "tag", "push", "le", "+Inf"));
            Histogram whole = interval(1000, 1000, 20_000, 3000);
            assertEquals(whole.getMean() * 4 / 1e6, e.value("goload_latency_seconds_sum", "tag", "push"), 1e-12);
            assertEquals(0, e.value("goload_latency_seconds_bucket", "tag", "e2e", "le", "60.0"), "70 s is above");
            assertEquals(1, e.value("goload_latency_seconds_bucket", "tag", "e2e", "le", "+Inf"));
            assertTrue(e.find("goload_latency_seconds_p99").isEmpty() && !e.body().contains("quantile"),
                    "histograms, never percentile gauges");
            assertEquals(LatencySummary.of(whole).count(), (long) e.value("goload_latency_seconds_count", "tag", "push"));
        }
    }

    @Test
    void openMetricsAndProtobufAreServedTooAndProtobufCarriesTheNativeBuckets() throws IOException {
        try (MetricsExporter m = MetricsExporter.start(loopback(Duration.ZERO, new dev.goload.shard.Shard(2, 4)), "run-2", "openloop")) {
            m.onHistogram("push", interval(1000, 2000, 4000));
            m.onInterval(snapshot(0, counters().snapshot(), false));
            Exposition om = Exposition.scrape(m.url(), Exposition.OPENMETRICS);
            assertTrue(om.contentType().startsWith("application/openmetrics-text"), om.contentType());
            assertTrue(om.body().endsWith("# EOF\n"), om.body());
            assertEquals(100, om.value("goload_offered_requests_total", "shard", "2/4"));
            assertEquals(3, om.value("goload_latency_seconds_count", "tag", "push", "shard", "2/4"));

            var proto = Exposition.get(m.url(), Exposition.PROTOBUF);
            assertEquals(200, proto.statusCode());
            assertTrue(proto.headers().firstValue("Content-Type").orElse("").startsWith("application/vnd.google.protobuf"));
        }
    }

    @Test
    void theScrapedHistogramHasClassicAndNativeBucketsOfTheSameValues() {
        var c = new RunMetricsCollector(io.prometheus.metrics.model.snapshots.Labels.of("mode", "m", "run_id", "r"),
                () -> {});
        c.publish(new RunMetricsState(RunCounters.Snapshot.ZERO, Map.of("push", LatencyBuckets.of(interval(0, 1000,
                2000, 4000))), 0, 0, 0, 0, 0, 0, 0, false, 1, false, null));
        var h = c.collect().stream().filter(s -> s.getMetadata().getName().equals("goload_latency_seconds"))
                .map(s -> (io.prometheus.metrics.model.snapshots.HistogramSnapshot) s).findFirst().orElseThrow();
        var p = h.getDataPoints().get(0);
        assertTrue(p.hasClassicHistogramData() && p.hasNativeHistogramData());
        assertEquals(4, p.getCount());
        assertEquals(1, p.getNativeZeroCount());
        assertEquals(LatencyBuckets.MAX_SCHEMA, p.getNativeSchema());
        long nativeCount = p.getNativeZeroCount();
        for (var b : p.getNativeBucketsForPositiveValues()) nativeCount += b.getCount();
        assertEquals(4, nativeCount);
    }

    @Test
    void lingerKeepsTheFinalFiguresUpUntilAScrapeHasFetchedThem() throws Exception {
        MetricsExporter m = MetricsExporter.start(loopback(Duration.ofMinutes(5), null), "run-3", "openloop");
        m.onInterval(snapshot(0, counters().snapshot(), true));
        Thread closing = Thread.ofPlatform().name("metrics-close").start(m::close);
        // observed, not assumed after a sleep: close() is parked in its linger (a timed wait), not finished and
        // not merely unstarted
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (closing.getState() != Thread.State.TIMED_WAITING && closing.isAlive() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertEquals(Thread.State.TIMED_WAITING, closing.getState(), "close() lingers, still serving after the run");
        assertEquals(100, Exposition.scrape(m.url(), Exposition.PROMETHEUS_TEXT).value("goload_offered_requests_total"));
        assertTrue(closing.join(Duration.ofSeconds(60)), "the scrape ended the linger, far below its 5 minutes");
        assertThrows(UncheckedIOException.class, () -> Exposition.get(m.url(), Exposition.PROMETHEUS_TEXT));
    }

    @Test
    void anAddressInUseIsASetupErrorNamingTheFlag() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var o = MetricsOptions.parse("127.0.0.1:" + taken.getLocalPort(), Duration.ZERO, null);
            IOException e = assertThrows(IOException.class, () -> MetricsExporter.start(o, "r", "openloop"));
            assertTrue(e.getMessage().startsWith("cannot serve -metrics-addr 127.0.0.1:" + taken.getLocalPort()),
                    e.getMessage());
        }
    }
}
