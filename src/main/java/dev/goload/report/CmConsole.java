package dev.goload.report;

import dev.goload.config.CmConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.modes.RunResult;
import dev.goload.modes.cm.CmNote;
import dev.goload.modes.cm.CmSnapshot;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code cm} console lines (goload-behavior.md §2.6): header, the run's notes (configure, warm-up, shutdown), one
 * report line per full interval (the partial last one is in the final block, as in the reference), the final block.
 * Byte-compatible with the reference (Go {@code %f} rounding through {@link GoFmt}).
 *
 * <p>Threading: called from the run's reporter thread (and the header from the command's).
 */
public final class CmConsole implements RunListener<CmSnapshot> {
    private final PrintStream out;
    /** The figures at the previous report line (T0's for the first): rates are taken between two of them. */
    private CmSnapshot prev;

    public CmConsole(PrintStream out) {
        this.out = out;
    }

    public void header(CmConfig c) {
        out.printf(Locale.ROOT, "goload -mode cm -> %s properties=%d rate-events=%d (A=%d B=%d) ramp=%ds duration=%ds%n",
                c.target().url(), c.properties(), c.rateEvents(), c.rateA(), c.rateB(), c.rampSec(), c.durationSec());
        out.printf(Locale.ROOT, "  executors: db=%d cal=%d ota=%d/group | pop-workers: db=%d cal=%d ota=%d/group x%d groups"
                        + " | push-shards=%d/flow pop-batch=%d pop-partitions=%d pop-wait=%s%n",
                c.executorDb(), c.executorCal(), c.executorOta(), c.popWorkers(c.rateA()), c.popWorkers(c.rateB()),
                c.popWorkers(c.rateA()), 10, c.shards(), c.popBatch(), c.popPartitions(), c.popWait());
        out.printf(Locale.ROOT, "  queues: dedupWindow=%ds completedRetention=%ds leaseTime=%ds | logdir=%s%n",
                c.dedupWindow(), c.completedRetention(), c.leaseTime(), c.logdir());
    }

    @Override
    public void onNote(RunNote note) {
        switch (note) {
            case CmNote.ConfigureWarning w -> out.println("[configure] WARNING " + w.queue() + ": " + w.message());
            case CmNote.Configured c -> out.println("[configure] " + String.join(" ", c.queues()) + " ready");
            case CmNote.WarmupStart w -> out.printf(Locale.ROOT,
                    "[warmup] seq-0 push for %d properties x 2 flows (conc=%d/flow)...%n", w.properties(),
                    w.concurrencyPerFlow());
            case CmNote.WarmupIngressDone w -> out.println("[warmup] ingress done in " + GoFmt.f(1, w.seconds())
                    + "s, draining pipeline...");
            case CmNote.WarmupComplete w -> out.println("[warmup] complete in " + GoFmt.f(1, w.seconds())
                    + "s — starting rated load");
            case CmNote.LoaderWarm w -> out.println(w.result().line());
            case CmNote.Started s -> prev = s.atStart();
            case CmNote.Shutdown s -> {
                if (!s.drained()) out.println("[shutdown] worker drain timed out (15s) — proceeding");
                out.println(BackoffLine.of(s.backoffs(), s.backoffMillis()));
            }
            case dev.goload.modes.StartGate.Started st -> StartLines.print(out, st);
            case RunNote.Text t -> out.println(t.line());
            default -> { }
        }
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends CmSnapshot> s) {
        if (s.last() || s.mode() == null) return;
        CmSnapshot p = prev != null ? prev : s.mode();
        interval(s.endEpochMs(), s.seconds(), s.mode(), p, s.latency("e2e").p50(), s.latency("e2e").p99(),
                s.liveTasks());
        prev = s.mode();
    }

    /** One report line from two cumulative snapshots {@code secs} apart. */
    public void interval(long epochMillis, double secs, CmSnapshot n, CmSnapshot p, double p50, double p99,
                         int liveTasks) {
        double s = secs > 0 ? secs : 1;
        double e2e = ((n.ota() - p.ota()) + (n.otap() - p.otap())) / 5.0 / s;
        out.println("[" + GoFmt.hms(epochMillis) + "] prodA=" + GoFmt.f(6, 0, (n.producedA() - p.producedA()) / s)
                + " prodB=" + GoFmt.f(6, 0, (n.producedB() - p.producedB()) / s)
                + " | db=" + GoFmt.f(6, 0, (n.db() - p.db()) / s) + " cal=" + GoFmt.f(6, 0, (n.cal() - p.cal()) / s)
                + " ota=" + GoFmt.f(7, 0, (n.ota() - p.ota()) / s) + " otap=" + GoFmt.f(7, 0, (n.otap() - p.otap()) / s)
                + " acked=" + GoFmt.f(7, 0, (n.acked() - p.acked()) / s) + " e2e=" + GoFmt.f(6, 0, e2e) + "/s"
                + " | p50=" + GoFmt.f(6, 2, p50) + " p99=" + GoFmt.f(7, 2, p99) + " ms"
                + " | lag avail=" + (n.producedA() - n.db()) + " prices=" + (n.producedB() - n.cal())
                + " otaSync=" + (n.dbDerived() - n.minOta()) + " otaPrices=" + (n.calDerived() - n.minOtap())
                + " | ackErr=" + n.ackErr() + " pushErr=" + n.pushErr() + " shed=" + n.shed() + " gor=" + liveTasks);
    }

    /**
     * The final block: the reference's blank line, goload's {@code [final] +} additions (whole-run e2e — the
     * reference printed interval percentiles only —, give-ups and pop errors, the client's keep-alive reconnects, the
     * loader's self-measurement, a {@code [final] + errors <family> kind=n …} line per family that had an error),
     * then the reference's {@code [final] producedA=…} line, which stays the last line starting {@code [final]}.
     */
    public void fin(CmSnapshot f, LatencySummary e2e, RunResult.LoaderSummary loader, long reconnects,
                    Map<String, ErrorStats.Snapshot> errors) {
        out.println();
        out.println("[final] + e2e n=" + e2e.count() + " p50=" + GoFmt.f(2, e2e.p50()) + " p99=" + GoFmt.f(2, e2e.p99())
                + " p999=" + GoFmt.f(2, e2e.p999()) + " max=" + GoFmt.f(2, e2e.max()) + " ms (from the scheduled instant)");
        if (f.pushGaveUp() > 0 || f.popErr() > 0 || f.undecodable() > 0) {
            out.printf(Locale.ROOT, "[final] + pushGaveUp=%d popErr=%d undecodable=%d%n", f.pushGaveUp(), f.popErr(),
                    f.undecodable());
        }
        ReconnectLines.printFinal(out, reconnects);
        LoaderLines.printFinal(out, loader);
        ErrorKindLines.print(out, "[final] + ", errors);
        CanceledLine.printFinal(out, errors);
        out.printf(Locale.ROOT, "[final] producedA=%d producedB=%d | db=%d cal=%d ota=%d otap=%d | acked=%d ackErr=%d"
                        + " pushErr=%d pushRetry=%d shed=%d%n", f.producedA(), f.producedB(), f.db(), f.cal(), f.ota(),
                f.otap(), f.acked(), f.ackErr(), f.pushErr(), f.pushRetry(), f.shed());
    }
}
