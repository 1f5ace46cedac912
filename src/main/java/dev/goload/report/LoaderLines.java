package dev.goload.report;

import dev.goload.modes.RunResult;
import java.io.PrintStream;

/**
 * The loader's self-measurement at the end of a run, for modes whose console has no interval breakdown of it:
 * one {@code [final] +} line and a {@code WARNING loader-bound} line per reason.
 */
public final class LoaderLines {
    private LoaderLines() {}

    public static void print(PrintStream out, RunResult.LoaderSummary l) {
        out.println("[final] + loader cpu avg=" + GoFmt.f(2, l.cpuCoresAvg()) + " max=" + GoFmt.f(2, l.cpuCoresMax())
                + " of " + l.availableProcessors() + " cores | gc pauses=" + l.gcPauses() + " total="
                + GoFmt.f(0, l.gcPauseMs()) + "ms | peak rss=" + (l.peakRssBytes() >> 20) + "MB | loaderBound="
                + l.loaderBound());
        for (String why : l.reasons()) {
            out.println("[final] WARNING loader-bound: " + why + " -- these figures measure the loader, not the broker");
        }
    }
}
