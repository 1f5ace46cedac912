package dev.goload.report;

import dev.goload.config.CloudConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.cloud.CloudNote;
import dev.goload.modes.cloud.CloudResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The cloud console: the reference's header, interval line and summary, byte for byte (goload-behavior.md §2.3),
 * with goload-Java additions on their own lines starting {@code "  + "} or {@code "+ "} so parsers keep working.
 * The delivery-correctness table and the VERDICT line are {@link CloudVerdictTable}'s. The engine's
 * {@link CloudNote}s ({@code [configure]}, {@code [drain]}, {@code [signal]}, {@code [shutdown]}) and the warm-up line
 * are rendered here too.
 *
 * <p>Threading: intervals on the run thread; a signal's note on the signal's thread (PrintStream serializes lines).
 */
public final class CloudConsole implements RunListener<CloudCounters.Snapshot> {
    private final PrintStream out;
    private final int pushBatch;

    /** @param pushBatch messages per push request (the offered and shed columns are in messages) */
    public CloudConsole(PrintStream out, int pushBatch) {
        this.out = out;
        this.pushBatch = pushBatch;
    }

    /** The self-describing header (step 5), with the drain as actually used. */
    public void printHeader(CloudConfig cfg, int tenants, String faultLine, int drainSec, boolean drainAutoSized) {
        int space = cfg.partitionSpace();
        int active = cfg.activePartitions();
        double ptRate = cfg.perTenantMsgRate(tenants);
        out.printf("goload -mode cloud [%s] -> %s%n", cfg.runId(), cfg.url());
        out.printf("  active partitions: %d of %d per queue (%s%%)%n", active, space, GoFmt.f(3, 100.0 * active / space));
        out.printf("  target=%s tenants=%d sharedQueue=%s queue=%s group=%s partitions=%d brokerTenantHeader=%s%n",
                cfg.target(), tenants, cfg.sharedQueue(), GoFmt.quote(cfg.queue()), GoFmt.quote(cfg.group()), cfg.partitions(),
                cfg.brokerTenantHeader());
        out.printf("  offered=%s msg/s total (%s/tenant) push-batch=%d -> %s req/s per tenant across %d producer(s)"
                        + " | max-inflight=%d%n", GoFmt.f(1, ptRate * tenants), GoFmt.f(2, ptRate), cfg.pushBatch(),
                GoFmt.f(2, ptRate / cfg.pushBatch()), cfg.producersPerTenant(), cfg.maxInflight());
        out.printf("  consumers=%d/tenant popBatch=%d popWait=%s autoAck=%s | payload=%dB | duration=%ds drain=%ds"
                        + " | idleConns=%d/client verify=%s%n", cfg.consumersPerTenant(), cfg.popBatch(), cfg.popWait(),
                cfg.autoAck(), cfg.payloadBytes(), cfg.durationSec(), drainSec, cfg.idleConnsPerClient(tenants),
                cfg.verify());
        if (faultLine != null) {
            out.printf("  FAULT INJECTION: %s (the correctness verdict is EXPECTED to fail)%n", faultLine);
        }
        if (drainAutoSized) {
            out.printf("  + drain raised from %ds to %ds (leaseTime %ds + %ds) so a dropped ack surfaces as a"
                            + " redelivery (duplicate), not as missing%n", cfg.drainSec(), drainSec, cfg.leaseTimeSec(),
                    CloudConfig.FAULT_DRAIN_MARGIN_SEC);
        }
        out.printf("  + pacer: shared open-loop pacer per (tenant, producer), ramp=%ss behind-ms=%d | pop-autopilot=%s%n",
                GoFmt.f(1, cfg.rampSeconds()), cfg.behindMillis(), cfg.popAutopilot());
    }

    @Override
    public void onNote(RunNote note) {
        switch (note) {
            case CloudNote.Configured c -> out.printf("[configure] %d queue(s) configured in %ss%n", c.queues(),
                    GoFmt.f(2, c.seconds()));
            case CloudNote.ConfigureFailed c -> {
                ErrorStats.Snapshot s = c.errors();
                out.printf("[configure] %d/%d FAILED — a run over half-provisioned queues measures nothing:%n",
                        s.total(), c.tenants());
                s.byKind().forEach((kind, n) -> out.printf("    %s=%d  %s%n", kind, n,
                        s.firstMessage().getOrDefault(kind, "")));
            }
            case CloudNote.Drain d -> out.printf("[drain] producers stopped after %ss; draining %ds before the"
                    + " correctness verdict%n", GoFmt.f(1, d.loadSec()), d.drainSec());
            case CloudNote.Signal g -> {
                out.println();
                out.println(g.producers() ? "[signal] stopping producers early" : "[signal] cutting the drain short");
            }
            case CloudNote.Stragglers g -> out.printf("[shutdown] some goroutines did not stop within %ds%n",
                    g.waitSec());
            case dev.goload.modes.StartGate.Started st -> StartLines.print(out, st);
            case RunNote.Text t -> out.println(t.line());
            default -> { }
        }
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends CloudCounters.Snapshot> s) {
        CloudIntervalView iv = new CloudIntervalView(s, pushBatch);
        if (!iv.shown()) {
            return;
        }
        String hms = GoFmt.hms(s.endEpochMs());
        out.printf("[%s %-5s] offered=%s/s push=%s/s pop=%s/s ack=%s/s shed=%s/s inflight=%5d | e2e p50=%s p99=%s ms"
                        + " | pushRTT p50=%s p99=%s ms | lag=%d | err push=%d pop=%d ack=%d (429=%d 403=%d 5xx=%d to=%d"
                        + " conn=%d) empty=%d cross=%d gor=%d%n",
                hms, s.phase(), GoFmt.f(8, 0, iv.offeredMsgPerSec()),
                GoFmt.f(8, 0, iv.pushedMsgPerSec()), GoFmt.f(8, 0, iv.poppedMsgPerSec()),
                GoFmt.f(8, 0, iv.ackedMsgPerSec()), GoFmt.f(7, 0, iv.shedMsgPerSec()), s.inflight(),
                GoFmt.f(7, 2, iv.e2e().p50()), GoFmt.f(8, 2, iv.e2e().p99()), GoFmt.f(6, 2, iv.pushRtt().p50()),
                GoFmt.f(7, 2, iv.pushRtt().p99()), iv.lag(), iv.errors("push"), iv.errors("pop"), iv.errors("ack"),
                iv.errorsOfKind("http_429"), iv.errorsOfKind("http_403"), iv.errorsOfKind("http_5xx"),
                iv.errorsOfKind("timeout"), iv.errorsOfKind("conn"), iv.emptyPops(), iv.crossTenant(),
                s.liveTasks());
        LoaderLines.intervalWarnings(out, hms, s.loaderBound());
    }

    /**
     * The summary block (after the JSON is written, before the verdict table); {@code reconnects} is the tenant
     * clients' keep-alive reconnect count, a {@code + } addition line like the loader's.
     */
    public void printSummary(CloudResult r, int nominalBytes) {
        RunCounters.Snapshot s = r.counters();
        double load = Math.max(1e-9, r.loadSec());
        double whole = Math.max(1e-9, r.loadSec() + r.drainSec());
        out.printf("%n========== %s ==========%n", r.runId());
        out.printf("offered   %s msg/s (%d msgs, %d shed)%n", GoFmt.f(10, 1, s.offeredReq() * pushBatch / load),
                s.offeredReq() * pushBatch, s.shedReq() * pushBatch);
        out.printf("achieved  push %s msg/s (%d msgs)   pop %s msg/s during load (%s msg/s over load+drain, %d msgs)"
                        + "   ack %d msgs%n", GoFmt.f(8, 1, s.pushedMsgs() / load), s.pushedMsgs(),
                GoFmt.f(8, 1, r.poppedAtDrainStart() / load), GoFmt.f(8, 1, s.popped() / whole), s.popped(),
                s.acked());
        CloudRecord.REFERENCE_LATENCY.forEach((name, tag) -> {
            LatencySummary l = r.latency(tag);
            out.printf("%-16s n=%-9d p50=%s p95=%s p99=%s p999=%s max=%s ms%n", name, l.count(),
                    GoFmt.f(8, 2, l.p50()), GoFmt.f(8, 2, l.p95()), GoFmt.f(8, 2, l.p99()),
                    GoFmt.f(8, 2, l.p999()), GoFmt.f(9, 2, l.max()));
        });
        boolean anyErrors = false;
        for (String fam : new String[] {"push", "pop", "ack", "configure"}) {
            ErrorStats.Snapshot e = r.errors().get(fam);
            if (e.total() == 0) {
                continue;
            }
            anyErrors = true;
            String ra = e.retryAfterSamples() == 0 ? "" : String.format(" retryAfter(avg=%ss max=%ss n=%d)",
                    GoFmt.f(2, e.retryAfterAvgSec()), GoFmt.f(2, e.retryAfterMaxSec()), e.retryAfterSamples());
            out.printf("errors %-10s total=%d kinds=%s codes=%s%s%n", fam, e.total(), goMap(e.byKind()),
                    goMap(e.byCode()), ra);
            e.firstMessage().forEach((kind, msg) -> out.printf("    first %s: %s%n", kind, msg));
        }
        if (!anyErrors) {
            out.println("errors            none");
        }
        double mib = 1024.0 * 1024.0;
        out.printf("bytes     nominal %d B/msg -> pushed %s MiB, delivered %s MiB%n", nominalBytes,
                GoFmt.f(2, s.pushedMsgs() * (double) nominalBytes / mib),
                GoFmt.f(2, s.popped() * (double) nominalBytes / mib));
        if (s.shedReq() > 0 || s.itemFailed() > 0) {
            out.printf("+ shed cap=%d behind=%d (requests) | push items failed inside a 2xx=%d%n", s.shedCapReq(),
                    s.shedBehindReq(), s.itemFailed());
        }
        // cloud's reference prints no [final] line: goload's lines are summary additions, before the verdict
        CanceledLine.printInSummary(out, r.errors());
        ReconnectLines.printInSummary(out, r.outcome().reconnects());
        LoaderLines.printInSummary(out, r.loader());
    }

    /**
     * CAUTION (backlog) or NOTE (real loss) when anything is missing, then the artifact paths: the reference's JSON
     * and CSV, then goload's files ({@code more}: the v2 record, its interval CSV and {@code .hlog}) under them.
     */
    public void printTail(CloudResult r, String jsonPath, String csvPath, List<Path> more) {
        long missing = r.verify().missing();
        if (r.verify().enabled() && missing > 0) {
            ErrorStats.Snapshot pop = r.errors().get("pop");
            if (r.tailDeliveries() > 0 || pop.total() > 0) {
                out.printf("CAUTION: %d missing may be BACKLOG, not loss — %d messages were still arriving in the last"
                                + " 2s of the drain and the consumer side hit %d error(s) (%s). Re-run with a longer"
                                + " -drain, or size -drain to the rate the plan actually permits.%n", missing,
                        Math.max(0, r.tailDeliveries()), pop.total(), goMap(pop.byKind()));
            } else {
                out.printf("NOTE: consumers were idle at the cutoff and the consume path reported no errors, so %d"
                        + " missing is real LOSS, not a tail.%n", missing);
            }
        }
        List<Object> paths = new ArrayList<>(Arrays.asList(jsonPath, csvPath));
        paths.addAll(more);
        ArtifactsBlock.print(out, paths);
    }

    /** Go's {@code %v} of a map: {@code map[k:v k2:v2]}, keys sorted. */
    static String goMap(Map<String, ?> m) {
        StringBuilder b = new StringBuilder("map[");
        new java.util.TreeMap<>(m).forEach((k, v) -> {
            if (b.length() > 4) {
                b.append(' ');
            }
            b.append(k).append(':').append(v);
        });
        return b.append(']').toString();
    }
}
