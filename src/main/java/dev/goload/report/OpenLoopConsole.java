package dev.goload.report;

import dev.goload.config.OpenLoopConfig;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import java.io.PrintStream;

/**
 * The console of {@code -mode openloop}: the header, one report line per interval and the final line, each
 * byte-compatible with the reference's templates (goload-behavior.md §2.2) so existing parsers keep working.
 * What the reference did not report — shed by reason, failed-request latency, service time, the loader's
 * own CPU/GC/lateness, loader-bound warnings — goes on additional lines that start {@code [HH:MM:SS] +},
 * {@code [final] +} or contain {@code WARNING}, never inside the reference's lines; at the end they come before
 * the reference's final line, which stays the last line starting {@code [final]}.
 *
 * <p>A {@link RunListener} of the run's reporter (intervals, the configure and warm-up notes); the command calls
 * {@link #onEnd} with the run's outcome.
 */
public final class OpenLoopConsole implements RunListener<Void> {
    private final OpenLoopConfig cfg;
    private final PrintStream out;

    public OpenLoopConsole(OpenLoopConfig cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
    }

    public void printHeader() {
        var c = cfg.consumer();
        out.println("goload -mode openloop -> " + cfg.target().url() + " queue=" + cfg.queue().queue() + " partitions="
                + cfg.queue().partitions() + " consumers=" + c.consumers() + " manualAck=" + c.manualAck()
                + " ackAsync=" + c.ackAsync() + " ackInflight=" + c.ackInflight());
        double rps = cfg.requestsPerSecond();
        // One pacer thread offers the whole schedule (the reference split it over ~50 req/s workers).
        out.println("  offered: rate=" + cfg.rate() + " msg/s | push-batch=" + cfg.pushBatch() + " -> "
                + GoFmt.f(1, rps) + " req/s across 1 pacer workers (" + GoFmt.f(2, rps) + " req/s each) | max-inflight="
                + cfg.maxInflight() + " | payload=" + cfg.payloadBytes() + "B");
        int space = cfg.queue().partitions();
        int active = cfg.effectiveActive();
        if (active < space) {
            out.println("  partitions: space=" + space + " | active=" + active + "/s (" + policy() + ") | "
                    + GoFmt.f(0, cfg.rate() / (double) active) + " msg/s per active partition | space covered in "
                    + GoFmt.f(0, space / (double) active) + " s");
        }
        out.println("  + arrival=" + cfg.arrival() + " ramp=" + cfg.rampSeconds() + "s behind-ms=" + cfg.behindMillis()
                + " e2e=" + cfg.e2e() + " pop-autopilot=" + cfg.target().popAutopilot() + " retries=none(open loop)"
                + " retry429-attempts=" + cfg.target().retry429Attempts());
    }

    private String policy() {
        return "scatter".equals(cfg.activePolicy()) ? "scatter" : "rotate";
    }

    @Override
    public void onNote(RunNote note) {
        ConsoleExtras.printNote(out, note);
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends Void> r) {
        int b = cfg.pushBatch();
        RunCounters.Snapshot d = r.delta();
        RunCounters.Snapshot t = r.total();
        LatencySummary push = r.latency("push");
        String ts = GoFmt.hms(r.endEpochMs());
        StringBuilder s = new StringBuilder(256);
        s.append('[').append(ts).append("] offered=").append(GoFmt.f(9, 0, r.rate(d.offeredReq() * b)))
                .append("/s achieved=").append(GoFmt.f(9, 0, r.rate(d.achievedReq() * b)))
                .append("/s shed=").append(GoFmt.f(9, 0, r.rate(d.shedReq() * b)))
                .append("/s inflight=").append(GoFmt.d(6, r.inflight()))
                .append(" | p50=").append(GoFmt.f(7, 2, push.p50()))
                .append(" p99=").append(GoFmt.f(8, 2, push.p99()))
                .append(" p999=").append(GoFmt.f(8, 2, push.p999()))
                .append(" ms | push=").append(t.pushedMsgs()).append(" pop=").append(t.popped())
                .append(" lag=").append(t.pushedMsgs() - t.popped())
                .append(" | errs push=").append(t.pushErrReq()).append(" pop=").append(t.popErr())
                .append(" empty=").append(t.emptyPops()).append(" gor=").append(r.liveTasks());
        if (cfg.consumer().manualAck()) {
            s.append(" | ack=").append(GoFmt.f(9, 0, r.rate(d.acked()))).append("/s ackErr=").append(t.ackErr())
                    .append(" ackAvg=").append(GoFmt.f(2, t.ackAvgMs())).append("ms");
        }
        out.println(s);
        ConsoleExtras.printInterval(out, ts, r, cfg.e2e());
    }

    /** goload's {@code [final] +} lines first, then the reference's final line: the last line starting {@code [final]}. */
    public void onEnd(RunOutcome res) {
        ConsoleExtras.printFinal(out, res, cfg.e2e(), cfg.consumer());
        out.println(finalLine(res));
    }

    /** The reference's {@code [final] offered=…} line (goload-behavior.md §2.2), byte for byte. */
    String finalLine(RunOutcome res) {
        int b = cfg.pushBatch();
        RunCounters.Snapshot t = res.counters();
        LatencySummary push = res.latency("push");
        StringBuilder s = new StringBuilder(256);
        s.append("[final] offered=").append(t.offeredReq()).append(" achieved=").append(t.achievedReq())
                .append(" shed=").append(t.shedReq())
                .append(" (msgs: offered=").append(t.offeredReq() * b).append(" achieved=").append(t.pushedMsgs())
                .append(" shed=").append(t.shedReq() * b).append(") pushErr=").append(t.pushErrReq())
                .append(" | pushed=").append(t.pushedMsgs()).append(" popped=").append(t.popped())
                .append(" lag=").append(t.pushedMsgs() - t.popped())
                .append(" | popErr=").append(t.popErr()).append(" empty=").append(t.emptyPops())
                .append(" | overall p50=").append(GoFmt.f(2, push.p50())).append(" p99=").append(GoFmt.f(2, push.p99()))
                .append(" p999=").append(GoFmt.f(2, push.p999())).append(" ms");
        if (cfg.consumer().manualAck()) {
            s.append(" | acked=").append(t.acked()).append(" ackErr=").append(t.ackErr())
                    .append(" ackLag=").append(t.pushedMsgs() - t.acked())
                    .append(" ackAvg=").append(GoFmt.f(2, t.ackAvgMs())).append("ms");
        }
        return s.toString();
    }
}
