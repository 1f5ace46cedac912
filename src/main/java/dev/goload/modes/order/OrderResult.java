package dev.goload.modes.order;

import dev.goload.verify.OrderLedger;
import java.util.List;
import java.util.SortedMap;

/**
 * The outcome of an {@code order} run: counters, pop statistics and the checker's result, with the verdict.
 *
 * @param popWaitMs non-empty pop durations p50/p95/p99 (nearest rank {@code floor(p·(n−1))})
 * @param errorsByKind push, pop and ack failures by kind (families in that order)
 * @param drainCapSec the drain's effective cap: {@code -drain}, or more once a pop may have lost a leased answer
 */
public record OrderResult(long pushed, long pushErrors, long delivered, long acked, long ackErrors, long pops,
                          long emptyPops, long popErrors, SortedMap<Integer, Long> popSizeHist, double[] popWaitMs,
                          double pushSeconds, double drainSeconds, OrderLedger.Result check, long backoffs,
                          long backoffMillis, int drainCapSec,
                          java.util.Map<String, dev.goload.metrics.ErrorStats.Snapshot> errorsByKind) {

    public double msgsPerPop() {
        long nonEmpty = pops - emptyPops;
        return nonEmpty == 0 ? 0 : delivered / (double) nonEmpty;
    }

    /** The failure lines; empty means PASS. */
    public List<String> failures() {
        var f = new java.util.ArrayList<String>();
        if (check.missing() > 0) {
            f.add("LOSS: " + check.missing() + " sequence(s) never delivered (first: " + dev.goload.report.GoFmt.slice(check.missingFirst()) + ")");
        }
        if (check.duplicates() > 0) {
            f.add("DUPLICATION: " + check.duplicates() + " sequence(s) delivered more than once (first: "
                    + dev.goload.report.GoFmt.slice(check.duplicateFirst()) + ")");
        }
        if (check.outOfOrder() > 0) {
            f.add("ORDER: " + check.outOfOrder() + " out-of-order delivery/deliveries (first: "
                    + dev.goload.report.GoFmt.slice(check.outOfOrderFirst()) + ")");
        }
        if (acked != delivered) f.add("ACK: " + delivered + " delivered but " + acked + " acked");
        if (pushErrors > 0) {
            f.add("PUSH: " + pushErrors + " push(es) failed (" + check.ambiguous()
                    + " of them delivered anyway): the gate did not test what it claims");
        }
        if (check.outOfRange() > 0) {
            f.add("FOREIGN: " + check.outOfRange() + " delivery/deliveries of sequences this run never produced"
                    + " (stale queue? use a fresh -queue)");
        }
        return f;
    }

    public boolean passed() {
        return failures().isEmpty();
    }

    /** Go's {@code %v} of a slice: {@code [1 2 3]}. */
}
