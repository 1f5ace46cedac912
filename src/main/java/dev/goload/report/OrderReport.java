package dev.goload.report;

import dev.goload.config.OrderConfig;
import dev.goload.modes.RunResult;
import dev.goload.modes.order.OrderFinding;
import dev.goload.modes.order.OrderNote;
import dev.goload.modes.order.OrderResult;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.run.Verdict;
import dev.goload.verify.LossReport;
import dev.goload.verify.OrderLedger;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code order} verdict block and JSON record (goload-behavior.md §2.5), in the reference's layout and field
 * names; goload-java additions are extra lines/fields; the engine's {@link OrderNote}s (the reference's
 * {@code push %d: %v}, the drain-cap line) and its findings in the reference's words. Stateless.
 */
public final class OrderReport {
    /** The reference's exit code of a failed gate. */
    private static final int FAIL_EXIT = 3;

    private OrderReport() {}

    /** The console's part of the run: the engine's notes (order's reference prints no interval line). */
    public static RunListener<Object> console(PrintStream out) {
        return new RunListener<>() {
            @Override
            public void onNote(RunNote note) {
                switch (note) {
                    case OrderNote.PushFailed p -> out.println("push " + p.seq() + ": " + p.detail());
                    // never a [final] line: the reference's order prints none
                    case OrderNote.DrainCapRaised d -> out.println(String.format(Locale.ROOT, "drain: cap raised from"
                                    + " -drain %ds to %ds (leaseTime %ds + %ds): %d pop(s) or retried call(s) may have"
                                    + " lost an answer whose messages the broker leased", d.drainSec(), d.capSec(),
                            d.leaseSec(), d.marginSec(), d.lostAnswers()));
                    case RunNote.Text t -> out.println(t.line());
                    default -> { }
                }
            }
        };
    }

    /** The failure lines of the gate's findings, in the reference's words and order; empty means PASS. */
    public static List<String> failureLines(List<OrderFinding> findings) {
        List<String> f = new ArrayList<>();
        for (OrderFinding x : findings) {
            f.add(switch (x) {
                case OrderFinding.Loss l -> "LOSS: " + l.count() + " sequence(s) never delivered (first: "
                        + GoFmt.slice(l.first()) + ")";
                case OrderFinding.Duplication d -> "DUPLICATION: " + d.count()
                        + " sequence(s) delivered more than once (first: " + GoFmt.slice(d.first()) + ")";
                case OrderFinding.OutOfOrder o -> "ORDER: " + o.count() + " out-of-order delivery/deliveries (first: "
                        + GoFmt.slice(o.first()) + ")";
                case OrderFinding.Ack a -> "ACK: " + a.delivered() + " delivered but " + a.acked() + " acked";
                case OrderFinding.Push p -> "PUSH: " + p.failed() + " push(es) failed (" + p.deliveredAnyway()
                        + " of them delivered anyway): the gate did not test what it claims";
                case OrderFinding.Foreign g -> "FOREIGN: " + g.count() + " delivery/deliveries of sequences this run"
                        + " never produced (stale queue? use a fresh -queue)";
            });
        }
        return f;
    }

    /** The run record's verdict: PASS, or FAIL (exit 3) with the failure lines as findings. */
    public static Verdict verdict(OrderResult r) {
        return r.passed() ? Verdict.pass() : Verdict.fail(FAIL_EXIT, failureLines(r.findings()));
    }

    public static void header(OrderConfig c, PrintStream out) {
        out.printf(Locale.ROOT, "goload -mode order [%s] -> %s%n", c.target(), c.url());
        out.printf(Locale.ROOT, "  queue=%s group=%s partitions=%d messages=%d consumers=%d popBatch=%d minPopWaitTime=%dms%n",
                GoFmt.quote(c.queue()), GoFmt.quote(c.group()), c.partitions(), c.messages(), c.consumers(), c.popBatch(),
                c.minPopWait());
    }

    /**
     * The reference's summary block ending with {@code VERDICT PASS|FAIL} and its {@code   ! } failure lines; goload's
     * additions (error counts, a {@code + errors <family> kind=n} line per family that had an error, the client's keep-alive reconnects, the loader's self-measurement when given, the loss
     * attribution's {@code [loss]} lines) come before the verdict, and none starts {@code [final]} (the reference's
     * order printed no {@code [final]} line).
     */
    public static void print(String runId, OrderResult r, LossReport loss, PrintStream out) {
        RunResult.LoaderSummary loader = r.outcome().loader();
        long reconnects = r.outcome().reconnects();
        out.printf(Locale.ROOT, "%n========== %s ==========%n", runId);
        out.printf(Locale.ROOT, "pushed=%d delivered=%d acked=%d  (push took %ss, drain %ss)%n", r.pushed(), r.delivered(),
                r.acked(), GoFmt.f(1, r.pushSeconds()), GoFmt.f(1, r.drainSeconds()));
        out.printf(Locale.ROOT, "pops=%d (empty %d)  msgs/pop=%s   pop latency p50=%s p95=%s p99=%s ms%n", r.pops(),
                r.emptyPops(), GoFmt.f(2, r.msgsPerPop()), GoFmt.f(1, r.popWaitMs()[0]), GoFmt.f(1, r.popWaitMs()[1]),
                GoFmt.f(1, r.popWaitMs()[2]));
        StringBuilder h = new StringBuilder("pop size histogram: ");
        r.popSizeHist().forEach((k, v) -> h.append(k).append(':').append(v).append(' '));
        out.println(h);
        OrderLedger.Result c = r.check();
        out.printf(Locale.ROOT, "%nmissing=%d duplicate=%d outOfOrder=%d%n", c.missing(), c.duplicates(), c.outOfOrder());
        out.printf(Locale.ROOT, "errors: push=%d pop=%d ack=%d%n", r.pushErrors(), r.popErrors(), r.ackErrors());
        ErrorKindLines.print(out, "+ ", r.errorsByKind());
        CanceledLine.printInSummary(out, r.errorsByKind());
        ReconnectLines.printInSummary(out, reconnects);
        if (loader != null) {
            LoaderLines.printInSummary(out, loader);
        }
        List<String> f = failureLines(r.findings());
        LossLines.print(out, loss);
        out.println("VERDICT " + (f.isEmpty() ? "PASS" : "FAIL"));
        for (String s : f) out.println("  ! " + s);
    }

    /**
     * Writes {@code <dir>/<runId>.json} and returns its path: the reference's fields, then goload's additions (the
     * client's keep-alive {@code reconnects}, the loss attribution {@code lossAttribution}, absent when nothing was
     * missing).
     */
    public static Path writeJson(Path dir, String runId, String note, OrderConfig c, OrderResult r, LossReport loss)
            throws IOException {
        RunResult.LoaderSummary loader = r.outcome().loader();
        long reconnects = r.outcome().reconnects();
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("target", c.target());
        config.put("url", c.url());
        config.put("queue", c.queue());
        config.put("group", c.group());
        config.put("partitions", c.partitions());
        config.put("messages", c.messages());
        config.put("consumers", c.consumers());
        config.put("popBatch", c.popBatch());
        config.put("popPartitions", c.popPartitions());
        config.put("leaseTime", c.leaseTime());
        config.put("minPopWaitTime", c.minPopWait());
        config.put("pushSeconds", r.pushSeconds());
        OrderLedger.Result k = r.check();
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("runId", runId);
        j.put("note", note);
        j.put("config", config);
        j.put("pushed", r.pushed());
        j.put("delivered", r.delivered());
        j.put("acked", r.acked());
        j.put("missing", k.missingFirst());
        j.put("duplicates", k.duplicateFirst());
        j.put("outOfOrder", k.outOfOrderFirst().stream().map(v -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("partition", v.partition());
            m.put("prev", v.prev());
            m.put("got", v.got());
            return m;
        }).toList());
        j.put("pops", r.pops());
        j.put("emptyPops", r.emptyPops());
        j.put("msgsPerPop", r.msgsPerPop());
        Map<String, Long> hist = new LinkedHashMap<>();
        r.popSizeHist().forEach((s, n) -> hist.put(String.valueOf(s), n));
        j.put("popSizeHist", hist);
        Map<String, Double> wait = new LinkedHashMap<>();
        wait.put("p50", r.popWaitMs()[0]);
        wait.put("p95", r.popWaitMs()[1]);
        wait.put("p99", r.popWaitMs()[2]);
        j.put("popWaitMs", wait);
        j.put("drainSec", r.drainSeconds());
        j.put("drainCapSec", r.drainCapSec()); // goload-java: -drain, or leaseTime + 5 once a pop lost an answer
        j.put("verdict", r.passed() ? "PASS" : "FAIL");
        j.put("failures", failureLines(r.findings()));
        // goload-java additions: exact counts (the lists above are capped at 100 examples) and error counters
        j.put("missingCount", k.missing());
        j.put("duplicateCount", k.duplicates());
        j.put("outOfOrderCount", k.outOfOrder());
        j.put("pushErrors", r.pushErrors());
        j.put("pushErrorsDeliveredAnyway", k.ambiguous());
        if (loader != null) {
            j.put("loader", loader);
            j.put("loaderBound", loader.loaderBound());
        }
        j.put("popErrors", r.popErrors());
        j.put("ackErrors", r.ackErrors());
        j.put("errorsByKind", ErrorKindLines.record(r.errorsByKind()));
        j.put("backoffs", r.backoffs());
        j.put("backoffMillis", r.backoffMillis());
        j.put("reconnects", reconnects);
        j.put("lastSeqSent", k.lastSent());
        if (loss != null) {
            j.put("lossAttribution", LossLines.record(loss));
        }
        return JsonFiles.writeAtomically(dir.resolve(runId + ".json"), j);
    }

    /**
     * Order's {@code section} of its {@code goload.run/2} record ({@code <run-id>.run.json}, docs/order.md): the gate's
     * figures (pushed, delivered, the missing/duplicate/out-of-order counts with their first examples, foreign
     * deliveries, the pop size histogram, the pop waits, the drain and its cap) and the loss attribution.
     */
    public static Map<String, Object> section(OrderResult r, LossReport loss) {
        OrderLedger.Result k = r.check();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pushed", r.pushed());
        m.put("pushErrors", r.pushErrors());
        m.put("pushErrorsDeliveredAnyway", k.ambiguous());
        m.put("delivered", r.delivered());
        m.put("missing", CloudRecord.ordered("count", k.missing(), "first", k.missingFirst()));
        m.put("duplicates", CloudRecord.ordered("count", k.duplicates(), "first", k.duplicateFirst()));
        m.put("outOfOrder", CloudRecord.ordered("count", k.outOfOrder(), "first", k.outOfOrderFirst().stream()
                .map(v -> CloudRecord.ordered("partition", v.partition(), "prev", v.prev(), "got", v.got())).toList()));
        m.put("foreign", k.outOfRange());
        Map<String, Long> hist = new LinkedHashMap<>();
        r.popSizeHist().forEach((size, n) -> hist.put(String.valueOf(size), n));
        m.put("popSizeHist", hist);
        m.put("popWaitMs", CloudRecord.ordered("p50", r.popWaitMs()[0], "p95", r.popWaitMs()[1], "p99",
                r.popWaitMs()[2]));
        m.put("pushSec", r.pushSeconds());
        m.put("drainSec", r.drainSeconds());
        m.put("drainCapSec", r.drainCapSec());
        m.put("lastSeqSent", k.lastSent());
        m.put("lossAttribution", loss == null ? null : LossLines.record(loss));
        return m;
    }
}
