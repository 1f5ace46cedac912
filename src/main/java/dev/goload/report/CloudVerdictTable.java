package dev.goload.report;

import dev.goload.modes.cloud.CloudResult;
import dev.goload.verify.LossReport;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.io.PrintStream;

/**
 * The delivery-correctness table and VERDICT line (goload-behavior.md §2.3), or the DISABLED line when
 * {@code -verify=false}. Additions (ambiguous deliveries, what the faults affected) follow on {@code "+ "} lines.
 */
public final class CloudVerdictTable {
    private CloudVerdictTable() {}

    public static void print(PrintStream out, CloudResult r) {
        print(out, r, null);
    }

    /** As {@link #print(PrintStream, CloudResult)}, with the loss attribution's lines just before the VERDICT. */
    public static void print(PrintStream out, CloudResult r, LossReport loss) {
        VerifyResult v = r.verify();
        if (!v.enabled()) {
            out.printf("verify            DISABLED (-verify=false): this run proves nothing about delivery"
                    + " (cross-tenant deliveries seen: %d, undecodable: %d)%n", r.extras().crossTenant(),
                    r.extras().undecodable());
            return;
        }
        out.printf("%n---- delivery correctness (after the drain) ----%n");
        out.printf("%-4s %-14s %-12s %9s %9s %8s %8s %7s %7s %s%n", "idx", "tenant", "queue", "sentOk", "received",
                "missing", "dup", "extra", "cross", "verdict");
        for (TenantResult t : v.tenants()) {
            String first = t.firstMissingSeqs().length == 0 ? "" : "  firstMissing=" + GoFmt.slice(t.firstMissingSeqs());
            out.printf("%-4d %-14s %-12s %9d %9d %8d %8d %7d %7d %s%s%n", t.idx(), t.tenant(), t.queue(), t.sentOk(),
                    t.received(), t.missing(), t.duplicate(), t.extra(), t.crossTenantIn(), t.ok() ? "OK" : "FAIL",
                    first);
        }
        out.printf("%-4s %-14s %-12s %9d %9d %8d %8d %7d %7d%n", "TOTAL", "", "", v.sentOk(), v.received(), v.missing(),
                v.duplicate(), v.extra(), v.crossTenant());
        if (v.undecodable() > 0) {
            out.printf("undecodable payloads: %d%n", v.undecodable());
        }
        CloudResult.Faults f = r.faults();
        if (f.any()) {
            out.printf("faults injected: dup-push=%d lose-msg=%d drop-ack=%d%n", f.dupPush(), f.loseMsg(), f.dropAck());
            out.printf("+ faults affected: dup-push re-pushed %d msg(s) (expect as many duplicates), lose-msg removed %d"
                    + " (expect as many missing), drop-ack left %d msg(s) unacked (expect them redelivered as"
                    + " duplicates)%n", f.dupPushMsgs(), f.loseMsg(), f.dropAckMsgs());
        }
        if (v.ambiguousDelivered() > 0) {
            out.printf("+ ambiguous pushes delivered: %d (the client saw a timeout/connection error but the broker"
                    + " stored them; not counted as extra)%n", v.ambiguousDelivered());
        }
        LossLines.print(out, loss);
        out.printf("VERDICT: %s%n", v.verdict());
    }

    /** Go's {@code %v} of a slice: {@code [1 5 9]}. */
}
