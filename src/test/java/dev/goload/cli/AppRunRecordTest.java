package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode app} end to end: the goload.run/2 record in {@code -out}, and its counters as the console says them.
 * The record check ({@link #assertRecordAgreesWithTheFinalBlock}) holds for any broker: the real-broker tier applies it.
 */
public class AppRunRecordTest {
    @TempDir
    Path dir;

    private static long num(String out, String regex) {
        Matcher m = Pattern.compile(regex).matcher(out);
        assertTrue(m.find(), regex + "\n" + out);
        return Long.parseLong(m.group(1));
    }

    @Test
    void theRecordsCommonCountersAreTheFinalBlocksAndItsSectionHoldsGroupsTxStage2AndOrder() throws IOException {
        Path logs = dir.resolve("raw");
        MainRun r = MainRun.of("-mode", "app", "-embedded", "-duration", "2", "-report", "1", "-target-rate", "300",
                "-producers", "2", "-sessions", "4", "-push-batch", "5", "-consumers-per-group", "2", "-process-ms", "1",
                "-slow-msg-pct", "0", "-slow-part-pct", "0", "-stage2-consumers", "1", "-payload-min", "8",
                "-payload-max", "16", "-pop-timeout", "300", "-seed", "7", "-tx-pct", "20", "-fail-pct", "5",
                "-verify-log", logs.toString(), "-out", dir.resolve("out").toString(), "-run-id", "apprun");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode j = assertRecordAgreesWithTheFinalBlock(r.out(), dir.resolve("out").resolve("apprun.json"), logs);
        assertEquals(7, j.get("seed").asLong());
        assertEquals("PASS", j.get("verdict").get("result").asText());
    }

    /**
     * The record {@code record} of an app run with raw logs in {@code logs}: valid, consistent, its counters and
     * section what the final block of stdout {@code out} says, its phases, latencies and artifacts; returns it (its
     * verdict is the caller's to judge).
     */
    public static JsonNode assertRecordAgreesWithTheFinalBlock(String out, Path record, Path logs) throws IOException {
        assertTrue(out.contains("[artifacts] " + record), out);
        dev.goload.report.RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        JsonNode j = new ObjectMapper().readTree(record.toFile());
        assertEquals("goload.run/2", j.get("schema").asText());
        assertEquals("app", j.get("mode").asText());
        JsonNode c = j.get("counters");
        assertEquals(num(out, "\\[final] pushed=(\\d+) "), c.get("pushedMsgs").asLong(), "pushed");
        assertEquals(num(out, "\\[final] pushed=\\d+ \\(dup=(\\d+),"), c.get("itemDuplicate").asLong(), "dup");
        assertEquals(num(out, "\\[final] pushed=\\d+ \\(dup=\\d+, pushErr=(\\d+)\\)"), c.get("pushErrReq").asLong());
        assertEquals(num(out, "        txCommits=.* popErr=(\\d+) "), c.get("popErr").asLong(), "popErr");
        assertEquals(num(out, "        txCommits=.* emptyPops=(\\d+)"), c.get("emptyPops").asLong(), "emptyPops");
        assertEquals(num(out, "\\[final] \\+ pushItemFailed=(\\d+) "), c.get("itemFailed").asLong(), "itemFailed");
        assertEquals(num(out, "\\[final] \\+ pushItemFailed=\\d+ ackErrMsgs=(\\d+) "), c.get("ackErr").asLong());
        long popped = num(out, "        cg0: popped=(\\d+) ") + num(out, "        cg1: popped=(\\d+) ");
        assertEquals(popped, c.get("popped").asLong(), "popped");
        assertTrue(c.get("achievedReq").asLong() > 0 && c.get("acked").asLong() > 0, c.toString());
        assertEquals(c.get("sentReq").asLong(), c.get("achievedReq").asLong() + c.get("pushErrReq").asLong()
                + c.get("pushCanceledReq").asLong(), "every sent push ended one way");

        JsonNode sec = j.get("section");
        assertEquals(2, sec.get("groups").size());
        assertEquals(num(out, "        cg0: popped=(\\d+) "), sec.get("groups").get(0).get("popped").asLong());
        assertEquals(num(out, "        txCommits=(\\d+) "), sec.get("tx").get("commits").asLong());
        assertEquals(num(out, "        stage2: pushed=\\d+ acked=(\\d+) "), sec.get("stage2").get("acked").asLong());
        assertEquals(num(out, "        order: inOrder=(\\d+) "), sec.get("order").get("inOrder").asLong());
        assertEquals("load", j.get("phases").get(0).get("name").asText(), j.get("phases").toString());
        assertEquals("drain", j.get("phases").get(1).get("name").asText(), j.get("phases").toString());
        assertEquals(j.get("phases").get(0).get("endSec").asDouble(), j.get("phases").get(1).get("startSec").asDouble(),
                1e-9, "the drain starts where the load ends");
        for (String tag : List.of("push", "service", "qDelay", "e2e")) {
            assertTrue(j.get("latencyMs").get(tag).get("count").asLong() > 0, tag + ": " + j.get("latencyMs"));
        }
        List<String> files = new ArrayList<>();
        j.get("artifacts").forEach(a -> files.add(a.get("path").asText()));
        for (String f : List.of("cg0.tsv", "ack-cg1.tsv", "manifest.tsv")) {
            assertTrue(files.contains(logs.resolve(f).toString()), files.toString());
            assertTrue(Files.isRegularFile(logs.resolve(f)), f);
        }
        String intervals = record.getFileName().toString().replaceFirst("\\.json$", ".intervals.csv");
        assertTrue(Files.readAllLines(record.resolveSibling(intervals)).size() >= 2);
        return j;
    }
}
