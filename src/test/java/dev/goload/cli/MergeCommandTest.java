package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RecordSchema;
import dev.goload.report.merge.ShardRunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** Two shards of one fixture run; {@code whole} and {@code counters} hold what both recorded. */
    private final LatencyRecorder whole = new LatencyRecorder("push");
    private final RunCounters counters = new RunCounters();

    private List<Path> shards(Verdict verdictOfShard1) throws Exception {
        return List.of(ShardRunFixture.run(tmp, 0, 2, 1, whole, counters, "30000", Verdict.NONE),
                ShardRunFixture.run(tmp, 1, 2, 2, whole, counters, "30000", verdictOfShard1));
    }

    private static void edit(Path record, Consumer<ObjectNode> change) throws Exception {
        ObjectNode j = (ObjectNode) JSON.readTree(record.toFile());
        change.accept(j);
        JSON.writeValue(record.toFile(), j);
    }

    /** A shard's record as a shard run with {@code -threshold expr} leaves it (its own verdict on its part). */
    private static void judgedBy(Path record, String expr) throws Exception {
        edit(record, j -> {
            ((ObjectNode) j.path("flags")).putArray("threshold").add(expr);
            ArrayNode t = j.putArray("thresholds");
            t.addObject().put("expr", expr).put("metric", expr.replaceAll("[<>=!].*", "")).put("unit", "count")
                    .put("value", 1).put("limit", 1).putNull("limitMetric").put("result", "FAIL").put("abort", false);
        });
    }

    /** {@code goload merge} without the HTML report (its page is tested once: it takes a while to write). */
    private MainRun merge(List<Path> shards, String... flags) {
        return mergeWith(shards, "-html=false", flags);
    }

    private MainRun mergeWith(List<Path> shards, String html, String... flags) {
        List<String> args = new java.util.ArrayList<>(List.of("merge", "-o", tmp.resolve("merged").toString()));
        if (!html.isEmpty()) args.add(html);
        args.addAll(List.of(flags));
        shards.forEach(p -> args.add(p.toString()));
        return MainRun.of(args.toArray(String[]::new));
    }

    private JsonNode mergedRecord() throws Exception {
        Path record = tmp.resolve("merged").resolve("soak-1.json");
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        return JSON.readTree(record.toFile());
    }

    @Test
    void thresholdsAreJudgedOnTheMergedRunWithASingleRunsLinesRecordAndExitCode() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        long offered = counters.offeredReq.sum();
        whole.sampleInterval();
        long pushes = whole.cumulative().getTotalCount();
        MainRun r = mergeWith(s, "", "-threshold", "offered==" + offered, "-threshold", "push.count>" + pushes);
        assertEquals(ExitCodes.THRESHOLD_FAIL, r.code(), r.out() + r.err());
        String pass = "[threshold] offered==" + offered + " PASS (" + offered + ")\n";
        String fail = "[threshold] push.count>" + pushes + " FAIL (" + pushes + ")\n";
        assertTrue(r.out().contains(pass + fail + "\n[artifacts] "), r.out());
        JsonNode t = mergedRecord().path("thresholds");
        assertEquals(2, t.size(), t.toString());
        assertEquals("PASS", t.get(0).path("result").asText());
        assertEquals(offered, t.get(0).path("value").asLong(), "the whole run's count, not a shard's");
        assertEquals("FAIL", t.get(1).path("result").asText());
        Path page = tmp.resolve("merged").resolve("soak-1.html");
        assertTrue(Files.isRegularFile(page), "-html is on by default, as in a single run");
        assertTrue(r.out().contains(page.toString()), r.out());
        assertTrue(mergedRecord().path("artifacts").toString().contains("\"html\""));

        Files.delete(page);
        assertEquals(0, merge(s, "-threshold", "offered==" + offered).code());
        assertTrue(Files.notExists(page), "-html=false: no page");
        assertTrue(!mergedRecord().path("artifacts").toString().contains("\"html\""), "and none listed");
    }

    @Test
    void theShardsOwnThresholdsAreEvaluatedAgainOnTheMergedRun() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        long offered = counters.offeredReq.sum();
        String expr = "offered>=" + offered; // fails on each shard's part, holds on the whole
        for (Path p : s) judgedBy(p, expr);
        MainRun r = merge(s);
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("[threshold] " + expr + " PASS (" + offered + ")"), r.out());
        JsonNode t = mergedRecord().path("thresholds");
        assertEquals(1, t.size(), "the shards' expression, once");
        assertEquals(offered, t.get(0).path("value").asLong());

        MainRun again = merge(s, "-threshold", expr, "-threshold", "offered<" + offered);
        assertEquals(ExitCodes.THRESHOLD_FAIL, again.code(), again.out());
        assertEquals(2, mergedRecord().path("thresholds").size(), "an expression given again is judged once");
    }

    @Test
    void shardsJudgedByOtherThresholdsAreAnInconsistentInput() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        judgedBy(s.get(0), "offered>1");
        judgedBy(s.get(1), "offered>2");
        MainRun r = merge(s);
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().contains("-threshold="), r.err()); // the flags differ: the configuration check names it
        edit(s.get(1), j -> ((ObjectNode) j.path("flags")).putArray("threshold").add("offered>1"));
        MainRun records = merge(s);
        assertEquals(ExitCodes.USAGE, records.code());
        assertTrue(records.err().contains("was judged by other thresholds than shard 0"), records.err());
        assertTrue(Files.notExists(tmp.resolve("merged")), "nothing written");
    }

    @Test
    void anUnknownMetricOrABadExpressionExitsTwoWithTheHintOfASingleRunBeforeAnythingIsWritten() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        MainRun typo = merge(s, "-threshold", "pushd>0");
        assertEquals(ExitCodes.USAGE, typo.code());
        assertTrue(typo.err().startsWith("goload merge: -threshold \"pushd>0\": unknown metric pushd; did you mean"
                + " pushed?"), typo.err());
        MainRun bad = merge(s, "-threshold", "push.p99<<3ms");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertTrue(bad.err().contains("-threshold"), bad.err());
        MainRun modeFigure = merge(s, "-threshold", "verify.missing==0");
        assertEquals(ExitCodes.USAGE, modeFigure.code(), "openloop has no verification, as in a single run");
        assertTrue(Files.notExists(tmp.resolve("merged")), "nothing written");
        assertTrue(typo.out().isEmpty(), typo.out());
    }

    @Test
    void aThresholdThatStoppedAShardFailsOnTheMergeToo() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        for (Path p : s) judgedBy(p, "offered>=0");
        edit(s.get(1), j -> ((ObjectNode) j.path("thresholds").get(0)).put("abort", true));
        MainRun r = merge(s);
        assertEquals(ExitCodes.THRESHOLD_FAIL, r.code(), r.out());
        assertTrue(r.out().contains("[threshold] offered>=0 FAIL (" + counters.offeredReq.sum() + "; stopped the run)"),
                r.out());
    }

    @Test
    void aMergedRunThatCannotBeWrittenExitsOneUnlessItsVerdictFailed() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        Files.writeString(tmp.resolve("merged"), "a file where the directory should go");
        MainRun r = merge(s, "-threshold", "offered<1");
        assertEquals(ExitCodes.SETUP, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("goload merge: writing the merged run failed: "), r.err());
        List<Path> failed = List.of(s.get(0), ShardRunFixture.run(tmp.resolve("f"), 1, 2, 2, whole, counters, "30000",
                Verdict.fail(ExitCodes.VERDICT_FAIL, List.of("1 missing"))));
        assertEquals(ExitCodes.VERDICT_FAIL, merge(failed).code(), "lost messages are not a setup problem");
    }

    @Test
    void strictOnALoaderBoundShardExitsFiveUnlessTheMergedVerdictFailed() throws Exception {
        List<Path> s = shards(Verdict.NONE);
        edit(s.get(1), j -> ((ObjectNode) j.path("loader")).put("loaderBound", true).putArray("reasons")
                .add("cpu 1.98 of 2 cores"));
        assertEquals(0, merge(s).code(), "without -strict, a warning (the record says loader-bound)");
        MainRun strict = merge(s, "-strict", "-threshold", "offered<1");
        assertEquals(ExitCodes.INVALID_RUN, strict.code(), strict.out());
        assertTrue(strict.out().contains("[strict] loader-bound: shard 1: cpu 1.98 of 2 cores -- the run is invalid"),
                strict.out());
        for (Path p : s) edit(p, j -> ((ObjectNode) j.path("flags")).put("strict", true));
        assertEquals(ExitCodes.INVALID_RUN, merge(s).code(), "the shards' -strict holds for their merge");

        List<Path> failed = List.of(s.get(0), ShardRunFixture.run(tmp.resolve("f"), 1, 2, 2, whole, counters, "30000",
                Verdict.fail(ExitCodes.VERDICT_FAIL, List.of("1 missing"))));
        edit(failed.get(1), j -> ((ObjectNode) j.path("flags")).put("strict", true));
        MainRun verdict = merge(failed, "-strict", "-threshold", "offered<1");
        assertEquals(ExitCodes.VERDICT_FAIL, verdict.code(), verdict.out() + verdict.err());
    }

    @Test
    void mergesTheShardsOfARunIntoOneRecordAndNamesItsArtifacts(@TempDir Path tmp) throws Exception {
        LatencyRecorder w = new LatencyRecorder("push");
        RunCounters c = new RunCounters();
        Path a = ShardRunFixture.run(tmp, 0, 2, 1, w, c, "30000", Verdict.NONE);
        Path b = ShardRunFixture.run(tmp, 1, 2, 2, w, c, "30000", Verdict.NONE);
        Path out = tmp.resolve("merged");
        MainRun r = MainRun.of("merge", "-o", out.toString(), a.getParent().toString(), b.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("[merge] 2 shards of a openloop run merged; verdict NONE"), r.out());
        assertTrue(r.out().contains("[artifacts] " + out.resolve("soak-1.json")), r.out());
        assertTrue(Files.isRegularFile(out.resolve("soak-1.hlog")));
    }

    @Test
    void inputsThatAreNotOneRunsShardsAreAUsageError(@TempDir Path tmp) throws Exception {
        LatencyRecorder w = new LatencyRecorder("push");
        RunCounters c = new RunCounters();
        Path a = ShardRunFixture.run(tmp, 0, 3, 1, w, c, "30000", Verdict.NONE);
        MainRun one = MainRun.of("merge", "-o", tmp.resolve("m").toString(), a.toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("at least two shards"), one.err());
        Path b = ShardRunFixture.run(tmp, 1, 3, 2, w, c, "30000", Verdict.NONE);
        MainRun missing = MainRun.of("merge", "-o", tmp.resolve("m").toString(), a.toString(), b.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("missing: 2"), missing.err());
        MainRun noOut = MainRun.of("merge", a.toString(), b.toString());
        assertEquals(2, noOut.code());
        assertTrue(noOut.err().contains("-o DIR is required"), noOut.err());
        MainRun nothing = MainRun.of("merge", "-o", tmp.toString(), tmp.resolve("nope.json").toString(), b.toString());
        assertEquals(2, nothing.code());
    }
}
