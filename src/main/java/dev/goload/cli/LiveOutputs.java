package dev.goload.cli;

import dev.goload.config.DashboardOptions;
import dev.goload.config.MetricsOptions;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.report.ProgressLine;
import dev.goload.report.dashboard.DashboardServer;
import dev.goload.report.metrics.MetricsExporter;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a run shows while it goes, from the result flags ({@link FlagTables#addResultFlags}): the progress line of a
 * finite run ({@code -progress}, on by default), the live metrics endpoint ({@code -metrics-addr}) and the live
 * dashboard ({@code -dashboard}). One per run: {@link #start} before the run (both servers are up from then on),
 * {@link #listeners} join the reporter's after the mode's console, {@link #finished} once the record and the HTML
 * report are written, {@link #close} after that (the {@code -metrics-linger} and {@code -dashboard-linger} waits
 * happen there).
 */
final class LiveOutputs implements AutoCloseable {
    /** Nothing live: no progress line, no endpoint (a mode without the result flags). */
    static final LiveOutputs NONE = new LiveOutputs(null, null, List.of());

    private final MetricsExporter metrics;
    private final DashboardServer dashboard;
    private final List<RunListener<Object>> listeners;

    private LiveOutputs(MetricsExporter metrics, DashboardServer dashboard, List<RunListener<Object>> listeners) {
        this.metrics = metrics;
        this.dashboard = dashboard;
        this.listeners = List.copyOf(listeners);
    }

    /**
     * A problem with the live-output flags of {@code f}, as {@code -flag …}; empty when they are fine. A
     * {@code -dashboard} address that cannot be bound now (a port in use) is one: exit 2 before anything starts.
     */
    static Optional<String> check(ParsedFlags f) {
        try {
            if (f.table().has("metrics-addr")) FlagTables.metrics(f);
            if (f.table().has("dashboard")) return DashboardServer.probe(FlagTables.dashboard(f));
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Binds the endpoint (announced on {@code err}: stdout stays the reference's) and makes the progress line.
     *
     * @param durationSeconds the run's planned length, 0 when it runs until stopped (no progress line)
     * @param shown           the intervals the mode's console prints ({@link ProgressLine#EVERY_INTERVAL}, …)
     * @throws IOException when {@code -metrics-addr} or {@code -dashboard} cannot be bound (a setup failure, exit 1;
     *                     a {@code -dashboard} port in use was already refused by {@link #check}, exit 2)
     */
    static LiveOutputs start(ParsedFlags f, String runId, String mode, long durationSeconds,
                             Predicate<IntervalSnapshot<?>> shown,
                             PrintStream out, PrintStream err) throws IOException {
        List<RunListener<Object>> l = new ArrayList<>();
        if (f.table().has("progress") && f.getBool("progress")) {
            ProgressLine.of(durationSeconds, shown, out).ifPresent(l::add);
        }
        MetricsOptions o = f.table().has("metrics-addr") ? FlagTables.metrics(f) : MetricsOptions.OFF;
        MetricsExporter m = null;
        if (o.enabled()) {
            m = MetricsExporter.start(o, runId, mode);
            m.announce(err);
            l.add(m);
        }
        DashboardOptions d = f.table().has("dashboard") ? FlagTables.dashboard(f) : DashboardOptions.OFF;
        DashboardServer dash = null;
        if (d.enabled()) {
            try {
                dash = DashboardServer.start(d, new DashboardServer.RunInfo(runId, mode, o.shardLabel(),
                        durationSeconds, f.table().has("report") ? f.getInt("report") : 0));
            } catch (IOException e) {
                if (m != null) m.close();
                throw e;
            }
            dash.announce(err);
            l.add(dash);
        }
        return new LiveOutputs(m, dash, l);
    }

    /** The run's record and HTML report are written (either may be null): the dashboard's final event. */
    void finished(java.nio.file.Path record, java.nio.file.Path html) {
        if (dashboard != null) dashboard.finish(record, html);
    }

    /** The dashboard's URL, null when there is none. */
    String dashboardUrl() {
        return dashboard == null ? null : dashboard.url();
    }

    /** The progress line first (it follows the console's lines), then the exporter. */
    List<RunListener<Object>> listeners() {
        return listeners;
    }

    /**
     * The same listeners typed for a mode whose run takes {@code RunListener<M>} only (they take any mode's
     * intervals, so each is wrapped, not cast).
     */
    <M> List<RunListener<M>> listenersOf() {
        List<RunListener<M>> typed = new ArrayList<>();
        for (RunListener<Object> l : listeners) {
            typed.add(new RunListener<M>() {
                @Override
                public void onHistogram(String tag, org.HdrHistogram.Histogram interval) {
                    l.onHistogram(tag, interval);
                }

                @Override
                public void onInterval(IntervalSnapshot<? extends M> s) {
                    l.onInterval(s);
                }

                @Override
                public void onNote(dev.goload.modes.run.RunNote note) {
                    l.onNote(note);
                }
            });
        }
        return typed;
    }

    /** The endpoint's URL, null when there is none. */
    String metricsUrl() {
        return metrics == null ? null : metrics.url();
    }

    @Override
    public void close() {
        try {
            if (metrics != null) metrics.close();
        } finally {
            if (dashboard != null) dashboard.close();
        }
    }
}
