package dev.goload.report;

import dev.goload.modes.RunResult;
import java.io.PrintStream;
import java.util.List;

/**
 * The loader's self-measurement on the console: {@link #print} for modes whose console has no interval breakdown
 * of it (one {@code [final] +} line and the warnings), and the {@code WARNING loader-bound} lines every console
 * prints, per interval and at the end.
 */
public final class LoaderLines {
    private LoaderLines() {}

    public static void print(PrintStream out, RunResult.LoaderSummary l) {
        out.println("[final] + loader cpu avg=" + GoFmt.f(2, l.cpuCoresAvg()) + " max=" + GoFmt.f(2, l.cpuCoresMax())
                + " of " + l.availableProcessors() + " cores | gc pauses=" + l.gcPauses() + " total="
                + GoFmt.f(0, l.gcPauseMs()) + "ms | peak rss=" + (l.peakRssBytes() >> 20) + "MB | loaderBound="
                + l.loaderBound());
        finalWarnings(out, l);
    }

    /** One {@code [final] WARNING loader-bound} line per distinct reason of the run. */
    public static void finalWarnings(PrintStream out, RunResult.LoaderSummary l) {
        for (String why : l.reasons()) {
            out.println("[final] WARNING loader-bound: " + why + " -- these figures measure the loader, not the broker");
        }
    }

    /** One {@code [HH:MM:SS] WARNING loader-bound} line per reason of the interval ending at {@code ts}. */
    public static void intervalWarnings(PrintStream out, String ts, List<String> reasons) {
        for (String why : reasons) {
            out.println("[" + ts + "] WARNING loader-bound: " + why);
        }
    }
}
