package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencySummary;
import dev.goload.modes.RunResult;
import java.util.List;
import java.util.Map;

import dev.goload.modes.cm.CmSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CmConsoleTest {
    private static CmSnapshot snap(long prodA, long prodB, long db, long cal, long ota, long otap, long acked,
                                   long dbDerived, long calDerived, long minOta, long minOtap) {
        return new CmSnapshot(prodA, prodB, db, cal, ota, otap, acked, dbDerived, calDerived, minOta, minOtap, 0, 0, 0,
                0, 0, 0, 0);
    }

    @Test
    void reportLineFollowsTheReferenceTemplate() {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        CmConsole c = new CmConsole(new PrintStream(bos, true, StandardCharsets.UTF_8));
        CmSnapshot prev = snap(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        CmSnapshot now = snap(1000, 1000, 988, 991, 4990, 5004, 12003, 988, 991, 948, 960);
        c.interval(43_201_000L, 1.0, now, prev, 61.3, 140.2, 5123);
        assertEquals("[12:00:01] prodA=  1000 prodB=  1000 | db=   988 cal=   991 ota=   4990 otap=   5004"
                + " acked=  12003 e2e=  1999/s | p50= 61.30 p99= 140.20 ms | lag avail=12 prices=9 otaSync=40"
                + " otaPrices=31 | ackErr=0 pushErr=0 shed=0 gor=5123\n", bos.toString(StandardCharsets.UTF_8));
    }

    @Test
    void errorKindLinesComeBeforeTheReferenceFinalLineOnlyForFamiliesWithErrors() {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        var pop = new dev.goload.metrics.ErrorStats();
        pop.record("conn", "pop: connection refused");
        pop.record("conn", "pop: connection reset");
        var errors = new java.util.LinkedHashMap<String, dev.goload.metrics.ErrorStats.Snapshot>();
        errors.put("push", new dev.goload.metrics.ErrorStats().snapshot());
        errors.put("pop", pop.snapshot());
        new CmConsole(new PrintStream(bos, true, StandardCharsets.UTF_8))
                .fin(new CmSnapshot(10, 11, 9, 10, 45, 50, 100, 9, 10, 9, 10, 2, 3, 4, 5, 0, 2, 0),
                        LatencySummary.EMPTY,
                        new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false, List.of()), 0, errors);
        String text = bos.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith(" | loaderBound=false | conns opened=0 peak=0\n"
                + "[final] + errors pop conn=2 (first: pop: connection refused)\n"
                + "[final] producedA=10 producedB=11 | db=9 cal=10 ota=45 otap=50 | acked=100 ackErr=2"
                + " pushErr=3 pushRetry=4 shed=5\n"), text);
        assertTrue(!text.contains("errors push"), text);
    }

    @Test
    void finalLineFollowsTheReferenceTemplateAndIsTheLastLine() {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        new CmConsole(new PrintStream(bos, true, StandardCharsets.UTF_8))
                .fin(new CmSnapshot(10, 11, 9, 10, 45, 50, 100, 9, 10, 9, 10, 2, 3, 4, 5, 0, 0, 0),
                        LatencySummary.EMPTY,
                        new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false, List.of()), 0, Map.of());
        String text = bos.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("\n[final] + e2e n=0 "), text);
        assertTrue(text.endsWith("\n[final] producedA=10 producedB=11 | db=9 cal=10 ota=45 otap=50 | acked=100 ackErr=2"
                + " pushErr=3 pushRetry=4 shed=5\n"), text);
    }
}
