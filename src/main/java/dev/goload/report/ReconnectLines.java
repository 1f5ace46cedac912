package dev.goload.report;

import java.io.PrintStream;

/**
 * The client's keep-alive reconnect count on the console (docs/client.md#keep-alive): requests re-sent
 * once on a fresh socket because the reused one had been closed by the peer before answering — not errors.
 * {@link #printFinal} for modes whose reference ends with a {@code [final]} line (goload's line comes before it),
 * {@link #printInSummary} for cloud and order, whose reference prints no {@code [final]} line.
 */
public final class ReconnectLines {
    private ReconnectLines() {}

    /** {@code [final] + keep-alive reconnects=N (…)}. */
    public static void printFinal(PrintStream out, long reconnects) {
        out.println("[final] + " + text(reconnects));
    }

    /** {@code + keep-alive reconnects=N (…)}: a summary addition before the verdict. */
    public static void printInSummary(PrintStream out, long reconnects) {
        out.println("+ " + text(reconnects));
    }

    private static String text(long reconnects) {
        return "keep-alive reconnects=" + reconnects
                + " (requests re-sent on a fresh socket: the broker had closed their idle one; not errors)";
    }
}
