package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.config.LadderConfig;
import dev.goload.report.LadderReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LadderEngineTest {
    @TempDir
    Path dir;

    private LadderConfig config(List<Long> rates, boolean stopOnVoid) {
        return new LadderConfig(rates, 40, 45, dir, "lad", List.of("reset-cmd"), List.of("runpt.sh"),
                List.of("-mode", "cloud", "-target", "broker"), 0.95, 1000, 2, 10, stopOnVoid);
    }

    /** A fake point runner: writes a cloud-format record whose numbers come from {@code shape(rate)}. */
    private final class FakeCell implements LadderEngine.Commands {
        final List<List<String>> calls = new ArrayList<>();
        final LongFunction<String> shape;

        FakeCell(LongFunction<String> shape) { this.shape = shape; }

        @Override
        public int run(List<String> command) throws IOException {
            calls.add(command);
            if (command.getFirst().equals("reset-cmd")) return 0;
            String id = command.get(command.indexOf("-run-id") + 1);
            long rate = Long.parseLong(command.get(command.indexOf("-rate") + 1));
            Files.writeString(dir.resolve(id + ".json"), shape.apply(rate));
            return 0;
        }
    }

    private static String record(double offered, double pop, double p99, String verdict, boolean loaderBound) {
        return """
                {"runId":"x","startedAt":"2026-07-30T12:00:00Z","loadSec":40.0,"drainSec":45,
                 "offered":{"msgPerSec":%s,"shedMsgs":0},
                 "achieved":{"pushMsgPerSec":%s,"popMsgPerSecLoadPhase":%s,"pushedMsgs":%d},
                 "latency":{"e2eFromSchedule":{"p50Ms":5.0,"p99Ms":%s}},
                 "errors":{"push":{"total":0},"pop":{"total":1},"ack":{"total":0}},
                 "verdict":"%s","loaderBound":%s}
                """.formatted(offered, offered, pop, Math.round(offered * 40), p99, verdict, loaderBound);
    }

    @Test
    void stopsWhereAchievedStopsTrackingOffered() throws Exception {
        FakeCell cell = new FakeCell(r -> record(r, Math.min(r, 900), 20, "PASS", false));
        LadderResult res = new LadderEngine(config(List.of(500L, 800L, 1100L, 1400L), false), "goload", cell).run(p -> { });
        assertEquals(3, res.points().size(), "no point after the one that broke the rule");
        assertTrue(res.stopReason().startsWith("achieved pop"), res.stopReason());
        assertEquals(800, res.ceiling().rate());
        assertEquals(6, cell.calls.size(), "a reset before every point");
        assertEquals("reset-cmd", cell.calls.get(2).getFirst());
    }

    @Test
    void stopsWhenP99BreaksTheLimit() throws Exception {
        FakeCell cell = new FakeCell(r -> record(r, r, r >= 800 ? 1500 : 50, "PASS", false));
        LadderResult res = new LadderEngine(config(List.of(500L, 800L, 1100L), false), "goload", cell).run(p -> { });
        assertEquals(2, res.points().size());
        assertTrue(res.stopReason().startsWith("p99 1500.0 ms"), res.stopReason());
    }

    @Test
    void stopsWhenTheBacklogGrowsEvenIfThePopRateLooksFine() throws Exception {
        // pop 96 % of offered passes the ratio, but 40 s x 4 % = 1.6 s of load queued at 1100 msg/s is under 2 s;
        // at 2000 msg/s a 10 % shortfall (4 s of load) is not
        FakeCell cell = new FakeCell(r -> record(r, r >= 2000 ? r * 0.9 : r * 0.96, 20, "PASS", false));
        var c = new LadderConfig(List.of(1100L, 2000L), 40, 45, dir, "lad", List.of(), List.of("runpt.sh"),
                List.of("-mode", "cloud"), 0.85, 1000, 2, 10, false);
        LadderResult res = new LadderEngine(c, "goload", cell).run(p -> { });
        assertEquals(2, res.points().size());
        assertTrue(res.stopReason().startsWith("backlog grew"), res.stopReason());
        assertEquals(1100, res.ceiling().rate());
    }

    @Test
    void failedVerdictStopsTheLadder() throws Exception {
        FakeCell cell = new FakeCell(r -> record(r, r, 20, r >= 800 ? "FAIL" : "PASS", false));
        LadderResult res = new LadderEngine(config(List.of(500L, 800L, 1100L), false), "goload", cell).run(p -> { });
        assertEquals("correctness verdict FAIL", res.stopReason());
        assertEquals(500, res.ceiling().rate());
    }

    @Test
    void loaderBoundPointsAreVoidAndNeverTheCeiling() throws Exception {
        FakeCell cell = new FakeCell(r -> record(r, r == 500 ? r : r * 0.5, 20, "PASS", r == 800));
        LadderResult res = new LadderEngine(config(List.of(500L, 800L, 1100L), false), "goload", cell).run(p -> { });
        PointResult voidPoint = res.points().get(1);
        assertTrue(voidPoint.isVoid());
        assertEquals("", voidPoint.stopReason(), "a void point is not judged against the cell's rules");
        assertEquals(3, res.points().size());
        assertEquals(500, res.ceiling().rate(), "800 was void, 1100 broke the achieved rule");
        assertTrue(res.stopReason().startsWith("achieved pop"));

        LadderResult stopping = new LadderEngine(config(List.of(800L, 1100L), true), "goload", cell).run(p -> { });
        assertEquals(1, stopping.points().size());
        assertTrue(stopping.stopReason().startsWith("VOID"));
        assertNull(stopping.ceiling());
    }

    @Test
    void aPointWithoutARecordIsAnErrorAndStops() throws Exception {
        LadderEngine.Commands broken = cmd -> 1;
        var c = new LadderConfig(List.of(500L, 800L), 40, 45, dir, "lad", List.of(), List.of(), List.of("-mode", "cloud"),
                0.95, 1000, 2, 10, false);
        LadderResult res = new LadderEngine(c, "goload", broken).run(p -> { });
        assertEquals(1, res.points().size());
        assertEquals("ERROR", res.points().getFirst().verdict());
        assertTrue(res.stopReason().contains("no run record"));
    }

    @Test
    void pointCommandWrapsTheLoaderAndAddsRateDurationDrainOutAndRunId() {
        var engine = new LadderEngine(config(List.of(500L), false), "/repo/scripts/goload", cmd -> 0);
        List<String> cmd = engine.pointCommand(500, "lad-500");
        assertEquals(List.of("runpt.sh", "--loader", "/repo/scripts/goload", dir.toString(), "lad-500", "--",
                "-mode", "cloud", "-target", "broker", "-rate", "500", "-duration", "40", "-out", dir.toString(),
                "-run-id", "lad-500", "-drain", "45", "-fail-on-verify=false"), cmd);
        var openloop = new LadderConfig(List.of(5L), 4, 0, dir, "x", List.of(), List.of(), List.of("-mode", "openloop"),
                0.9, 100, 1, 1, false);
        assertFalse(new LadderEngine(openloop, "g", c -> 0).pointCommand(5, "x-5").contains("-drain"),
                "only cloud has a drain flag");
    }

    @Test
    void capacityCurveJsonHasEveryPointAndTheCeiling() throws Exception {
        FakeCell cell = new FakeCell(r -> record(r, Math.min(r, 900), 20, "PASS", false));
        LadderResult res = new LadderEngine(config(List.of(500L, 800L, 1100L), false), "goload", cell).run(p -> { });
        JsonNode doc = new ObjectMapper().readTree(LadderReport.writeJson(res, dir).toFile());
        assertEquals(LadderReport.SCHEMA, doc.path("schema").asText());
        assertEquals(3, doc.path("points").size());
        assertEquals(800, doc.path("ceiling").path("rate").asLong());
        assertEquals(900.0, doc.path("points").get(2).path("achievedPopMsgPerSec").asDouble());
        assertEquals(1, doc.path("points").get(0).path("errors").asLong());
    }
}
