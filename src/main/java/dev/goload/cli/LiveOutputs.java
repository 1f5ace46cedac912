package dev.goload.cli;

import dev.goload.config.MetricsOptions;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.report.ProgressLine;
import dev.goload.report.metrics.MetricsExporter;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a run shows while it goes, from the result flags ({@link FlagTables#addResultFlags}): the progress line of a
 * finite run ({@code -progress}, on by default) and the live metrics endpoint ({@code -metrics-addr}). One per run:
 * {@link #start} before the run (the endpoint is up from then on), {@link #listeners} join the reporter's after the
 * mode's console, {@link #close} after the record is written (the {@code -metrics-linger} wait happens there).
 */
final class LiveOutputs implements AutoCloseable {
    /** Nothing live: no progress line, no endpoint (a mode without the result flags). */
    static final LiveOutputs NONE = new LiveOutputs(null, List.of());

    private final MetricsExporter metrics;
    private final List<RunListener<Object>> listeners;

    private LiveOutputs(MetricsExporter metrics, List<RunListener<Object>> listeners) {
        this.metrics = metrics;
        this.listeners = List.copyOf(listeners);
    }

    /** A problem with the live-output flags of {@code f}, as {@code -flag …}; empty when they are fine. */
    static Optional<String> check(ParsedFlags f) {
        if (!f.table().has("metrics-addr")) return Optional.empty();
        try {
            FlagTables.metrics(f);
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
     * @throws IOException when {@code -metrics-addr} cannot be bound (a setup failure, exit 1)
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
        return new LiveOutputs(m, l);
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
        if (metrics != null) metrics.close();
    }
}
