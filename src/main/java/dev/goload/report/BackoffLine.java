package dev.goload.report;

import dev.goload.metrics.BackoffStats;

/**
 * The {@code [final] + errorBackoff backoffs=N ms=M} addition line of every mode: how many pauses after failed calls
 * grew beyond their loop's base pause (consecutive connection failures, {@code modes.ErrorBackoff}) and their total
 * planned length.
 */
public final class BackoffLine {
    private BackoffLine() {}

    public static String of(long backoffs, long millis) {
        return "[final] + errorBackoff backoffs=" + backoffs + " ms=" + millis;
    }

    public static String of(BackoffStats s) {
        return of(s.backoffs(), s.backoffMillis());
    }
}
