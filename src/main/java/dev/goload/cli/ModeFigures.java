package dev.goload.cli;

import dev.goload.modes.run.thresholds.Dimension;
import dev.goload.modes.run.thresholds.MetricCatalog;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.OrderLedger;
import dev.goload.verify.OrderVerdict;
import dev.goload.verify.VerifyResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of their own that the modes offer to {@code -threshold} (docs/reporting.md#thresholds):
 * each mode's names, declared before the run ({@link #catalog}), and their values from its verdict after it. One
 * list of names per mode serves both, so a name can never be accepted before the run and missing after it. A
 * verification that did not run hands no values: its thresholds have no data and fail. Stateless.
 */
final class ModeFigures {
    private ModeFigures() {}

    static final List<String> CLOUD = List.of("verify.sent", "verify.received", "verify.missing",
            "verify.duplicates", "verify.extra", "verify.crossTenant", "verify.undecodable", "verify.ambiguous");
    static final List<String> ORDER = List.of("verify.missing", "verify.duplicates", "verify.outOfOrder",
            "verify.outOfRange", "verify.ambiguous", "verify.failedPushes");
    static final List<String> CM = List.of("verify.msgs", "verify.unique", "verify.duplicates", "verify.gaps",
            "verify.violations", "verify.inflight", "verify.absent", "verify.errors");
    static final List<String> APP = List.of("verify.inOrder", "verify.duplicates", "verify.violations",
            "verify.unjudged", "verify.evicted");

    static final List<String> TENANTS = List.of("tail", "tail.queues");
    static final List<String> PROVISION = List.of("provision.created", "provision.pending");

    /** The common metrics, the mode's own latency recorders and its figures (all counts). */
    static MetricCatalog catalog(List<String> figures, String... latencyTags) {
        MetricCatalog c = MetricCatalog.common().withLatency(latencyTags);
        for (String f : figures) c = c.withModeFigure(f, Dimension.COUNT);
        return c;
    }

    /** Cloud's delivery verdict over every tenant; nothing when verification was off. */
    static Map<String, Long> of(VerifyResult v) {
        if (v == null || !v.enabled()) return Map.of();
        return figures(CLOUD, v.sentOk(), v.received(), v.missing(), v.duplicate(), v.extra(), v.crossTenant(),
                v.undecodable(), v.ambiguousDelivered());
    }

    /** Order's ledger check. */
    static Map<String, Long> of(OrderLedger.Result r) {
        if (r == null) return Map.of();
        return figures(ORDER, r.missing(), r.duplicates(), r.outOfOrder(), r.outOfRange(), r.ambiguous(),
                r.failedPushes());
    }

    /** cm's verifier table, summed over its stages. */
    static Map<String, Long> of(CmVerdict v) {
        if (v == null) return Map.of();
        return figures(CM, v.msgs(), v.unique(), v.dups(), v.gaps(), v.viols(), v.inflight(), v.absent(), v.errors());
    }

    /** app's online order checker; nothing when it did not run. */
    static Map<String, Long> of(OrderVerdict v) {
        if (v == null) return Map.of();
        return figures(APP, v.inOrder(), v.dups(), v.violations(), v.unjudged(), v.evicted());
    }

    /** tenants' backlog at the end: messages left and the queues holding them. */
    static Map<String, Long> of(dev.goload.modes.tenants.TenantsFigures t) {
        if (t == null) return Map.of();
        return figures(TENANTS, t.tail(), t.tailQueues());
    }

    /** provision: tenants created by this run, and keys still pending. */
    static Map<String, Long> of(dev.goload.modes.provision.ProvisionResult r) {
        if (r == null) return Map.of();
        return figures(PROVISION, r.created(), r.pending());
    }

    /**
     * The figures of a merged run ({@code goload merge}), read from its record's section, where each is its shards'
     * sum (docs/distributed.md: every figure is a count over disjoint tenants, properties or queues, so the sum is the
     * whole run's). Nothing for a mode without figures or a verification that did not run. Order and app are never
     * merged (they cannot be sharded).
     */
    static Map<String, Long> ofMerged(String mode, com.fasterxml.jackson.databind.JsonNode section) {
        return switch (mode) {
            case "cloud" -> section.path("verify").path("enabled").asBoolean() ? read(CLOUD, section.path("verify"),
                    "sentOk", "received", "missing", "duplicate", "extra", "crossTenant", "undecodable",
                    "ambiguousDelivered") : Map.of();
            case "cm" -> section.path("verifier").isObject() ? read(CM, section.path("verifier"), "msgs", "unique",
                    "dups", "gaps", "viols", "inflight", "absent", "errors") : Map.of();
            case "tenants" -> read(TENANTS, section, "tail", "tailQueues");
            default -> Map.of();
        };
    }

    /** {@code names} from the fields {@code fields} of {@code o}, a missing field leaving its figure out (no data). */
    private static Map<String, Long> read(List<String> names, com.fasterxml.jackson.databind.JsonNode o,
                                          String... fields) {
        if (names.size() != fields.length) throw new IllegalArgumentException(names + " vs " + fields.length);
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < fields.length; i++) {
            if (o.path(fields[i]).isNumber()) m.put(names.get(i), o.path(fields[i]).asLong());
        }
        return m;
    }

    private static Map<String, Long> figures(List<String> names, long... values) {
        if (names.size() != values.length) throw new IllegalArgumentException(names + " vs " + values.length);
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) m.put(names.get(i), values[i]);
        return m;
    }
}
