package dev.goload.report;

import dev.goload.config.MaxConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import java.io.PrintStream;

/**
 * The console of {@code -mode max}: header, report and final lines byte-compatible with the reference
 * (goload-behavior.md §2.1), plus goload's additional {@code +} lines (at the end, before the reference's final line).
 * A {@link RunListener} of the run's reporter; the command calls {@link #onEnd} with the run's outcome.
 */
public final class MaxConsole implements RunListener<Void> {
    private final MaxConfig cfg;
    private final PrintStream out;

    public MaxConsole(MaxConfig cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
    }

    public void printHeader() {
        var c = cfg.consumer();
        out.println("goload -> " + cfg.target().url() + " queue=" + cfg.queue().queue() + " partitions="
                + cfg.queue().partitions() + " producers=" + cfg.producers() + " consumers=" + c.consumers()
                + " pushBatch=" + cfg.pushBatch() + " popBatch=" + c.popBatch() + " payload=" + cfg.payloadBytes()
                + "B idleConns=" + cfg.target().idleConns() + " retries=" + cfg.target().retries() + " manualAck="
                + c.manualAck() + " ackAsync=" + c.ackAsync() + " ackInflight=" + c.ackInflight());
    }

    @Override
    public void onNote(RunNote note) {
        ConsoleExtras.printNote(out, note);
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends Void> r) {
        RunCounters.Snapshot d = r.delta();
        RunCounters.Snapshot t = r.total();
        String ts = GoFmt.hms(r.endEpochMs());
        StringBuilder s = new StringBuilder(200);
        s.append('[').append(ts).append("] push=").append(GoFmt.f(8, 0, r.rate(d.pushedMsgs())))
                .append("/s pop=").append(GoFmt.f(8, 0, r.rate(d.popped())))
                .append("/s | tot push=").append(t.pushedMsgs()).append(" pop=").append(t.popped())
                .append(" | errs p=").append(t.pushErrReq()).append(" c=").append(t.popErr())
                .append(" empty=").append(t.emptyPops());
        if (cfg.consumer().manualAck()) {
            s.append(" | ack=").append(GoFmt.f(8, 0, r.rate(d.acked()))).append("/s tot=").append(t.acked())
                    .append(" ackErr=").append(t.ackErr()).append(" ackAvg=").append(GoFmt.f(2, t.ackAvgMs()))
                    .append("ms");
        }
        out.println(s);
        ConsoleExtras.printInterval(out, ts, r, false);
    }

    /** goload's {@code [final] +} lines first, then the reference's final line: the last line starting {@code [final]}. */
    public void onEnd(RunOutcome res) {
        ConsoleExtras.printFinal(out, res, false, cfg.consumer());
        out.println(finalLine(res));
    }

    /** The reference's {@code [final] pushed=…} line (goload-behavior.md §2.1), byte for byte. */
    String finalLine(RunOutcome res) {
        RunCounters.Snapshot t = res.counters();
        StringBuilder s = new StringBuilder(160);
        s.append("[final] pushed=").append(t.pushedMsgs()).append(" popped=").append(t.popped())
                .append(" pushErr=").append(t.pushErrReq()).append(" popErr=").append(t.popErr())
                .append(" emptyPops=").append(t.emptyPops());
        if (cfg.consumer().manualAck()) {
            s.append(" | acked=").append(t.acked()).append(" ackErr=").append(t.ackErr()).append(" ackAvg=")
                    .append(GoFmt.f(2, t.ackAvgMs())).append("ms");
        }
        return s.toString();
    }
}
