package dev.goload.report;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderEvidence;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What rewriting the run record costs the reporter thread, per write, for a cloud run of 10,000 tenants
 * (docs/run-record.md#what-a-checkpoint-costs): the checkpoint as written after every interval, and for comparison the
 * whole final record (the 10,000 tenants' rows in the section, the loader's evidence of every interval) rewritten as
 * often. CPU time of this thread (ThreadMXBean), fsync and rename included. Not a test: run it by hand,
 *
 * <pre>java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.goload.report.CheckpointCost [dir]</pre>
 */
public final class CheckpointCost {
    private static final int TENANTS = 10_000;

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("checkpoint-cost");
        Map<String, Object> flags = new LinkedHashMap<>();
        for (String f : List.of("url", "target", "tenants-file", "queue", "out", "run-id")) flags.put(f, "x".repeat(20));
        flags.put("tenants", TENANTS);
        flags.put("rate", 20_000);
        flags.put("report", 1);
        RunHeader h = new RunHeader("cost", "cloud", "test", "http1", "goload -mode cloud -tenants " + TENANTS, flags,
                1L, new RunHeader.Broker("http://127.0.0.1:6632", true, true));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (RunRecordWriter<Void> w = new RunRecordWriter<>(dir, h, "cost.run.json", System.currentTimeMillis(),
                Files::newOutputStream)) {
            // as the reporter builds it at each interval: every recorder's whole-run summary read again
            java.util.function.Supplier<RunOutcome> checkpoint = () -> outcome(List.of());
            for (int i = 0; i < 200; i++) w.onCheckpoint(checkpoint); // warm-up
            int n = 2_000;
            long cpu = mx.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            for (int i = 0; i < n; i++) w.onCheckpoint(checkpoint);
            report("checkpoint", n, mx.getCurrentThreadCpuTime() - cpu, System.nanoTime() - wall,
                    Files.size(w.recordFile()));

            Map<String, Object> section = section();
            for (int hours : new int[] {1, 24}) {
                RunOutcome whole = outcome(evidence(hours * 3600));
                for (int i = 0; i < 3; i++) w.finish(whole, section, List.of());
                int m = hours == 1 ? 50 : 10;
                cpu = mx.getCurrentThreadCpuTime();
                wall = System.nanoTime();
                for (int i = 0; i < m; i++) w.finish(whole, section, List.of());
                report("whole record, hour " + hours, m, mx.getCurrentThreadCpuTime() - cpu, System.nanoTime() - wall,
                        Files.size(w.recordFile()));
            }
        }
    }

    private static void report(String what, int n, long cpuNanos, long wallNanos, long bytes) {
        double cpuMs = cpuNanos / 1e6 / n;
        System.out.printf("%-22s %6d writes  %8.3f ms CPU/write  %8.3f ms wall/write  %9d bytes  = %.3f %% of a core"
                + " at -report 1%n", what, n, cpuMs, wallNanos / 1e6 / n, bytes, cpuMs / 10.0);
    }

    private static final RunRecorders RECORDERS = new RunRecorders();

    static {
        for (LatencyRecorder r : RECORDERS.all()) {
            for (long v = 1; v < 2_000_000; v += 37) r.record(v);
            r.sampleInterval();
        }
    }

    /** A cloud run's outcome: its recorders' summaries, its error families, the loader's summary. */
    private static RunOutcome outcome(List<LoaderEvidence> series) {
        Map<String, LatencySummary> latency = new LinkedHashMap<>();
        for (LatencyRecorder r : RECORDERS.all()) {
            latency.put(r.tag(), LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
        }
        for (String tag : List.of("pop", "popWait", "ackWait")) latency.put(tag, latency.get("push"));
        RunCounters counters = new RunCounters();
        var loader = new RunResult.LoaderSummary(2, 1.2, 1.9, 3600, 400, 900, 900L << 20, false, List.of(), null,
                null, 0, series);
        return new RunOutcome("cloud", "cost", 1_790_000_000_000L, 1_790_003_600_000L, "running",
                List.of(new RunOutcome.Phase("load", 0, 3600, counters.snapshot())), counters.snapshot(),
                counters.errorFamilies(), latency, Map.of(), loader, null, null, Verdict.NONE, 0, 0, 3600);
    }

    private static List<LoaderEvidence> evidence(int intervals) {
        List<LoaderEvidence> l = new ArrayList<>(intervals);
        for (int i = 0; i < intervals; i++) l.add(new LoaderEvidence(i, i, i + 1, "load", 1.23, 20_000, 0.8, 0, 20_000, 0));
        return l;
    }

    /** Cloud's section shape: one row per tenant, as CloudRunSection writes it. */
    private static Map<String, Object> section() {
        List<Object> tenants = new ArrayList<>(TENANTS);
        for (int i = 0; i < TENANTS; i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("idx", i);
            row.put("tenant", "tenant-" + i);
            row.put("cluster", "cluster-" + (i % 8));
            row.put("queue", "cloud-q-" + i);
            for (String k : List.of("seqAssigned", "sentOk", "sentFail", "sentLostFaultInjected", "received",
                    "missing", "duplicate", "extra", "crossTenantIn", "undecodable", "pushed", "popped", "acked",
                    "ambiguousSent", "ambiguousDelivered")) row.put(k, 7_200L + i);
            row.put("ok", true);
            tenants.add(row);
        }
        return Map.of("tenants", tenants);
    }
}
