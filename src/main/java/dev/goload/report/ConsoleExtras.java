package dev.goload.report;

import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.LoadRun;
import dev.goload.modes.StartGate;
import dev.goload.modes.LoaderWarmUp;
import dev.goload.modes.RunResult;
import dev.goload.modes.consume.EmptyPolling;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.RunOutcome;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The lines goload adds to the reference's console output, shared by the load modes: shed by reason, failed
 * requests and their latency, service time, end-to-end latency, and the loader's measurement of itself.
 * They start {@code [HH:MM:SS] +} or {@code [final] +} so that parsers of the reference's lines skip them, and the
 * final ones are printed before the reference's {@code [final]} line, which stays the last line starting
 * {@code [final]} (a parser's {@code grep '^\[final\]' | tail -1} reads the reference's figures).
 */
final class ConsoleExtras {
    private ConsoleExtras() {}

    /**
     * The load modes' notes: the reference's configure lines ({@code [configure] queue=%s
     * completedRetentionSeconds=%d}, {@code [configure] WARNING: %v}) and goload's {@code [loader-warmup]} line.
     */
    static void printNote(PrintStream out, RunNote note) {
        switch (note) {
            case LoadRun.Configured c -> out.printf(Locale.ROOT, "[configure] queue=%s completedRetentionSeconds=%d%n",
                    c.queue(), c.completedRetentionSeconds());
            case LoadRun.ConfigureFailed f -> out.printf("[configure] WARNING: %s%n", f.error());
            case LoaderWarmUp.Result w -> out.println(w.line());
            case RunNote.Text t -> out.println(t.line());
            case StartGate.Started st -> StartLines.print(out, st);
            default -> { } // another mode's note: not this console's
        }
    }

    /** The interval's {@code +} line, then its loader-bound warnings. */
    static void printInterval(PrintStream out, String ts, IntervalSnapshot<?> r, boolean e2e) {
        out.println(intervalLine(ts, r, e2e));
        LoaderLines.intervalWarnings(out, ts, r.loaderBound());
    }

    private static String intervalLine(String ts, IntervalSnapshot<?> r, boolean e2e) {
        RunCounters.Snapshot d = r.delta();
        LatencySummary failed = r.latency("failed");
        LatencySummary service = r.latency("service");
        LatencySummary late = r.latency("lateness");
        LatencySummary queue = r.latency("queue");
        LatencySummary hiccup = r.latency("hiccup");
        StringBuilder s = new StringBuilder(200);
        s.append('[').append(ts).append("] + shed cap=").append(d.shedCapReq()).append(" behind=").append(d.shedBehindReq())
                .append(" | failed=").append(d.pushErrReq()).append(" p99=").append(GoFmt.f(2, failed.p99()))
                .append(" | service p50=").append(GoFmt.f(2, service.p50())).append(" p99=").append(GoFmt.f(2, service.p99()));
        if (e2e) {
            LatencySummary e = r.latency("e2e");
            s.append(" | e2e p50=").append(GoFmt.f(2, e.p50())).append(" p99=").append(GoFmt.f(2, e.p99()));
        }
        s.append(" | loader cpu=").append(GoFmt.f(2, r.loader().cpuCores()))
                .append(" gc=").append(r.loader().gcPauses()).append('/').append(GoFmt.f(0, r.loader().gcPauseMs()))
                .append("ms late p99=").append(GoFmt.f(2, late.p99())).append(" max=").append(GoFmt.f(2, late.max()))
                .append(" queue p99=").append(GoFmt.f(2, queue.p99()))
                .append(" hiccup p99=").append(GoFmt.f(2, hiccup.p99())).append(" max=").append(GoFmt.f(2, hiccup.max()))
                .append(" ms");
        return s.toString();
    }

    /** The final {@code [final] +} and {@code [final] WARNING} lines: print them before the reference's final line. */
    static void printFinal(PrintStream out, RunOutcome res, boolean e2e, ConsumerOptions consumers) {
        RunCounters.Snapshot t = res.counters();
        LatencySummary failed = res.latency("failed");
        LatencySummary service = res.latency("service");
        LatencySummary push = res.latency("push");
        out.println("[final] + shed cap=" + t.shedCapReq() + " behind=" + t.shedBehindReq()
                + " | failed requests=" + t.pushErrReq() + " (items failed=" + t.itemFailed() + ") p50="
                + GoFmt.f(2, failed.p50()) + " p99=" + GoFmt.f(2, failed.p99()) + " max=" + GoFmt.f(2, failed.max())
                + " ms | push max=" + GoFmt.f(2, push.max()) + " ms | service p50=" + GoFmt.f(2, service.p50())
                + " p99=" + GoFmt.f(2, service.p99()) + " p999=" + GoFmt.f(2, service.p999()) + " ms"
                + (failuresByKind(t).isEmpty() ? "" : " | errors " + failuresByKind(t)));
        out.println(BackoffLine.of(t.backoffs(), t.backoffMillis()));
        CanceledLine.printFinal(out, res.errors());
        if (e2e) {
            LatencySummary e = res.latency("e2e");
            out.println("[final] + e2e (scheduled push -> pop) n=" + e.count() + " p50=" + GoFmt.f(2, e.p50()) + " p99="
                    + GoFmt.f(2, e.p99()) + " p999=" + GoFmt.f(2, e.p999()) + " max=" + GoFmt.f(2, e.max()) + " ms");
        }
        ReconnectLines.printFinal(out, res.reconnects());
        RunResult.LoaderSummary l = res.loader();
        LatencySummary late = res.latency("lateness");
        LatencySummary hiccup = res.latency("hiccup");
        out.println("[final] + loader cpu avg=" + GoFmt.f(2, l.cpuCoresAvg()) + " max=" + GoFmt.f(2, l.cpuCoresMax())
                + " of " + l.availableProcessors() + " cores | gc pauses=" + l.gcPauses() + " total="
                + GoFmt.f(0, l.gcPauseMs()) + "ms | peak rss=" + (l.peakRssBytes() >> 20) + "MB | pacer late p50="
                + GoFmt.f(2, late.p50()) + " p99=" + GoFmt.f(2, late.p99()) + " max=" + GoFmt.f(2, late.max())
                + " ms | hiccup p99=" + GoFmt.f(2, hiccup.p99()) + " max=" + GoFmt.f(2, hiccup.max())
                + " ms | loaderBound=" + l.loaderBound() + LoaderLines.conns(l));
        LoaderLines.finalWarnings(out, l);
        EmptyPolling.of(l.loaderBound(), t, res.seconds(), consumers)
                .ifPresent(p -> out.println(emptyPollingLine(p)));
    }

    /** The error kinds by {@code <op>.<kind>} without the calls the run's stop cancelled (not failures). */
    private static java.util.Map<String, Long> failuresByKind(RunCounters.Snapshot t) {
        java.util.Map<String, Long> m = new java.util.TreeMap<>(t.errorsByKind());
        m.keySet().removeIf(k -> k.endsWith("." + dev.goload.metrics.ErrorStats.CANCELED));
        return m;
    }

    /**
     * {@code [final] + empty pops were 99.9 % of the requests: 21433/s from 150 consumers (-empty-sleep 2 ms after
     * each) polling an empty queue; -pop-wait, fewer -consumers or a longer -empty-sleep poll less}.
     */
    static String emptyPollingLine(EmptyPolling p) {
        ConsumerOptions c = p.consumers();
        String how = c.popWait() ? "long-polling (-pop-wait)" : "-empty-sleep " + c.emptySleepMs() + " ms after each";
        String knobs = c.popWait() ? "fewer -consumers poll less"
                : "-pop-wait, fewer -consumers or a longer -empty-sleep poll less";
        return "[final] + empty pops were " + GoFmt.f(1, 100 * p.share()) + " % of the requests: "
                + GoFmt.f(0, p.perSecond()) + "/s from " + c.consumers() + " consumers (" + how
                + ") polling an empty queue; " + knobs;
    }
}
