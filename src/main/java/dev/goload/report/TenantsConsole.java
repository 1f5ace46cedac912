package dev.goload.report;

import dev.goload.config.TenantsConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.tenants.TenantsFigures;
import dev.goload.modes.tenants.TenantsNote;
import dev.goload.modes.tenants.TenantsResult;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * Every console line of {@code -mode tenants} (goload-behavior.md §2.7), byte for byte with Go's number formatting:
 * the header, the {@code [provision]} and {@code [shutdown]} notes, the interval lines (whole intervals only: the
 * reference's ticker shows no partial last one) and the final block. goload's additions (keep-alive reconnects, the
 * loader's self-measurement, errors by kind, error backoffs) come before the reference's {@code [final]} line, which
 * stays the last line starting {@code [final]}. Called from the run's reporter thread (and engine threads for notes:
 * each line is one {@code printf}), then the command's.
 */
public final class TenantsConsole implements RunListener<TenantsFigures> {
    private final PrintStream out;

    public TenantsConsole(PrintStream out) {
        this.out = out;
    }

    /** The reference's header, and its traffic line unless {@code -idle-only}. */
    public void header(TenantsConfig c) {
        out.printf("goload -mode tenants -> %s tenants=%d queues=%d consumers=%d idleOnly=%b%n", c.url(), c.tenants(),
                c.queues(), c.queues() * c.consumersPerQueue(), c.idleOnly());
        if (!c.idleOnly()) {
            out.printf("  traffic: per-tenant %d msg/s <-> %d msg/s every %ds (stagger=%b) | aggregate %d <-> %d msg/s%n",
                    c.phaseHigh(), c.phaseLow(), c.phaseSec(), c.stagger(), (long) c.phaseHigh() * c.tenants(),
                    (long) c.phaseLow() * c.tenants());
        }
    }

    @Override
    public void onNote(RunNote note) {
        switch (note) {
            case TenantsNote.Provisioned p ->
                    out.printf("[provision] %d queues configured in %ss%n", p.queues(), GoFmt.f(1, p.seconds()));
            case TenantsNote.ProvisionFailed f -> out.printf("[provision] FAILED: %d/%d queues%n", f.failed(), f.queues());
            case TenantsNote.ShutdownCut s ->
                    out.printf("[shutdown] %d task(s) did not stop within %ds%n", s.liveTasks(), s.waitSeconds());
            case dev.goload.modes.StartGate.Started st -> StartLines.print(out, st);
            default -> { }
        }
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends TenantsFigures> s) {
        if (s.last()) return;
        RunCounters.Snapshot d = s.delta();
        RunCounters.Snapshot t = s.total();
        out.printf(Locale.ROOT, "[%s] push=%s/s pop=%s/s ack=%s/s empty=%s/s | e2e p50=%s p99=%s ms | lag=%d"
                        + " | errs push=%d pop=%d ack=%d gor=%d%n", GoFmt.hms(s.endEpochMs()),
                GoFmt.f(7, 0, s.rate(d.pushedMsgs())), GoFmt.f(7, 0, s.rate(d.popped())),
                GoFmt.f(7, 0, s.rate(d.acked())), GoFmt.f(7, 0, s.rate(d.emptyPops())),
                GoFmt.f(7, 2, s.latency("e2e").p50()), GoFmt.f(8, 2, s.latency("e2e").p99()),
                t.pushedMsgs() - t.popped(), t.pushErrReq(), t.popErr(), t.ackErr(), s.liveTasks());
    }

    /** The final block of a run that provisioned (a failed provisioning ends on its {@code [provision]} line). */
    public void printFinal(TenantsResult r) {
        RunOutcome o = r.outcome();
        printFinal(o.counters(), r.figures(), o.loader(), o.reconnects(), o.errors());
    }

    /**
     * The reference's blank line, goload's {@code [final] +} lines (the client's keep-alive reconnects, the loader's
     * self-measurement, a {@code [final] + errors <family> kind=n … (first: message)} line per error family that had
     * any: its counts say how many failed, this line says why, the error backoffs), then the reference's final line.
     */
    public void printFinal(RunCounters.Snapshot t, TenantsFigures f, RunResult.LoaderSummary loader, long reconnects,
                           Map<String, ErrorStats.Snapshot> errors) {
        out.println();
        ReconnectLines.printFinal(out, reconnects);
        LoaderLines.printFinal(out, loader);
        ErrorKindLines.print(out, "[final] + ", errors);
        CanceledLine.printFinal(out, errors);
        out.println(BackoffLine.of(t.backoffs(), t.backoffMillis()));
        out.printf(Locale.ROOT, "[final] pushed=%d popped=%d acked=%d empty=%d | tail: %d msgs across %d queues"
                        + " | errs push=%d pop=%d ack=%d%n", t.pushedMsgs(), t.popped(), t.acked(), t.emptyPops(),
                f.tail(), f.tailQueues(), t.pushErrReq(), t.popErr(), t.ackErr());
    }
}
