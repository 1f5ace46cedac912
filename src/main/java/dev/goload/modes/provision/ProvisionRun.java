package dev.goload.modes.provision;

import dev.goload.config.ProvisionConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunListener;
import dev.goload.pace.NanoClock;
import java.time.Clock;
import java.util.List;

/**
 * {@code -mode provision} as a run like the others, so it leaves a {@code goload.run/2} record: the
 * {@link Provisioner} workflow inside one {@link IntervalReporter} span. Provision has no push or pop traffic, so the
 * common counters stay zero and the whole run is one (partial, last) interval; its notes reach the listeners through
 * the reporter. Single-threaded: the caller's thread runs the workflow and the reporter.
 */
public final class ProvisionRun {
    /** One interval spans the whole run: nothing happens in it that a per-second row would show. */
    private static final long PERIOD_NANOS = Long.MAX_VALUE / 4;

    private final ProvisionConfig c;
    private final Clock clock;
    private final NanoClock nanos;
    private final LoaderMonitor monitor;
    private final IntervalReporter<Void> reporter;

    public ProvisionRun(ProvisionConfig c, Clock clock, NanoClock nanos, LoaderBoundRules rules,
                        List<? extends RunListener<? super Void>> listeners) {
        this.c = c;
        this.clock = clock;
        this.nanos = nanos;
        RunRecorders recorders = new RunRecorders();
        this.monitor = new LoaderMonitor(rules, recorders.hiccup);
        this.reporter = new IntervalReporter<>("provision", nanos, new RunCounters(), recorders, monitor,
                new IntervalReporter.Probe<>() {}, listeners);
    }

    /** Runs the workflow against the backend {@code open} opens; {@code runId} names the outcome. */
    public ProvisionResult run(String runId, Provisioner.BackendOpener open) {
        try (monitor) {
            return runMeasured(runId, open);
        }
    }

    private ProvisionResult runMeasured(String runId, Provisioner.BackendOpener open) {
        reporter.begin(nanos.nanoTime(), PERIOD_NANOS);
        Provisioner p = new Provisioner(c, clock, nanos, reporter::note);
        boolean ok = p.run(open);
        reporter.finish("provision");
        return new ProvisionResult(ok, reporter.outcome(runId, ok ? "done" : "error: provisioning failed", null,
                null, 0), p.created(), c.file(), c.usesJdbc() ? "jdbc" : "psql", p.pending(), c.dryRun());
    }

    /** The notes of the psql backend's stderr go the same way as the workflow's. */
    public void psqlNotice(String line) {
        reporter.note(new ProvisionNote.PsqlNotice(line));
    }
}
