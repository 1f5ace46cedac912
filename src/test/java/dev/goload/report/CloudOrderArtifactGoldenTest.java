package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.cli.CloudCommand;
import dev.goload.cli.FlagTables;
import dev.goload.cli.GoFlagParser;
import dev.goload.config.CloudConfig;
import dev.goload.config.OrderConfig;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.cloud.CloudResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.order.OrderFinding;
import dev.goload.modes.order.OrderResult;
import dev.goload.verify.OrderLedger;
import dev.goload.verify.TenantResult;
import dev.goload.verify.VerifyResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bytes of cloud's reference-format artifacts ({@code <run-id>.json}, {@code <run-id>-interval.csv} header and
 * row, the interval console line with errors of every column) and of order's {@code <run-id>.json}, from fixed
 * inputs, against golden files under {@code src/test/resources/golden/}. Parsers of the reference's files read these;
 * no refactoring may change a byte of them.
 */
class CloudOrderArtifactGoldenTest {
    private static final RunResult.LoaderSummary LOADER =
            new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false, List.of());

    @TempDir
    Path dir;

    private static String golden(String name) throws IOException {
        try (InputStream in = CloudOrderArtifactGoldenTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static CloudConfig cloudConfig() throws Exception {
        return CloudCommand.config(GoFlagParser.parse(FlagTables.cloud(), "-target", "broker", "-url",
                "http://127.0.0.1:6632", "-tenants", "2", "-rate", "200", "-push-batch", "2", "-duration", "2",
                "-drain", "1", "-run-id", "cl", "-out", "out", "-note", "golden", "-tenants-file", "absent.json"));
    }

    // ---- inputs (the only part a refactoring of the engine's types may change) ----

    /** Errors: push http_429=2 http_5xx=1, pop timeout=1 conn=2 (and 4 canceled: not errors), ack http_403=1. */
    private static Map<String, Long> errorsByKind() {
        return new TreeMap<>(Map.of("push.http_429", 2L, "push.http_5xx", 1L, "pop.timeout", 1L, "pop.conn", 2L,
                "pop.canceled", 4L, "ack.http_403", 1L));
    }

    /** 7 cross-tenant deliveries. */
    private static IntervalSnapshot<CloudCounters.Snapshot> cloudInterval() {
        RunCounters.Snapshot total = CloudOrderSynthetic.counters(500, 3, 2, 495, 980, 970, 9, 965, 2, 4, 120,
                errorsByKind());
        RunCounters.Snapshot delta = CloudOrderSynthetic.counters(100, 1, 1, 98, 196, 190, 2, 188, 0, 1, 20, Map.of());
        return CloudOrderSynthetic.interval(4, Synthetic.NOON_05, "drain", 2.0, 5, 1.5, 4.25, 0.75, 2.5, total, delta,
                new CloudCounters.Snapshot(60, 40, 7, 1), 14);
    }

    private static CloudResult cloudResult() {
        TenantResult t0 = new TenantResult(0, "synth-0000", "synth-0000", "cloudq", 500, 496, 2, 1, 495, 1, 2, 0, 0, 1,
                new long[] {17}, 3, 2);
        TenantResult t1 = new TenantResult(1, "synth-0001", "synth-0001", "cloudq", 500, 500, 0, 0, 500, 0, 0, 0, 7, 0,
                new long[0], 0, 0);
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        lat.put("e2e", CloudOrderSynthetic.summary(995, 1.5, 3.25, 4.5, 9.125, 12.0));
        lat.put("e2eFromSend", CloudOrderSynthetic.summary(995, 1.25, 3.0, 4.0, 8.5, 11.0));
        lat.put("service", CloudOrderSynthetic.summary(495, 0.75, 1.5, 2.5, 3.125, 4.0));
        lat.put("ack", CloudOrderSynthetic.summary(40, 0.5, 1.0, 1.25, 1.5, 1.75));
        lat.put("lateness", CloudOrderSynthetic.summary(500, 0.01, 0.02, 0.05, 0.1, 0.25));
        ErrorStats.Snapshot none = new ErrorStats.Snapshot(0, Map.of(), Map.of(), 0, 0, 0, Map.of());
        ErrorStats.Snapshot push = new ErrorStats.Snapshot(3, new TreeMap<>(Map.of("http_429", 2L, "http_5xx", 1L)),
                new TreeMap<>(Map.of("429/rate_limited", 2L, "503", 1L)), 2, 1.5, 2.0,
                new TreeMap<>(Map.of("http_429", "push: 429 rate_limited", "http_5xx", "push: 503")));
        ErrorStats.Snapshot pop = new ErrorStats.Snapshot(3, new TreeMap<>(Map.of("timeout", 1L, "conn", 2L)), Map.of(),
                0, 0, 0, new TreeMap<>(Map.of("timeout", "pop timed out", "conn", "connection reset")));
        ErrorStats.Snapshot ack = new ErrorStats.Snapshot(1, Map.of("http_403", 1L), Map.of("403", 1L), 0, 0, 0,
                Map.of("http_403", "ack: 403"));
        Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
        errors.put("push", push);
        errors.put("pop", pop);
        errors.put("ack", ack);
        errors.put("configure", none);
        RunCounters.Snapshot totals = CloudOrderSynthetic.counters(500, 3, 2, 495, 980, 1002, 9, 995, 2, 4, 120,
                errorsByKind());
        return new CloudResult(CloudOrderSynthetic.outcome("cl", 1_785_326_400_000L, 1_785_326_403_500L, "duration", totals,
                errors, lat, LOADER, 3), 2.0, 1.5, 1, false, 950, 52, 3, new CloudCounters.Snapshot(60, 40, 7, 1),
                VerifyResult.of(List.of(t0, t1)), new CloudResult.Faults(1, 1, 0, 2, 0),
                List.of(new long[] {490, 501, 498}, new long[] {490, 501, 497}), 0.125, 4, false, 256, "loop");
    }

    private static OrderResult orderResult() {
        var check = new OrderLedger.Result(100, 1, 1, 1, List.of(42L), 1, List.of(7L), 1,
                List.of(new OrderLedger.Violation("p3", 9, 8)), 2);
        var hist = new TreeMap<Integer, Long>(Map.of(1, 3L, 50, 2L));
        ErrorStats.Snapshot none = new ErrorStats.Snapshot(0, Map.of(), Map.of(), 0, 0, 0, Map.of());
        ErrorStats.Snapshot push = new ErrorStats.Snapshot(1, Map.of("timeout", 1L), Map.of(), 0, 0, 0,
                Map.of("timeout", "push 5: timeout"));
        Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
        errors.put("push", push);
        errors.put("pop", none);
        errors.put("ack", none);
        List<OrderFinding> findings = List.of(new OrderFinding.Loss(1, List.of(42L)),
                new OrderFinding.Duplication(1, List.of(7L)), new OrderFinding.OutOfOrder(1, check.outOfOrderFirst()),
                new OrderFinding.Ack(101, 100), new OrderFinding.Push(1, 1), new OrderFinding.Foreign(2));
        return new OrderResult(CloudOrderSynthetic.orderOutcome(CloudOrderSynthetic.orderCounters(9, 4, 0, 100, 1, 3,
                60), errors, LOADER, 5), 99, 1, 101, hist, new double[] {2.25, 10.5, 20.0}, 1.25, 2.0, check, 6,
                findings);
    }

    // ---- the pinned bytes ----

    @Test
    void theRunRecordSectionCountsEveryLedgerByteNotOnlyTheBitmapWords() {
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) CloudRunSection.of(cloudResult(), null).get("verification");
        // two tenants' ledgers: 2 x (ledger 112 + 3 x (bitmap object 16 + array header 16)) + the 256 word bytes
        assertEquals(Map.of("ledgers", 2, "ledgerBytes", 672L, "ledgerBytesPerTenant", 336L), v);
    }

    @Test
    void cloudIntervalLineWithErrorsInEveryColumnIsTheReferenceTemplate() {
        var out = new Synthetic.Out();
        new CloudConsole(out.ps, 2).onInterval(cloudInterval());
        assertEquals("[12:00:05 drain] offered=     100/s push=      98/s pop=      95/s ack=      94/s shed=      2/s"
                + " inflight=    5 | e2e p50=   1.50 p99=    4.25 ms | pushRTT p50=  0.75 p99=   2.50 ms | lag=10"
                + " | err push=3 pop=3 ack=1 (429=2 403=1 5xx=1 to=1 conn=2) empty=9 cross=7 gor=14\n", out.text());
    }

    @Test
    void cloudIntervalCsvHeaderAndRowAreTheReferenceBytes() throws IOException {
        Path csv = dir.resolve("cl-interval.csv");
        try (CloudCsv w = new CloudCsv(csv, 2)) {
            w.onInterval(cloudInterval());
        }
        assertEquals(golden("cloud-interval.csv"), Files.readString(csv));
    }

    @Test
    void cloudRunJsonIsTheReferenceBytes() throws Exception {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("goloadVersion", "0.0.0-golden");
        extra.put("reconnects", 3L);
        Path json = CloudRecord.write(dir, "cl", CloudRecord.build(cloudConfig(), 2, cloudResult(), 100, extra));
        assertEquals(golden("cloud-record.json"), Files.readString(json));
    }

    @Test
    void orderRunJsonIsTheReferenceBytes() throws IOException {
        OrderConfig c = new OrderConfig("broker", "http://127.0.0.1:6632", "ordercheck", "orderers", 4, 100, 3, 20, 0,
                500, 30, 0, 20, dir.toString(), "ord", "golden");
        Path json = OrderReport.writeJson(dir, "ord", "golden", c, orderResult(), null);
        assertEquals(golden("order-record.json"), Files.readString(json));
    }
}
