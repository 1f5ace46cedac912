package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.thresholds.Dimension;
import dev.goload.modes.run.thresholds.MetricCatalog;
import dev.goload.modes.run.thresholds.Outcomes;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end of every mode's run: threshold lines, the record's thresholds, the HTML hook, the exit-code precedence. */
class ResultPipelineTest {
    @TempDir
    Path dir;
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    private final List<Path> htmlCalls = new ArrayList<>();
    private ResultPipeline.HtmlReport html = record -> {
        htmlCalls.add(record);
        Path page = record.resolveSibling("run-1.html");
        Files.writeString(page, "<html></html>");
        return page;
    };

    /** Push latencies 10 µs .. 10 ms; 1000 offered, 990 sent, 10 shed, 10 push errors. */
    private static RunOutcome outcome(boolean loaderBound) {
        Histogram h = Outcomes.micros();
        for (int i = 1; i <= 1000; i++) h.recordValue(i * 10L);
        return Outcomes.outcome(Outcomes.counts(1000, 990, 980, 10, 9800, 10, 9800), h, loaderBound);
    }

    private ResultPipeline pipeline(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("-rate", "5"));
        argv.addAll(List.of(args));
        ParsedFlags f = GoFlagParser.parse(FlagTables.openloop(), argv);
        return ResultPipeline.of(f, MetricCatalog.common().withModeFigure("verify.missing", Dimension.COUNT), out,
                err, html);
    }

    private int finish(ResultPipeline p, RunOutcome o, int modeCode) throws Exception {
        RunRecordWriter<Object> w = writer();
        out.println("[final] offered=1000 ...");
        Map<String, Object> section = Map.of("activePartitions", 100, "arrival", "uniform", "pushBatch", 10);
        return p.finish(o, Map.of("verify.missing", 0), w, section, List.of(), modeCode);
    }

    private RunRecordWriter<Object> writer() throws Exception {
        RunHeader h = new RunHeader("run-1", "openloop", "test", "okhttp", "goload -mode openloop", Map.of(), null,
                new RunHeader.Broker("http://127.0.0.1:1", false, false));
        return new RunRecordWriter<>(dir, h, 1_000_000);
    }

    private String stdout() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private JsonNode record() throws Exception {
        return new ObjectMapper().readTree(dir.resolve("run-1.json").toFile());
    }

    @Test
    void aFailedThresholdExits4PrintedAfterTheFinalBlockBeforeTheArtifactsAndRecorded() throws Exception {
        int code = finish(pipeline("-threshold", "push.p99<5ms", "-threshold", "shed==10"), outcome(false), 0);
        assertEquals(ExitCodes.THRESHOLD_FAIL, code);
        String[] lines = stdout().split("\n");
        assertEquals("[final] offered=1000 ...", lines[0]);
        assertEquals("[threshold] push.p99<5ms FAIL (9.90 ms)", lines[1]);
        assertEquals("[threshold] shed==10 PASS (10)", lines[2]);
        assertEquals("", lines[3]);
        assertTrue(lines[4].startsWith("[artifacts] " + dir.resolve("run-1.json")), lines[4]);
        dev.goload.report.RecordSchema.assertValid(dir.resolve("run-1.json"));
        JsonNode t = record().get("thresholds");
        assertEquals(2, t.size());
        assertEquals("push.p99<5ms", t.get(0).get("expr").asText());
        assertEquals("push.p99", t.get(0).get("metric").asText());
        assertEquals("ms", t.get(0).get("unit").asText());
        assertEquals(record().get("latencyMs").get("push").get("p99").asDouble(), t.get(0).get("value").asDouble());
        assertEquals(5.0, t.get(0).get("limit").asDouble());
        assertEquals("FAIL", t.get(0).get("result").asText());
        assertFalse(t.get(0).get("abort").asBoolean());
        assertEquals("PASS", t.get(1).get("result").asText());
    }

    @Test
    void passingThresholdsExit0() throws Exception {
        int code = finish(pipeline("-threshold", "push.p99<10ms", "-threshold", "errors.rate<2%",
                "-threshold", "achieved>=0.98*offered", "-threshold", "verify.missing==0"), outcome(false), 0);
        assertEquals(ExitCodes.OK, code);
        assertTrue(stdout().contains("[threshold] errors.rate<2% PASS (1.01%)\n"), stdout());
        assertTrue(stdout().contains("[threshold] achieved>=0.98*offered PASS (980; limit 980)\n"), stdout());
        assertTrue(stdout().contains("[threshold] verify.missing==0 PASS (0)\n"), stdout());
        dev.goload.report.RecordSchema.assertValid(dir.resolve("run-1.json"));
    }

    @Test
    void withoutThresholdsTheRecordHoldsAnEmptyListAndTheRunExitsWithTheModesCode() throws Exception {
        assertEquals(ExitCodes.OK, finish(pipeline(), outcome(false), 0));
        assertEquals(0, record().get("thresholds").size());
        assertFalse(stdout().contains("[threshold]"));
        assertEquals(ExitCodes.VERDICT_FAIL, finish(pipeline(), outcome(false), ExitCodes.VERDICT_FAIL));
    }

    @Test
    void strictTurnsALoaderBoundRunIntoExit5AheadOfAFailedThreshold() throws Exception {
        assertEquals(ExitCodes.INVALID_RUN, finish(pipeline("-strict", "-threshold", "push.p99<5ms"), outcome(true), 0));
        assertTrue(stdout().contains("[strict] loader-bound: pacer lateness p99 > 50 ms from interval 3 -- the run is"
                + " invalid as a measurement (exit 5)\n"), stdout());
    }

    @Test
    void withoutStrictALoaderBoundRunIsJudgedByItsThresholds() throws Exception {
        assertEquals(ExitCodes.OK, finish(pipeline(), outcome(true), 0));
        assertEquals(ExitCodes.THRESHOLD_FAIL, finish(pipeline("-threshold", "push.p99<5ms"), outcome(true), 0));
        assertEquals(ExitCodes.OK, finish(pipeline("-strict"), outcome(false), 0));
    }

    @Test
    void aCorrectnessFailureOutranksStrictAndThresholds() throws Exception {
        assertEquals(ExitCodes.VERDICT_FAIL, finish(pipeline("-strict", "-threshold", "push.p99<5ms"), outcome(true),
                ExitCodes.VERDICT_FAIL));
    }

    @Test
    void aRecordThatCannotBeWrittenExits1UnlessTheVerdictFailed() throws Exception {
        Files.createDirectories(dir.resolve("run-1.json")); // the record's path is taken by a directory
        assertEquals(ExitCodes.SETUP, finish(pipeline("-strict", "-threshold", "push.p99<5ms"), outcome(true), 0));
        assertEquals(ExitCodes.VERDICT_FAIL, finish(pipeline("-strict"), outcome(true), ExitCodes.VERDICT_FAIL));
        assertTrue(errBytes.toString(StandardCharsets.UTF_8).contains("writing the run record"));
    }

    @Test
    void theHtmlReportIsWrittenNextToTheRecordAndListedUnderArtifacts() throws Exception {
        finish(pipeline(), outcome(false), 0);
        assertEquals(List.of(dir.resolve("run-1.json")), htmlCalls);
        assertTrue(stdout().contains("            " + dir.resolve("run-1.html") + "\n"), stdout());
    }

    @Test
    void aFailedHtmlReportIsAnArtifactFailure() throws Exception {
        html = record -> {
            throw new java.io.IOException("disk full");
        };
        assertEquals(ExitCodes.SETUP, finish(pipeline(), outcome(false), 0));
        assertTrue(errBytes.toString(StandardCharsets.UTF_8).contains("writing the HTML report failed: disk full"));
        assertTrue(Files.exists(dir.resolve("run-1.json")), "the record is written first");
    }

    @Test
    void thresholdAbortAddsAWatchWhoseStopIsReportedAsAFailedAbort() throws Exception {
        ResultPipeline none = pipeline("-threshold", "shed==0");
        assertEquals(List.of(), none.listeners(new RunSignal()));
        ResultPipeline p = pipeline("-threshold", "shed==0", "-threshold-abort", "1");
        RunSignal signal = new RunSignal();
        List<dev.goload.modes.run.RunListener<Void>> listeners = p.listeners(signal);
        assertEquals(1, listeners.size());
        var watch = listeners.getFirst();
        var d = Outcomes.counts(10, 5, 5, 5, 0, 0, 0);
        watch.onInterval(new dev.goload.modes.run.IntervalSnapshot<>("openloop", 0, "load", false, 0, 0, 1, 1, d, d,
                Map.of(), 0, 0, null, List.of(), null));
        assertEquals("threshold: shed==0", signal.reason());
        assertEquals(ExitCodes.THRESHOLD_FAIL, finish(p, outcome(false), 0));
        assertTrue(stdout().contains("[threshold] shed==0 FAIL (10; stopped the run)\n"), stdout());
        assertTrue(record().get("thresholds").get(0).get("abort").asBoolean());
        dev.goload.report.RecordSchema.assertValid(dir.resolve("run-1.json"));
    }

    @Test
    void noThresholdLineStartsWithFinal() throws Exception {
        finish(pipeline("-threshold", "push.p99<5ms", "-strict"), outcome(true), 0);
        List<String> finals = stdout().lines().filter(l -> l.startsWith("[final]")).toList();
        assertEquals(List.of("[final] offered=1000 ..."), finals);
    }

    @Test
    void aModePrintingItsOwnPathsJudgesBeforeWritingItsRecordAndPrintsTheLinesItself() throws Exception {
        ResultPipeline p = pipeline("-threshold", "push.p99<5ms");
        RunRecordWriter<Object> w = writer();
        ResultPipeline.Judgement j = p.judge(outcome(false), Map.of(), w);
        w.finish(outcome(false), Map.of("activePartitions", 1, "arrival", "uniform", "pushBatch", 1), List.of());
        assertEquals("FAIL", record().get("thresholds").get(0).get("result").asText());
        p.print(j);
        assertEquals(dir.resolve("run-1.html"), p.html(w.recordFile()));
        assertEquals("[threshold] push.p99<5ms FAIL (9.90 ms)\n", stdout());
        assertEquals(ExitCodes.THRESHOLD_FAIL, p.exitCode(j, ExitCodes.OK));
    }

    @Test
    void aRunWithoutARecordStillPrintsAndGatesOnItsThresholds() throws Exception {
        ResultPipeline p = pipeline("-threshold", "shed==0");
        assertEquals(ExitCodes.THRESHOLD_FAIL, p.finish(outcome(false), Map.of(), null, Map.of(), List.of(), 0));
        assertEquals("[threshold] shed==0 FAIL (10)\n", stdout());
        assertEquals(List.of(), htmlCalls);
    }
}
