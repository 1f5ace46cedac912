package dev.goload.report;

import dev.goload.verify.CmStageRow;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.LossReport;
import dev.goload.verify.StageAckErrors;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints a {@link CmVerdict} in the reference's layout (goload-behavior.md §3.2): the banner, the per-stage table,
 * the TOTAL row and the VERDICT line, byte for byte. The goload-java additions (absent properties, seqs beyond the
 * produced maximum, malformed lines, per-stage samples) are extra lines starting with {@code "  ! "} printed between
 * the TOTAL row and the VERDICT line, so a parser of the reference's rows is not disturbed. Stateless.
 */
public final class CmVerdictFormat {
    private CmVerdictFormat() {}

    public static void print(CmVerdict v, PrintStream out) {
        print(v, null, out);
    }

    /** As {@link #print(CmVerdict, PrintStream)}, with the loss attribution's lines just before the VERDICT. */
    public static void print(CmVerdict v, LossReport loss, PrintStream out) {
        out.printf(Locale.ROOT, "\n=== VERIFIER (dir=%s, ackErr=%d) ===\n", v.dir(), v.runAckErr());
        out.printf(Locale.ROOT, "%-26s %10s %10s %8s %8s %8s %10s  %s\n", "stage", "msgs", "unique", "dups", "gaps", "viols",
                "inflight", "verdict");
        for (CmStageRow r : v.rows()) {
            if (r.error() != null) {
                out.printf(Locale.ROOT, "%-26s ERROR: %s\n", r.stage().label(), r.error());
            } else {
                out.printf(Locale.ROOT, "%-26s %10d %10d %8d %8d %8d %10d  %s\n", r.stage().label(), r.msgs(), r.unique(),
                        r.dups(), r.gaps(), r.viols(), r.inflight(), r.verdictText());
            }
        }
        out.printf(Locale.ROOT, "%-26s %10d %10d %8d %8d %8d %10d\n", "TOTAL", v.msgs(), v.unique(), v.dups(), v.gaps(),
                v.viols(), v.inflight());
        for (CmStageRow r : v.rows()) {
            if (r.error() != null) continue;
            String who = r.stage().label() + ": ";
            if (r.absent() > 0) {
                out.printf(Locale.ROOT, "  ! %s%d propert%s of produced.meta never reached this stage%s\n", who, r.absent(),
                        r.absent() == 1 ? "y" : "ies", r.absentFatal() ? " (lost: warm-up had delivered seq 0)"
                                : " (counted in flight: no warm-up)");
            }
            if (r.viols() > 0 && r.ackErr() > 0) {
                out.printf(Locale.ROOT, "  ! %s%d order violation(s) tolerated: %d ack(s) of this stage failed (redelivery)\n",
                        who, r.viols(), r.ackErr());
            }
            if (r.beyond() > 0) {
                out.printf(Locale.ROOT, "  ! %s%d seq(s) above the produced maximum (ambiguous push at shutdown or stale queue)\n",
                        who, r.beyond());
            }
            if (r.malformed() > 0) {
                out.printf(Locale.ROOT, "  ! %s%d malformed line(s) skipped\n", who, r.malformed());
            }
            if (!r.passed()) {
                for (String s : r.samples()) out.printf(Locale.ROOT, "  ! %s%s\n", who, s);
            }
        }
        if (!v.perStageAckErrors() && v.runAckErr() > 0) {
            out.printf(Locale.ROOT, "  ! no %s: the run-wide ackErr=%d applies to every stage (reference rule)\n",
                    StageAckErrors.FILE, v.runAckErr());
        }
        LossLines.print(out, loss);
        if (v.passed()) {
            out.printf(Locale.ROOT, "VERDICT: PASS  (0 gaps below frontier, %d order-violations, %d dups, %d in-flight at cutoff)\n",
                    v.viols(), v.dups(), v.inflight());
        } else {
            out.printf(Locale.ROOT, "VERDICT: FAIL  (gaps=%d order-violations=%d — see per-stage rows above)\n", v.gaps(),
                    v.viols());
        }
    }
}
