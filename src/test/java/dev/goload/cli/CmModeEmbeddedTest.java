package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cm} end to end against the embedded broker, then {@code -verify-only} on its logs. The record check
 * ({@link #assertRecordAgreesWithTheFinalLine}) holds for any broker: the real-broker tier applies it too.
 */
public class CmModeEmbeddedTest {
    @TempDir
    Path dir;

    @Test
    void cleanRunPassesAndVerifyOnlyAgreesUntilALogIsCorrupted() throws IOException {
        Path logs = dir.resolve("cmlogs");
        MainRun r = MainRun.of("-mode", "cm", "-embedded", "-properties", "4", "-rate-events", "60", "-duration", "3",
                "-logdir", logs.toString(), "-db-sleep-min", "1", "-db-sleep-max", "3", "-cal-sleep", "1",
                "-ota-sleep", "2", "-sweep-floor-ms", "20", "-warmup-conc", "4", "-push-shards", "2",
                "-run-id", "cmrun");
        assertEquals(0, r.code(), r.out() + r.err());
        com.fasterxml.jackson.databind.JsonNode j = assertRecordAgreesWithTheFinalLine(logs.resolve("cmrun.json"),
                "cmrun", r.out());
        assertTrue(j.get("section").get("verifier").get("passed").asBoolean(), j.get("section").toString());
        assertEquals("PASS", j.get("verdict").get("result").asText());
        assertTrue(r.out().contains("[warmup] complete in"), r.out());
        assertTrue(r.out().contains("[final] producedA="), r.out());
        assertTrue(r.out().contains("[final] + e2e n="), r.out());
        assertTrue(r.out().contains("VERDICT: PASS"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\[\\d\\d:\\d\\d:\\d\\d] prodA=.* gor=\\d+")), r.out());
        String meta = Files.readString(logs.resolve("produced.meta"));
        assertTrue(meta.startsWith("# ackErr=0 producedA="), meta);
        assertTrue(meta.contains(" base=0 ts="), meta);
        assertTrue(meta.lines().anyMatch(l -> l.matches("A \\d \\d+")), meta);
        for (String f : List.of("cm-avail_cm-db.log", "cm-ota-sync_ota-5.log", "cm-prices_cm-cal.log",
                "cm-ota-prices_otap-1.log")) {
            String text = Files.readString(logs.resolve(f));
            assertTrue(text.lines().allMatch(l -> l.matches("\\d+,\\d+")), f);
            assertTrue(text.lines().count() >= 4 + 1, f + " has warm-up plus rated lines");
        }

        MainRun again = MainRun.of("-mode", "cm", "-verify-only", "-logdir", logs.toString());
        assertEquals(0, again.code(), again.out() + again.err());
        assertTrue(again.out().contains("VERDICT: PASS"), again.out());

        // drop seq 1 of one property from cm-db's log: a higher seq of it is there, so this is a gap
        Path db = logs.resolve("cm-avail_cm-db.log");
        List<String> lines = Files.readAllLines(db);
        String victim = lines.stream().filter(l -> l.endsWith(",1"))
                .filter(l -> lines.contains(l.substring(0, l.indexOf(',')) + ",2")).findFirst().orElseThrow();
        List<String> corrupted = new ArrayList<>(lines);
        corrupted.remove(victim);
        Files.writeString(db, corrupted.stream().map(l -> l + "\n").collect(Collectors.joining()));
        MainRun fail = MainRun.of("-mode", "cm", "-verify-only", "-logdir", logs.toString());
        assertEquals(3, fail.code(), fail.out() + fail.err());
        assertTrue(fail.out().contains("VERDICT: FAIL  (gaps=1 order-violations=0"), fail.out());
    }

    /**
     * The v2 record beside the stage logs: valid, and its common counters say what the reference's final line says;
     * returns it (its verdict is the caller's to judge).
     */
    public static com.fasterxml.jackson.databind.JsonNode assertRecordAgreesWithTheFinalLine(Path record, String runId,
            String out) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[final] producedA=(\\d+) producedB=(\\d+) \\|"
                + " db=\\d+ cal=\\d+ ota=\\d+ otap=\\d+ \\| acked=(\\d+) ackErr=(\\d+) pushErr=(\\d+) pushRetry=(\\d+)"
                + " shed=(\\d+)").matcher(out);
        assertTrue(m.find(), out);
        dev.goload.report.RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(record.toFile());
        assertEquals("goload.run/2", j.get("schema").asText());
        assertEquals("cm", j.get("mode").asText());
        assertEquals(runId, j.get("runId").asText());
        com.fasterxml.jackson.databind.JsonNode c = j.get("counters");
        assertEquals(Long.parseLong(m.group(3)), c.get("acked").asLong(), "acked");
        assertEquals(Long.parseLong(m.group(4)), c.get("ackErr").asLong(), "ackErr");
        assertEquals(Long.parseLong(m.group(7)), c.get("shedCapReq").asLong() + c.get("shedBehindReq").asLong(), "shed");
        assertTrue(c.get("sentReq").asLong() >= c.get("achievedReq").asLong() && c.get("achievedReq").asLong() > 0,
                j.toString());
        assertTrue(c.get("popped").asLong() > 0 && c.get("offeredReq").asLong() > 0, j.toString());
        com.fasterxml.jackson.databind.JsonNode sec = j.get("section");
        assertEquals(Long.parseLong(m.group(1)), sec.get("producedA").asLong(), "producedA");
        assertEquals(Long.parseLong(m.group(2)), sec.get("producedB").asLong(), "producedB");
        assertEquals(Long.parseLong(m.group(5)), sec.get("pushErr").asLong(), "pushErr");
        assertEquals(Long.parseLong(m.group(6)), sec.get("pushRetry").asLong(), "pushRetry");
        assertEquals(12, sec.get("stages").size());
        assertEquals("load", j.get("phases").get(0).get("name").asText(), j.get("phases").toString());
        assertEquals("drain", j.get("phases").get(1).get("name").asText(), j.get("phases").toString());
        assertEquals(j.get("phases").get(0).get("endSec").asDouble(), j.get("phases").get(1).get("startSec").asDouble(),
                1e-9, "the drain starts where the load ends");
        assertTrue(j.get("latencyMs").get("e2e").get("count").asLong() > 0, j.get("latencyMs").toString());
        List<String> kinds = new ArrayList<>();
        j.get("artifacts").forEach(a -> kinds.add(a.get("kind").asText()));
        assertEquals(12, kinds.stream().filter("stageLog"::equals).count(), kinds.toString());
        assertTrue(kinds.containsAll(List.of("record", "intervalsCsv", "hlog", "producedMeta")), kinds.toString());
        assertTrue(out.contains("[artifacts] " + record), out);
        return j;
    }

    @Test
    void wildcardStagesWithoutWarmupPassWithAQueuePrefix() throws IOException {
        Path logs = dir.resolve("wild");
        MainRun r = MainRun.of("-mode", "cm", "-embedded", "-properties", "3", "-rate-events", "40", "-duration", "2",
                "-logdir", logs.toString(), "-queue-prefix", "t-", "-warmup=false", "-final-targeted=false",
                "-intermediate-targeted=false", "-pop-timeout", "200", "-pop-partitions", "2", "-db-sleep-min", "1",
                "-db-sleep-max", "1", "-cal-sleep", "1", "-ota-sleep", "1");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("[configure] t-cm-avail t-cm-ota-sync t-cm-prices t-cm-ota-prices ready"), r.out());
        assertTrue(r.out().contains("VERDICT: PASS"), r.out());
        assertTrue(Files.readString(logs.resolve("produced.meta")).contains(" base=1 "));
        assertTrue(Files.size(logs.resolve("t-cm-ota-prices_otap-3.log")) > 0);
        MainRun again = MainRun.of("-mode", "cm", "-verify-only", "-logdir", logs.toString(), "-queue-prefix", "t-");
        assertEquals(0, again.code(), again.out());
    }

    @Test
    void workLongerThanTheLeaseRedeliversAndTheFailedAcksAreAttributedToTheFinalStages() throws IOException {
        Path logs = dir.resolve("lease");
        MainRun r = MainRun.of("-mode", "cm", "-embedded", "-properties", "2", "-rate-events", "6", "-duration", "3",
                "-logdir", logs.toString(), "-warmup=false", "-final-targeted=false", "-intermediate-targeted=false",
                "-lease-time", "1", "-ota-sleep", "1300", "-db-sleep-min", "1", "-db-sleep-max", "1", "-cal-sleep", "1",
                "-pop-timeout", "200");
        assertEquals(0, r.code(), r.out() + r.err());
        String acks = Files.readString(logs.resolve("stage-ackerr.meta"));
        assertTrue(acks.contains("\ncm-avail_cm-db 0\n") && acks.contains("\ncm-prices_cm-cal 0\n"), acks);
        assertTrue(acks.lines().filter(l -> l.startsWith("cm-ota")).allMatch(l -> !l.endsWith(" 0")), acks);
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("TOTAL") && !l.matches("TOTAL\\s+\\d+\\s+\\d+\\s+0\\s.*")),
                "the lease expiries show up as dups: " + r.out());
        assertTrue(r.out().contains("VERDICT: PASS"), r.out());
    }

    @Test
    void verifyOnlyWithoutProducedMetaIsASetupFailure() {
        MainRun r = MainRun.of("-mode", "cm", "-verify-only", "-logdir", dir.resolve("nothing").toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("produced.meta"), r.err());
    }

    @Test
    void unusableLogdirIsASetupFailure() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        MainRun r = MainRun.of("-mode", "cm", "-embedded", "-properties", "2", "-rate-events", "10", "-duration", "1",
                "-logdir", file.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("cannot open the stage logs"), r.out());
    }

    @Test
    void rateEventsIsRequired() {
        assertEquals(2, MainRun.of("-mode", "cm", "-logdir", dir.toString()).code());
    }
}
