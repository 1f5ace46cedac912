package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A ladder directory's capacity curve with its void points; compare's table, differences and refusals. */
class LadderAndCompareTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper JSON = new ObjectMapper();

    static Path ladder(Path dir) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("ladder.json"), """
                {"schema":"goload.ladder/1","config":{"rates":[500,700,900],"loaderArgs":["-token","****"]},
                 "points":[
                  {"rate":700,"runId":"l-700","offeredMsgPerSec":700,"achievedPushMsgPerSec":690,"achievedPopMsgPerSec":680,
                   "p50Ms":3,"p99Ms":40,"void":true,"verdict":"PASS","cellCores":1.5,"commitsPerDeliveredMsg":0.2},
                  {"rate":500,"runId":"l-500","offeredMsgPerSec":500,"achievedPushMsgPerSec":500,"achievedPopMsgPerSec":499,
                   "p50Ms":2,"p99Ms":9,"void":false,"verdict":"PASS","cellCores":1.1,"commitsPerDeliveredMsg":0.2},
                  {"rate":900,"runId":"l-900","offeredMsgPerSec":900,"achievedPushMsgPerSec":800,"achievedPopMsgPerSec":760,
                   "p50Ms":20,"p99Ms":900,"void":false,"verdict":"PASS","cellCores":1.9,"commitsPerDeliveredMsg":0.3}],
                 "stopReason":"achieved pop 760.0 < 0.95 x offered","ceiling":{"rate":500,"achievedPopMsgPerSec":499}}
                """);
        return dir;
    }

    @Test
    void aLadderDirectoryDrawsTheCapacityCurveInOfferedOrderWithTheVoidPointMarked() throws Exception {
        Path html = HtmlReport.write(ladder(tmp.resolve("ladder")), tmp.resolve("ladder.html"));
        JsonNode charts = ReportPages.data(html).path("charts");
        JsonNode pop = ReportPages.series(charts, "achieved vs offered", "achieved pop");
        assertEquals(List.of(499.0, 680.0, 760.0), List.of(pop.get(0).asDouble(), pop.get(1).asDouble(),
                pop.get(2).asDouble()), "points in offered order");
        JsonNode voids = ReportPages.series(charts, "end-to-end latency vs offered", "void (loader-bound)");
        assertTrue(voids.get(0).isNull() && voids.get(2).isNull(), "only the void point is marked: " + voids);
        assertEquals(40.0, voids.get(1).asDouble());
        String page = Files.readString(html);
        assertTrue(page.contains("500 msg/s offered"), "the ceiling");
        assertTrue(page.contains("VOID (loader-bound)"));
    }

    @Test
    void compareSetsHeadlineFiguresSideBySideAndCallsOutWhatDiffers() throws Exception {
        Path a = SyntheticRun.write(tmp.resolve("a"), 10);
        Path b = SyntheticRun.write(tmp.resolve("b"), 10);
        ObjectNode rb = (ObjectNode) JSON.readTree(b.toFile());
        ((ObjectNode) rb.path("counters")).put("achievedReq", 9000);
        ((ObjectNode) rb.path("flags")).put("rate", 900);
        ((ObjectNode) rb.path("flags")).put("run-id", "other");
        JSON.writeValue(b.toFile(), rb);
        Comparison c = Comparison.load(List.of(a, b));
        String table = c.consoleTable();
        assertTrue(table.matches("(?s).*achieved req/s\\s+1000\\.0\\s+900\\.0\\s+-100\\.0\\s+-10\\.0%.*"), table);
        assertTrue(table.matches("(?s).*flag -rate\\s+1000\\s+900.*"), table);
        assertTrue(!table.contains("run-id"), "naming flags are not differences: " + table);
        assertEquals(List.of("1000", "900"), c.differences().get("flag -rate"));
        JsonNode charts = ReportPages.data(c.page().write(tmp.resolve("c.html"))).path("charts");
        assertEquals(10, ReportPages.series(charts, "achieved push requests", "B").size());
        ReportPages.series(charts, "push latency (from the scheduled instant): percentile distribution", "A");
    }

    @Test
    void compareRefusesRunsOfDifferentModesAndLadders() throws Exception {
        Path a = SyntheticRun.write(tmp.resolve("a"), 3);
        Path b = SyntheticRun.write(tmp.resolve("b"), 3);
        ObjectNode rb = (ObjectNode) JSON.readTree(b.toFile());
        rb.put("mode", "cloud");
        JSON.writeValue(b.toFile(), rb);
        var e = assertThrows(Comparison.Refused.class, () -> Comparison.load(List.of(a, b)));
        assertTrue(e.getMessage().startsWith("runs of different modes cannot be compared"), e.getMessage());
        assertTrue(e.getMessage().contains("openloop") && e.getMessage().contains("cloud"), e.getMessage());
        Path l = ladder(tmp.resolve("l"));
        assertThrows(Comparison.Refused.class, () -> Comparison.load(List.of(a, l)));
        assertThrows(Comparison.Refused.class, () -> Comparison.load(List.of(a)));
    }

    @Test
    void theLadderPageRendersInABrowserWithItsPointsOnlySeries() throws Exception {
        Chromium.require();
        Path html = HtmlReport.write(ladder(tmp.resolve("ladder")), tmp.resolve("ladder.html"));
        Chromium.assertRenderedWithData(Chromium.dumpDom(html, Files.createDirectories(tmp.resolve("chrome"))), 3);
    }
}
