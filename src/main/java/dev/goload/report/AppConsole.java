package dev.goload.report;

import dev.goload.config.AppConfig;
import dev.goload.metrics.LatencySummary;
import dev.goload.modes.RunResult;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.app.AppCounters;
import dev.goload.modes.app.AppNote;
import dev.goload.modes.app.AppResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.verify.OrderVerdict;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The {@code -mode app} console (goload-behavior.md §2.8): the reference's header, report and final lines with
 * Go's number formatting, goload-java's additions on their own lines ({@code + …}) so existing parsers keep
 * working — at the end before the reference's {@code [final]} line, which stays the last one — and the verdict line;
 * the run's notes (reset, configure, bursts, drain) in the reference's words. Percentiles come from HdrHistogram:
 * interval values on the report line ({@code pushRtt} is the push path's {@code service}), whole-run values in the
 * final block. Called from the run's reporter thread only (notes: from the engine's threads, one line each).
 */
public final class AppConsole implements RunListener<AppCounters.Snapshot> {
    private final AppConfig cfg;
    private final PrintStream out;
    /** app's figures at the previous interval: the report line's rates are taken between two of them. */
    private AppCounters.Snapshot prev;

    public AppConsole(AppConfig cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
    }

    public void printHeader() {
        AppConfig.Load l = cfg.load();
        AppConfig.Topology t = cfg.topo();
        AppConfig.Consume c = cfg.consume();
        AppConfig.Work w = cfg.work();
        AppConfig.Reliability r = cfg.reliab();
        out.printf(Locale.ROOT, "goload -mode app -> %s%n", cfg.target().url());
        out.printf(Locale.ROOT, "  load:    target=%d msg/s  producers=%d (single-writer/session)  pushBatch=%d  payload=%d-%dB%n",
                l.targetRate(), cfg.effectiveProducers(), l.pushBatch(), l.payloadMin(), l.payloadMax());
        out.printf(Locale.ROOT, "  topo:    queue=%s  sessions=%d  skew=%s  churn=%s/min%n", t.queue(), t.sessions(),
                GoFmt.f(2, t.skew()), GoFmt.f(2, t.churnPerMinute()));
        out.printf(Locale.ROOT, "  consume: groups=%d  consumers/group=%d  popBatch=%d  popPartitions=%d  wait=%s%n", c.groups(),
                cfg.consumersPerGroup(), c.popBatch(), c.popPartitions(), c.popWait());
        out.printf(Locale.ROOT, "  work:    process=%dms +/-%s%%  slowMsg=%s%%@%dms  slowPart=%s%%@%dms%n", w.processMs(),
                GoFmt.f(0, w.jitter() * 100), GoFmt.f(1, w.slowMsgPct()), w.slowMsgMs(), GoFmt.f(1, w.slowPartPct()),
                w.slowPartMs());
        out.printf(Locale.ROOT, "  reliab:  fail=%s%%  poison=%s%%  retryLimit=%d  lease=%ds renew=%s%n", GoFmt.f(1, r.failPct()),
                GoFmt.f(1, r.poisonPct()), r.retryLimit(), r.leaseSeconds(), r.renewLease());
        out.printf(Locale.ROOT, "  pipeline: tx=%s%% of primary-group -> %s (drained by %d consumers @%dms)%n", GoFmt.f(1, r.txPct()),
                t.stage2Queue(), w.stage2Consumers(), w.stage2ProcessMs());
        if (!cfg.run().verifyLog().isEmpty()) {
            out.printf(Locale.ROOT, "  verify:  raw logs -> %s  reset=%s%n", cfg.run().verifyLog(), t.reset());
        }
        if (cfg.run().producerSeconds() > 0) {
            out.printf(Locale.ROOT, "  drain:   producers stop at %ds, then drain until quiet for %ds (clean zero-loss proof)%n",
                    cfg.run().producerSeconds(), cfg.run().drainQuietSeconds());
        }
        if (l.producers() > t.sessions()) {
            out.printf(Locale.ROOT, "  WARNING: producers(%d) > sessions(%d) -> using %d producers so every partition keeps a"
                    + " single writer (the per-partition order check needs it)%n", l.producers(), t.sessions(),
                    cfg.effectiveProducers());
        }
        if (l.burstMult() != 1.0) {
            out.printf(Locale.ROOT, "  burst:   x%s for %s every %s%n", GoFmt.f(1, l.burstMult()), GoFmt.duration(l.burstFor()),
                    GoFmt.duration(l.burstEvery()));
        }
        out.println("  + closed loop: producers wait for their own pushes, so a slow broker lowers the offered rate"
                + " instead of raising latency; qDelay/e2e are measured from the actual push time (not"
                + " coordinated-omission corrected). Use -mode openloop for offered-load latency.");
        if (l.targetRate() == 0) {
            out.println("  + target-rate 0: unpaced closed loop (each producer pushes as soon as its previous push"
                    + " returned), not an open loop");
        }
    }

    @Override
    public void onNote(RunNote note) {
        switch (note) {
            case AppNote.Reset r -> out.printf(Locale.ROOT, "[reset] deleted %s, %s%n", r.queue(), r.stage2Queue());
            case AppNote.Configured c -> out.printf(Locale.ROOT,
                    "[configure] %s leaseTime=%ds retryLimit=%d completedRet=%ds pendingRet=%ds%n", c.queue(),
                    c.leaseSeconds(), c.retryLimit(), c.completedRetention(), c.pendingRetention());
            case AppNote.ConfigureWarning w -> out.printf(Locale.ROOT, "[configure] WARNING %s: %s%n", w.queue(),
                    w.message());
            case AppNote.DeadLetterOptions d -> out.println("[configure] + deadLetterQueue=true dlqAfterMaxRetries=true"
                    + " (poison is dead-lettered on every broker generation)");
            case AppNote.BurstStart b -> out.printf(Locale.ROOT, "[%s] burst: x%s for %s%n", GoFmt.hms(b.epochMs()),
                    GoFmt.f(1, b.multiplier()), GoFmt.duration(b.length()));
            case AppNote.BurstOver b -> out.printf(Locale.ROOT, "[%s] burst over%n", GoFmt.hms(b.epochMs()));
            case AppNote.ProducersStopped p -> out.printf(Locale.ROOT,
                    "[%s] producers stopped after %ds; draining until no consume progress for %ds%n",
                    GoFmt.hms(p.epochMs()), p.afterSeconds(), p.quietSeconds());
            case AppNote.Drained d -> out.printf(Locale.ROOT, "[%s] drained (no consume progress for %ds) -> stopping%n",
                    GoFmt.hms(d.epochMs()), d.quietSeconds());
            case AppNote.RawLogWarning w -> out.printf(Locale.ROOT, "[verify-log] WARNING: %s%n", w.message());
            case RunNote.Text t -> out.println(t.line());
            default -> { }
        }
    }

    /**
     * The reference's report line and goload's addition line for every full interval; the partial last one (the
     * shutdown's) is left to the final block, as in the reference.
     */
    @Override
    public void onInterval(IntervalSnapshot<? extends AppCounters.Snapshot> s) {
        AppCounters.Snapshot t = s.mode();
        if (s.last() || t == null) {
            prev = t;
            return;
        }
        AppCounters.Snapshot p = prev;
        prev = t;
        RunCounters.Snapshot d = s.delta();
        RunCounters.Snapshot all = s.total();
        LatencySummary q = s.latency("qDelay");
        LatencySummary e = s.latency("e2e");
        LatencySummary rtt = s.latency("service");
        out.printf(Locale.ROOT, "[%s] push=%s/s pop=%s/s done=%s/s fail=%s/s tx=%s/s s2=%s/s | qDelay ms p50=%s p99=%s p999=%s"
                        + " | e2e ms p50=%s p99=%s p999=%s | inflight=%d redeliv=%d viol=%d empty=%d errs p=%d c=%d"
                        + " ack=%d tx=%d (n=%d)%n",
                GoFmt.hms(s.endEpochMs()), GoFmt.f(6, 0, s.rate(d.pushedMsgs())),
                GoFmt.f(6, 0, s.rate(t.poppedAll() - (p == null ? 0 : p.poppedAll()))),
                GoFmt.f(6, 0, s.rate(t.completedAll() - (p == null ? 0 : p.completedAll()))),
                GoFmt.f(5, 0, s.rate(t.failedAll() - (p == null ? 0 : p.failedAll()))),
                GoFmt.f(5, 0, s.rate(t.txCommits() - (p == null ? 0 : p.txCommits()))),
                GoFmt.f(5, 0, s.rate(t.stage2Acked() - (p == null ? 0 : p.stage2Acked()))),
                GoFmt.f(0, q.p50()), GoFmt.f(0, q.p99()), GoFmt.f(0, q.p999()),
                GoFmt.f(0, e.p50()), GoFmt.f(0, e.p99()), GoFmt.f(0, e.p999()), t.inflight(),
                t.redeliveries(), t.violations(), all.emptyPops(), all.pushErrReq(), all.popErr(), t.ackErrCalls(),
                t.txErr(), q.count());
        out.printf(Locale.ROOT, "[%s] + dlq=%d leaseRenews=%d renewErr=%d pushRtt ms p50=%s p99=%s | interval %ss%n",
                GoFmt.hms(s.endEpochMs()), t.deadLetteredAll(), t.leaseRenews(), t.leaseRenewErr(),
                GoFmt.f(2, rtt.p50()), GoFmt.f(2, rtt.p99()), GoFmt.f(2, s.seconds()));
    }

    /**
     * The final block: the reference's blank line, goload's {@code [final] +} additions (the client's keep-alive
     * reconnects when known, {@code reconnects >= 0}, and the loader's self-measurement when given), then the
     * reference's block — its {@code [final] pushed=…} line, the last line starting {@code [final]}, and its indented
     * lines — and the verdict line.
     */
    public void printFinal(AppResult r, RunResult.LoaderSummary loader, long reconnects) {
        AppCounters.Snapshot t = r.app();
        RunCounters.Snapshot c = r.total();
        OrderVerdict v = r.verdict();
        out.println();
        for (int g = 0; g < t.popped().length; g++) {
            out.printf(Locale.ROOT, "[final] + cg%d: deadLettered=%d settled=%d backlog=%d%n", g, t.deadLettered()[g],
                    t.settled()[g], t.backlog(g));
        }
        out.printf(Locale.ROOT, "[final] + pushItemFailed=%d ackErrMsgs=%d leaseRenewErr=%d stage2AckErr=%d foreign=%d"
                        + " unjudged=%d checkerEvictions=%d%n", c.itemFailed(), c.ackErr(), t.leaseRenewErr(),
                t.stage2AckErr(), t.foreign(), v.unjudged(), v.evicted());
        out.println(BackoffLine.of(c.backoffs(), c.backoffMillis()));
        out.printf(Locale.ROOT, "[final] + achieved push=%s msg/s (target %d) over %ss, producers=%d consumers/group=%d, stop=%s%n",
                GoFmt.f(0, r.pushRate()), cfg.load().targetRate(), GoFmt.f(1, r.seconds()), r.producers(),
                r.consumersPerGroup(), r.stopReason());
        out.println("[final] + latency, whole run (HdrHistogram; closed loop, not coordinated-omission corrected):");
        for (var e : r.latency().entrySet()) {
            LatencySummary p = e.getValue();
            out.printf(Locale.ROOT, "[final] +   %s ms p50=%s p90=%s p99=%s p999=%s max=%s (n=%d)%n", e.getKey(), GoFmt.f(2, p.p50()),
                    GoFmt.f(2, p.p90()), GoFmt.f(2, p.p99()), GoFmt.f(2, p.p999()), GoFmt.f(2, p.max()), p.count());
        }
        if (r.rawLogError() != null) {
            out.printf(Locale.ROOT, "[final] + WARNING raw logs incomplete: %s%n", r.rawLogError());
        }
        for (String e : r.configureErrors()) {
            out.printf(Locale.ROOT, "[final] + WARNING configure failed for %s%n", e);
        }
        if (reconnects >= 0) {
            ReconnectLines.printFinal(out, reconnects);
        }
        if (loader != null) {
            LoaderLines.printFinal(out, loader);
        }
        ErrorKindLines.print(out, "[final] + ", r.errorsByKind());
        CanceledLine.printFinal(out, r.errorsByKind());
        out.printf(Locale.ROOT, "[final] pushed=%d (dup=%d, pushErr=%d)%n", c.pushedMsgs(), c.itemDuplicate(),
                c.pushErrReq());
        for (int g = 0; g < t.popped().length; g++) {
            out.printf(Locale.ROOT, "        cg%d: popped=%d completed=%d failed=%d%n", g, t.popped()[g], t.completed()[g],
                    t.failed()[g]);
        }
        out.printf(Locale.ROOT, "        stage2: pushed=%d acked=%d (popErr=%d)%n", t.stage2Pushed(), t.stage2Acked(),
                t.stage2PopErr());
        out.printf(Locale.ROOT, "        txCommits=%d txErr=%d redeliveries=%d leaseRenews=%d popErr=%d ackErr=%d emptyPops=%d%n",
                t.txCommits(), t.txErr(), t.redeliveries(), t.leaseRenews(), c.popErr(), t.ackErrCalls(), c.emptyPops());
        out.printf(Locale.ROOT, "        order: inOrder=%d redeliv(seq<exp)=%d VIOLATIONS(seq>exp)=%d%n", v.inOrder(), v.dups(),
                v.violations());
        for (String s : v.samples()) {
            out.printf(Locale.ROOT, "          ! %s%n", s);
        }
        if (r.rawLogDir() != null) {
            out.printf(Locale.ROOT, "        raw logs in %s (cg*.tsv, manifest.tsv). Verify: python3 verify-order.py %s%n",
                    r.rawLogDir(), r.rawLogDir());
        }
        out.printf(Locale.ROOT, "        DLQ (poison) is visible via the dashboard or `queenctl dlq peek %s`.%n", cfg.topo().queue());
        out.printf(Locale.ROOT, "VERDICT: %s  (%s)%n", v.label(), v.reason());
    }
}
