package dev.goload.report;

import dev.goload.modes.RunResult;
import java.io.PrintStream;
import java.util.List;

/**
 * The loader's self-measurement on the console: {@link #printFinal} for modes whose console has no interval
 * breakdown of it (one {@code [final] +} line and the warnings, printed before the reference's {@code [final]}
 * line), {@link #printInSummary} for modes whose reference ends with a verdict instead of a {@code [final]} line
 * ({@code + } lines inside the summary, before the verdict), and the {@code WARNING loader-bound} lines every
 * console prints per interval.
 */
public final class LoaderLines {
    private LoaderLines() {}

    /** {@code [final] + loader …} and {@code [final] WARNING loader-bound: …}: before the reference's final line. */
    public static void printFinal(PrintStream out, RunResult.LoaderSummary l) {
        print(out, "[final] + ", "[final] WARNING ", l);
    }

    /**
     * {@code + loader …} and {@code + WARNING loader-bound: …}: for cloud and order, whose reference prints no
     * {@code [final]} line, so goload adds none either.
     */
    public static void printInSummary(PrintStream out, RunResult.LoaderSummary l) {
        print(out, "+ ", "+ WARNING ", l);
    }

    private static void print(PrintStream out, String prefix, String warnPrefix, RunResult.LoaderSummary l) {
        out.println(prefix + "loader cpu avg=" + GoFmt.f(2, l.cpuCoresAvg()) + " max=" + GoFmt.f(2, l.cpuCoresMax())
                + " of " + l.availableProcessors() + " cores | gc pauses=" + l.gcPauses() + " total="
                + GoFmt.f(0, l.gcPauseMs()) + "ms | peak rss=" + (l.peakRssBytes() >> 20) + "MB | loaderBound="
                + l.loaderBound() + conns(l));
        warnings(out, warnPrefix, l);
    }

    /** {@code " | conns opened=N peak=N"}: the sockets the run dialled to the broker and the most open at once. */
    static String conns(RunResult.LoaderSummary l) {
        return " | conns opened=" + l.connections().opened() + " peak=" + l.connections().peakOpen();
    }

    /** One {@code [final] WARNING loader-bound} line per distinct reason of the run. */
    public static void finalWarnings(PrintStream out, RunResult.LoaderSummary l) {
        warnings(out, "[final] WARNING ", l);
    }

    private static void warnings(PrintStream out, String prefix, RunResult.LoaderSummary l) {
        for (String why : l.reasons()) {
            out.println(prefix + "loader-bound: " + why + " -- these figures measure the loader, not the broker");
        }
    }

    /** One {@code [HH:MM:SS] WARNING loader-bound} line per reason of the interval ending at {@code ts}. */
    public static void intervalWarnings(PrintStream out, String ts, List<String> reasons) {
        for (String why : reasons) {
            out.println("[" + ts + "] WARNING loader-bound: " + why);
        }
    }
}
