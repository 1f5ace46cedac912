package dev.goload.modes.order;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.RunOutcome;
import dev.goload.verify.OrderLedger;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The outcome of an {@code order} run: the mode-independent {@link RunOutcome} (common counters — pops, empty pops,
 * pop errors, acks, messages not acked, backoffs — error families, latency by tag with {@code popWait}, the loader) and
 * the gate's own figures.
 *
 * @param pushed       sequences pushed durably (the reference's {@code pushed})
 * @param pushErrors   sequences whose push failed or was not durable
 * @param delivered    sequences delivered (the checker's count)
 * @param popWaitMs    non-empty pop durations p50/p95/p99 (nearest rank {@code floor(p·(n−1))}, spec §2.5)
 * @param drainCapSec  the drain's effective cap: {@code -drain}, or more once a pop may have lost a leased answer
 * @param findings     the failed checks, in the reference's order; empty means PASS
 */
public record OrderResult(RunOutcome outcome, long pushed, long pushErrors, long delivered,
                          SortedMap<Integer, Long> popSizeHist, double[] popWaitMs, double pushSeconds,
                          double drainSeconds, OrderLedger.Result check, int drainCapSec, List<OrderFinding> findings) {

    public OrderResult {
        findings = List.copyOf(findings);
    }

    public long acked() {
        return counters().acked();
    }

    /** Messages of delivered batches not acked (N − successes per ack call; a failed call: all N). */
    public long ackErrors() {
        return counters().ackErr();
    }

    /** Pops answered by the broker (empty ones included). */
    public long pops() {
        return counters().popCalls();
    }

    public long emptyPops() {
        return counters().emptyPops();
    }

    public long popErrors() {
        return counters().popErr();
    }

    public long backoffs() {
        return counters().backoffs();
    }

    public long backoffMillis() {
        return counters().backoffMillis();
    }

    /** Push, pop and ack failures by kind, in the summary's order. */
    public Map<String, ErrorStats.Snapshot> errorsByKind() {
        Map<String, ErrorStats.Snapshot> m = new java.util.LinkedHashMap<>(outcome.errors());
        m.remove("configure");
        return m;
    }

    public double msgsPerPop() {
        long nonEmpty = pops() - emptyPops();
        return nonEmpty == 0 ? 0 : delivered / (double) nonEmpty;
    }

    public boolean passed() {
        return findings.isEmpty();
    }

    /** The same result with another outcome (the command sets the verdict the report words). */
    public OrderResult withOutcome(RunOutcome o) {
        return new OrderResult(o, pushed, pushErrors, delivered, popSizeHist, popWaitMs, pushSeconds, drainSeconds,
                check, drainCapSec, findings);
    }

    private RunCounters.Snapshot counters() {
        return outcome.counters();
    }
}
