package dev.goload.report;

import dev.goload.metrics.ErrorStats;
import java.io.PrintStream;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The calls the run's own stop cut, on the console: {@code canceled at the stop (not errors): pop=10000 ack=12}, the
 * {@code canceled} kind of every error family that has any, in the record's order (docs/run-record.md: counted once,
 * as cancelled, never in an error count). Printed only when some call was cut, so a run that cut none prints what it
 * printed before. {@link #printFinal} for modes whose reference ends with a {@code [final]} line (before it),
 * {@link #printInSummary} for cloud and order.
 */
public final class CanceledLine {
    private CanceledLine() {}

    /** {@code [final] + canceled at the stop …}, when any call was cut. */
    public static void printFinal(PrintStream out, Map<String, ErrorStats.Snapshot> errors) {
        String t = text(errors);
        if (t != null) out.println("[final] + " + t);
    }

    /** {@code + canceled at the stop …}: a summary addition before the verdict, when any call was cut. */
    public static void printInSummary(PrintStream out, Map<String, ErrorStats.Snapshot> errors) {
        String t = text(errors);
        if (t != null) out.println("+ " + t);
    }

    /** The line's text after its prefix, or null when no call was cut. */
    static String text(Map<String, ErrorStats.Snapshot> errors) {
        StringJoiner calls = new StringJoiner(" ");
        errors.forEach((family, e) -> {
            long n = e.kind(ErrorStats.CANCELED);
            if (n > 0) calls.add(family + "=" + n);
        });
        if (calls.length() == 0) return null;
        return "canceled at the stop (calls the run cut, not errors): " + calls;
    }
}
