package dev.goload.report.metrics;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.RunCounters;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Turns the last published {@link RunMetricsState} into metric families at scrape time: the run's counters, its
 * gauges, and one histogram (classic and native buckets, from {@link LatencyBuckets}) per recorder tag. Every series
 * carries {@code run_id} and {@code mode}, and {@code shard} when the run has one. Names follow Prometheus' rules
 * (base units, {@code _total} for counters); {@code docs/reporting.md#live-metrics} lists them.
 *
 * <p>Threading: {@link #publish} on the reporter thread, {@link #collect} on the exporter's threads; the state is
 * immutable and handed over through a volatile field, so a scrape always sees one whole interval and never waits.
 */
final class RunMetricsCollector implements MultiCollector {
    /** Classic bucket bounds (µs): 50 µs to 60 s, roughly 1-2.5-5 per decade. */
    static final long[] CLASSIC_BOUNDS_MICROS = {50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000,
            100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 30_000_000, 60_000_000};

    /** One counter of {@link RunCounters.Snapshot}: name (without {@code _total}), help, extra labels, value. */
    private record CounterDef(String name, String help, String[] labels, ToDoubleFunction<RunCounters.Snapshot> value) {}

    private static CounterDef counter(String name, String help, ToDoubleFunction<RunCounters.Snapshot> value,
                                      String... labels) {
        return new CounterDef(name, help, labels, value);
    }

    /** The record's common counters ({@code counters} of goload.run/2), one entry per key. */
    private static final List<CounterDef> COUNTERS = List.of(
            counter("goload_offered_requests", "Push requests the schedule offered", RunCounters.Snapshot::offeredReq),
            counter("goload_sent_requests", "Push requests sent", RunCounters.Snapshot::sentReq),
            counter("goload_achieved_requests", "Push requests answered 2xx", RunCounters.Snapshot::achievedReq),
            counter("goload_shed_requests", "Push requests shed, never sent", RunCounters.Snapshot::shedCapReq,
                    "reason", "cap"),
            counter("goload_shed_requests", "Push requests shed, never sent", RunCounters.Snapshot::shedBehindReq,
                    "reason", "behind"),
            counter("goload_pushed_messages", "Messages the broker accepted", RunCounters.Snapshot::pushedMsgs),
            counter("goload_push_failed_requests", "Push requests that failed", RunCounters.Snapshot::pushErrReq),
            counter("goload_push_canceled_requests", "Push requests cut off by the shutdown before any answer",
                    RunCounters.Snapshot::pushCanceledReq),
            counter("goload_push_items", "Items answered with a non-queued status inside a 2xx push",
                    RunCounters.Snapshot::itemFailed, "status", "failed"),
            counter("goload_push_items", "Items answered with a non-queued status inside a 2xx push",
                    RunCounters.Snapshot::itemDuplicate, "status", "duplicate"),
            counter("goload_push_items", "Items answered with a non-queued status inside a 2xx push",
                    RunCounters.Snapshot::itemBuffered, "status", "buffered"),
            counter("goload_pop_calls", "Pop calls", RunCounters.Snapshot::popCalls),
            counter("goload_pop_failed_calls", "Pop calls that failed", RunCounters.Snapshot::popErr),
            counter("goload_pop_canceled_calls", "Pop calls cut off by the run's stop (not failures)",
                    RunCounters.Snapshot::popCanceledCalls),
            counter("goload_empty_pops", "Pop calls that returned no message", RunCounters.Snapshot::emptyPops),
            counter("goload_popped_messages", "Messages popped", RunCounters.Snapshot::popped),
            counter("goload_ack_calls", "Ack calls", RunCounters.Snapshot::ackCalls),
            counter("goload_acked_messages", "Messages acked", RunCounters.Snapshot::acked),
            counter("goload_ack_failed", "Ack failures", RunCounters.Snapshot::ackErr),
            counter("goload_ack_canceled_calls", "Ack calls cut off by the run's stop (not failures)",
                    RunCounters.Snapshot::ackCanceledCalls),
            counter("goload_ack_call_seconds", "Time spent in ack calls", s -> s.ackMicros() / 1e6),
            counter("goload_backoffs", "Consumer and closed-loop producer pauses grown after consecutive failures",
                    RunCounters.Snapshot::backoffs),
            counter("goload_backoff_seconds", "Time spent in those grown pauses", s -> s.backoffMillis() / 1e3));

    private final Labels identity;
    private final Runnable onFinalServed;
    private volatile RunMetricsState state = RunMetricsState.INITIAL;

    /**
     * @param identity      the labels of every series (run_id, mode[, shard])
     * @param onFinalServed called on each scrape that served the run's final figures
     */
    RunMetricsCollector(Labels identity, Runnable onFinalServed) {
        this.identity = identity;
        this.onFinalServed = onFinalServed;
    }

    void publish(RunMetricsState s) {
        state = s;
    }

    @Override
    public MetricSnapshots collect() {
        RunMetricsState s = state;
        List<MetricSnapshot> out = new ArrayList<>();
        counters(s, out);
        gauges(s, out);
        out.add(histograms(s));
        if (s.finished()) onFinalServed.run();
        return new MetricSnapshots(out);
    }

    private void counters(RunMetricsState s, List<MetricSnapshot> out) {
        String family = null;
        List<CounterDataPointSnapshot> points = new ArrayList<>();
        String help = null;
        for (CounterDef d : COUNTERS) {
            if (!d.name().equals(family)) {
                if (family != null) out.add(new CounterSnapshot(metadata(family, help), points));
                family = d.name();
                help = d.help();
                points = new ArrayList<>();
            }
            points.add(counterPoint(d.value().applyAsDouble(s.total()), d.labels()));
        }
        out.add(new CounterSnapshot(metadata(family, help), points));
        List<CounterDataPointSnapshot> errors = new ArrayList<>();
        for (Map.Entry<String, Long> e : s.total().errorsByKind().entrySet()) {
            String key = e.getKey();
            int dot = key.indexOf('.');
            errors.add(counterPoint(e.getValue(), "operation", key.substring(0, dot), "kind", key.substring(dot + 1)));
        }
        out.add(new CounterSnapshot(new MetricMetadata("goload_errors",
                "Failed calls by operation (push, pop, ack, configure) and kind; kind=canceled counts calls the"
                        + " run itself cut off, which no error total includes"), errors));
        out.add(new CounterSnapshot(metadata("goload_loader_gc_pauses", "Stop-the-world GC pauses of the loader"),
                List.of(counterPoint(s.gcPauses()))));
        out.add(new CounterSnapshot(new MetricMetadata("goload_loader_gc_pause_seconds",
                "Stop-the-world GC pause time of the loader", Unit.SECONDS), List.of(counterPoint(s.gcPauseMs() / 1e3))));
        ConnectionFigures k = s.connections();
        out.add(new CounterSnapshot(metadata("goload_connections_opened", "Sockets the loader dialled to the broker"
                + " (TCP connect completed; the warm-up's included)"), List.of(counterPoint(k.opened()))));
        out.add(new CounterSnapshot(metadata("goload_connections_closed", "Sockets to the broker closed, by who ended"
                + " them first: by=loader (idle cap, idle timeout, Connection: close, cancel) or by=peer (EOF or"
                + " reset seen)"), List.of(counterPoint(k.closed() - k.closedByPeer(), "by", "loader"),
                counterPoint(k.closedByPeer(), "by", "peer"))));
    }

    private void gauges(RunMetricsState s, List<MetricSnapshot> out) {
        out.add(gauge("goload_inflight_requests", "Push requests outstanding at the interval's end", s.inflight()));
        out.add(gauge("goload_lag_messages", "Messages pushed and not yet popped", s.total().pushedMsgs()
                - s.total().popped()));
        out.add(gauge("goload_live_tasks", "Live producer, consumer and ack tasks", s.liveTasks()));
        out.add(gauge("goload_loader_cpu_cores", "CPU the loader used over the interval, in cores", s.cpuCores()));
        out.add(gaugeUnit("goload_loader_rss_bytes", "Resident memory of the loader", s.rssBytes(), Unit.BYTES));
        out.add(gaugeUnit("goload_loader_heap_used_bytes", "Java heap in use", s.heapUsedBytes(), Unit.BYTES));
        out.add(gauge("goload_loader_bound", "1 when the loader itself limited the interval (a loader problem, not"
                + " the broker's)", s.loaderBound() ? 1 : 0));
        ConnectionFigures k = s.connections();
        out.add(gauge("goload_connections_open", "Sockets to the broker open at the interval's end", k.openAtEnd()));
        out.add(gauge("goload_connections_peak_open", "Most sockets to the broker open at once since the start",
                k.peakOpen()));
        // NaN while unknown (no /proc): the series exists in every scrape, a gap rather than a false 0
        out.add(gauge("goload_connections_time_wait_peak", "Most TCP sockets in TIME_WAIT to or from the broker's"
                + " port seen on this machine since the start (NaN: unreadable)",
                k.timeWaitPeak() == null ? Double.NaN : k.timeWaitPeak()));
        out.add(gaugeUnit("goload_run_elapsed_seconds", "Time since T0 at the last interval", s.elapsedSec(),
                Unit.SECONDS));
        out.add(gauge("goload_run_finished", "1 once the run's final figures are published", s.finished() ? 1 : 0));
    }

    private HistogramSnapshot histograms(RunMetricsState s) {
        List<HistogramDataPointSnapshot> points = new ArrayList<>();
        for (Map.Entry<String, LatencyBuckets> e : s.latency().entrySet()) {
            LatencyBuckets b = e.getValue();
            LatencyBuckets.Native n = b.nativeBuckets(LatencyBuckets.DEFAULT_MAX_NATIVE_BUCKETS);
            points.add(new HistogramDataPointSnapshot(b.classic(CLASSIC_BOUNDS_MICROS), n.schema(), n.zeroCount(), 0,
                    n.positive(), NativeHistogramBuckets.EMPTY, b.sumSeconds(), identity.add("tag", e.getKey()),
                    Exemplars.EMPTY, 0));
        }
        return new HistogramSnapshot(new MetricMetadata("goload_latency_seconds", "Latency of each recorder tag"
                + " (push: from the scheduled instant; service: from the send; e2e, ack, …) since T0, exact to"
                + " HdrHistogram's resolution", Unit.SECONDS), points);
    }

    private static MetricMetadata metadata(String name, String help) {
        return name.endsWith("_seconds") ? new MetricMetadata(name, help, Unit.SECONDS) : new MetricMetadata(name, help);
    }

    private CounterDataPointSnapshot counterPoint(double value, String... labels) {
        Labels l = identity;
        for (int i = 0; i < labels.length; i += 2) l = l.add(labels[i], labels[i + 1]);
        return new CounterDataPointSnapshot(value, l, null, 0);
    }

    private GaugeSnapshot gauge(String name, String help, double value) {
        return gaugeUnit(name, help, value, null);
    }

    private GaugeSnapshot gaugeUnit(String name, String help, double value, Unit unit) {
        return new GaugeSnapshot(new MetricMetadata(name, help, unit), List.of(new GaugeDataPointSnapshot(value,
                identity, null)));
    }
}
