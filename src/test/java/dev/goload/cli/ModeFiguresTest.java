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
}
