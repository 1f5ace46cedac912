package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.run.thresholds.MetricCatalog;
import dev.goload.modes.run.thresholds.ThresholdSet;
import dev.goload.verify.OrderLedger;
import dev.goload.verify.OrderVerdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModeFiguresTest {

    @Test
    void everyNameAModeDeclaresIsAcceptedBeforeTheRunAndValuedAfterIt() {
        OrderLedger.Result r = new OrderLedger.Result(100, 1, 2, 3, List.of(), 4, List.of(), 5, List.of(), 6);
        Map<String, Long> order = ModeFigures.of(r);
        assertEquals(ModeFigures.ORDER, List.copyOf(order.keySet()));
        assertEquals(Map.of("verify.missing", 3L, "verify.duplicates", 4L, "verify.outOfOrder", 5L,
                "verify.outOfRange", 6L, "verify.ambiguous", 2L, "verify.failedPushes", 1L), order);
        Map<String, Long> app = ModeFigures.of(OrderVerdict.of(10, 1, 0, 2, 0, List.of()));
        assertEquals(ModeFigures.APP, List.copyOf(app.keySet()));
        assertEquals(10L, app.get("verify.inOrder"));
        for (List<String> names : List.of(ModeFigures.CLOUD, ModeFigures.ORDER, ModeFigures.CM, ModeFigures.APP)) {
            MetricCatalog c = ModeFigures.catalog(names, "popWait");
            for (String n : names) ThresholdSet.of(List.of(n + "==0"), c);
            ThresholdSet.of(List.of("popWait.p99<1s"), c);
        }
    }

    @Test
    void aVerificationThatDidNotRunHandsNoValues() {
        assertTrue(ModeFigures.of((dev.goload.verify.VerifyResult) null).isEmpty());
        assertTrue(ModeFigures.of(dev.goload.verify.VerifyResult.skipped(List.of())).isEmpty());
        assertTrue(ModeFigures.of((OrderVerdict) null).isEmpty());
    }

    @Test
    void aMergedRunsFiguresAreReadFromTheSectionASingleRunWrites() {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var tenants = new dev.goload.modes.tenants.TenantsFigures(4, 8, 16, 120, 3);
        assertEquals(ModeFigures.of(tenants), ModeFigures.ofMerged("tenants",
                json.valueToTree(dev.goload.report.TenantsRecord.section(tenants, 40, 1024))));
        var verifier = new dev.goload.modes.cm.CmSection.Verifier(false, 10, 9, 1, 2, 3, 4, 5, 6);
        var cm = new dev.goload.modes.cm.CmSection(List.of(), 5, 5, 0, 0, 0, 0, verifier);
        Map<String, Long> figures = ModeFigures.ofMerged("cm", json.valueToTree(cm));
        assertEquals(ModeFigures.CM, List.copyOf(figures.keySet()));
        assertEquals(List.of(10L, 9L, 1L, 2L, 3L, 4L, 5L, 6L), List.copyOf(figures.values()));
        assertTrue(ModeFigures.ofMerged("cm", json.valueToTree(new dev.goload.modes.cm.CmSection(List.of(), 5, 5, 0, 0,
                0, 0, null))).isEmpty(), "not verified: no values, as in a single run");
    }
}
