package dev.goload.report.metrics;

import dev.goload.config.MetricsOptions;
import dev.goload.metrics.ProcessSampler;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The live metrics endpoint of a run ({@code -metrics-addr}): a {@link RunListener} of any mode that serves the run's
 * counters, gauges and latency histograms in the Prometheus text format, OpenMetrics text, and Prometheus protobuf
 * (which carries the native histogram buckets), through the {@code prometheus-metrics} exporter — no hand-written
 * exposition. It serves from {@link #start} (before T0: every counter 0) until {@link #close}.
 *
 * <p>Latency is exported as real histograms, never as percentile gauges (those cannot be aggregated and disagree with
 * the run's summary): the interval histograms each {@link #onHistogram} delivers are added into a cumulative
 * HdrHistogram per tag — no per-sample work on the hot path — and each interval publishes a sparse copy that
 * {@link RunMetricsCollector} turns into classic and native buckets when scraped ({@link LatencyBuckets}). Counters
 * are the interval's cumulative {@code total()}, so the last scrape equals the record's {@code counters}.
 *
 * <p>The final figures: the last (partial) interval is published before the run ends ({@code goload_run_finished}
 * reads 1 from then on). With {@code -metrics-linger D}, {@link #close} keeps serving them until a scrape has fetched
 * them or {@code D} has passed, so a scraper whose interval did not fall in the run's last seconds still gets them.
 *
 * <p>Nothing secret is exported: the labels are the run id, the mode and the shard; the values are counts, times
 * and sizes. Threading: the listener methods come on the reporter thread, scrapes on the exporter's daemon threads;
 * they share only an immutable {@link RunMetricsState} behind a volatile field.
 *
 * <pre>{@code
 * try (MetricsExporter metrics = MetricsExporter.start(options, runId, "openloop")) {
 *     metrics.announce(err);                      // [metrics] serving http://127.0.0.1:9464/metrics
 *     listeners.add(metrics);                     // then run; close() after the record is written
 * }
 * }</pre>
 */
public final class MetricsExporter implements RunListener<Object>, AutoCloseable {
    private final HTTPServer server;
    private final RunMetricsCollector collector;
    private final Duration linger;
    private final String url;
    private final CountDownLatch finalServed = new CountDownLatch(1);
    /** Reporter thread only: the whole-run histogram per tag, and its last published copy. */
    private final Map<String, Histogram> cumulative = new LinkedHashMap<>();
    private final Map<String, LatencyBuckets> published = new LinkedHashMap<>();
    private long gcPauses;
    private double gcPauseMs;

    private MetricsExporter(MetricsOptions o, Labels identity) throws IOException {
        this.linger = o.linger();
        // set on the scrape thread that collected the final figures (the handler runs on the executor's thread)
        ThreadLocal<Boolean> finalCollected = ThreadLocal.withInitial(() -> false);
        this.collector = new RunMetricsCollector(identity, () -> finalCollected.set(true));
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(collector);
        InetSocketAddress bind = o.host().isEmpty() ? new InetSocketAddress(o.port())
                : new InetSocketAddress(InetAddress.getByName(o.host()), o.port());
        // the linger ends after the exchange that served the final figures has returned (its response is out), not
        // when they were collected: stopping the server mid-response would cut the one scrape the linger waits for
        ThreadPoolExecutor scrapes = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                Thread.ofPlatform().daemon().name("goload-metrics-", 0).factory()) {
            @Override
            protected void afterExecute(Runnable r, Throwable t) {
                if (finalCollected.get()) finalServed.countDown();
                finalCollected.remove();
            }
        };
        try {
            this.server = HTTPServer.builder().inetAddress(bind.getAddress()).port(o.port()).registry(registry)
                    .executorService(scrapes).buildAndStart();
        } catch (IOException | RuntimeException e) {
            scrapes.shutdownNow();
            throw e;
        }
        this.url = "http://" + hostText(o.host(), bind.getAddress()) + ":" + server.getPort() + "/metrics";
    }

    /**
     * Binds the endpoint and serves the zero state until the first interval.
     *
     * @throws IOException when the address cannot be bound (in use, not local, unknown host)
     */
    public static MetricsExporter start(MetricsOptions o, String runId, String mode) throws IOException {
        if (!o.enabled()) throw new IllegalArgumentException("metrics endpoint is off");
        Labels identity = o.shardLabel() == null ? Labels.of("mode", mode, "run_id", runId)
                : Labels.of("mode", mode, "run_id", runId, "shard", o.shardLabel());
        try {
            return new MetricsExporter(o, identity);
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new IOException("cannot serve -metrics-addr " + display(o) + ": " + why, e);
        }
    }

    /** The scrape URL ({@code http://host:port/metrics}), with the port actually bound. */
    public String url() {
        return url;
    }

    /** Says where the endpoint is, on a line of its own that no reference parser reads. */
    public void announce(PrintStream out) {
        out.println("[metrics] serving " + url + (linger.isZero() ? "" : " (final figures kept up to "
                + dev.goload.report.GoFmt.duration(linger) + " after the run)"));
        out.flush();
    }

    @Override
    public void onHistogram(String tag, Histogram interval) {
        Histogram whole = cumulative.computeIfAbsent(tag, t -> new Histogram(interval.getLowestDiscernibleValue(),
                interval.getHighestTrackableValue(), interval.getNumberOfSignificantValueDigits()));
        if (interval.getTotalCount() == 0 && published.containsKey(tag)) return; // unchanged: keep its copy
        whole.add(interval);
        published.remove(tag);
    }

    @Override
    public void onInterval(IntervalSnapshot<?> s) {
        ProcessSampler.Sample l = s.loader();
        if (l != null) {
            gcPauses += l.gcPauses();
            gcPauseMs += l.gcPauseMs();
        }
        cumulative.forEach((tag, h) -> published.computeIfAbsent(tag, t -> LatencyBuckets.of(h)));
        collector.publish(new RunMetricsState(s.total(), published, s.inflight(), s.liveTasks(),
                l == null ? 0 : l.cpuCores(), l == null ? 0 : l.rssBytes(), l == null ? 0 : l.heapUsedBytes(),
                gcPauses, gcPauseMs, !s.loaderBound().isEmpty(), s.endSec(), s.last(), s.connections()));
    }

    /** Stops serving: at once, or with a linger after a scrape of the final figures or the linger's end. */
    @Override
    public void close() {
        try {
            if (!linger.isZero()) finalServed.await(linger.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
        }
    }

    private static String hostText(String host, InetAddress bound) {
        String h = host.isEmpty() ? "0.0.0.0" : bound.getHostAddress();
        return h.contains(":") ? "[" + h + "]" : h;
    }

    private static String display(MetricsOptions o) {
        return (o.host().contains(":") ? "[" + o.host() + "]" : o.host()) + ":" + o.port();
    }
}
