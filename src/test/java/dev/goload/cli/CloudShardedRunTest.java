package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordSchema;
import dev.goload.report.merge.RunMerge;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #12's proof for cloud: 8 tenants over 4 coordinated shards (four {@code Main.run} in this process, one shared
 * embedded broker, shard 0 serving the barrier on a free loopback port) merge to PASS with every tenant's ledger whole
 * on exactly one shard; with {@code -fault lose-msg=3} on shard 2 only, the merged verdict is FAIL with exactly 3
 * missing, all of them in shard 2's tenants.
 */
class CloudShardedRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SHARDS = 4;
    private static EmbeddedBroker broker;

    @TempDir
    Path dir;

    @BeforeAll
    static void startTheSharedBroker() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
    }

    @AfterAll
    static void stopTheSharedBroker() {
        broker.close();
    }

    @Test
    void eightTenantsOverFourShardsMergeToPassWithEveryTenantOnOneShard() throws Exception {
        List<MainRun> runs = runShards("sh-pass", -1);
        for (MainRun r : runs) assertEquals(0, r.code(), r.out() + r.err());
        JsonNode m = merge("sh-pass");
        assertEquals("PASS", m.path("verdict").path("result").asText(), m.path("verdict").toString());
        JsonNode shards = m.path("section").path("shards");
        assertEquals(SHARDS, shards.size());
        Set<Integer> seen = new TreeSet<>();
        long sent = 0;
        for (int i = 0; i < SHARDS; i++) {
            JsonNode tenants = shards.get(i).path("section").path("tenants");
            assertEquals(2, tenants.size(), "8 tenants over 4 shards: 2 each");
            for (JsonNode t : tenants) {
                assertEquals(i, t.path("idx").asInt() % SHARDS, "tenant " + t.path("idx") + " on shard " + i);
                assertTrue(seen.add(t.path("idx").asInt()), "tenant " + t.path("idx") + " on two shards");
                assertEquals(t.path("sentOk").asLong(), t.path("received").asLong(), t.toString());
                sent += t.path("sentOk").asLong();
            }
        }
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), seen);
        assertTrue(sent > 0);
        assertEquals(sent, m.path("section").path("verify").path("sentOk").asLong(), "the merged summary sums");
        assertEquals(8, m.path("section").path("tenants").size(), "the merged ledgers side by side");
        assertTrue(runs.get(1).out().contains("[shard] 1/4 starts at T0 "), runs.get(1).out());
        assertSectionNotMultiplied(m);
        assertEquals("PASS", m.path("section").path("verify").path("verdict").asText());
    }

    /**
     * The section's durations and settings are the shards' (largest or equal), never N times theirs; counts add up.
     */
    private static void assertSectionNotMultiplied(JsonNode m) {
        JsonNode sec = m.path("section");
        double maxLoad = 0;
        double sumLoad = 0;
        long bitmap = 0;
        for (JsonNode s : sec.path("shards")) {
            JsonNode d = s.path("section").path("drain");
            maxLoad = Math.max(maxLoad, d.path("loadSec").asDouble());
            sumLoad += d.path("loadSec").asDouble();
            assertEquals(d.path("plannedSec").asDouble(), sec.path("drain").path("plannedSec").asDouble(), 0.0,
                    "the planned drain is a setting: " + sec.path("drain"));
            assertTrue(sec.path("configureSec").asDouble() >= s.path("section").path("configureSec").asDouble());
            bitmap += s.path("section").path("verifyBitmapBytes").asLong();
        }
        assertEquals(maxLoad, sec.path("drain").path("loadSec").asDouble(), 0.0, "the longest shard's load phase");
        assertTrue(sec.path("drain").path("loadSec").asDouble() < sumLoad, "not the sum " + sumLoad);
        assertEquals(bitmap, sec.path("verifyBitmapBytes").asLong(), "the fleet's bitmaps (each tenant on one shard)");
        assertTrue(sec.path("perShard").isArray(), sec.toString());
    }

    @Test
    void loseMsgOnShardTwoFailsTheMergeWithExactlyThreeMissingInItsTenants() throws Exception {
        List<MainRun> runs = runShards("sh-lose", 2);
        for (int i = 0; i < SHARDS; i++) {
            assertEquals(i == 2 ? ExitCodes.VERDICT_FAIL : 0, runs.get(i).code(), runs.get(i).out() + runs.get(i).err());
        }
        MainRun judged = mergeCommand("sh-lose", "-threshold", "verify.missing==0", "-threshold", "verify.sent>0");
        assertEquals(ExitCodes.VERDICT_FAIL, judged.code(), "the merged verdict's exit, as a single cloud run's: "
                + judged.out() + judged.err());
        assertTrue(judged.out().contains("[threshold] verify.missing==0 FAIL (3)\n[threshold] verify.sent>0 PASS ("),
                "cloud's own figures, from the merged verdict: " + judged.out());
        JsonNode m = merge("sh-lose");
        assertEquals("FAIL", m.path("verdict").path("result").asText(), m.path("verdict").toString());
        assertEquals("FAIL", m.path("section").path("verify").path("verdict").asText(), "not shard 0's PASS");
        assertEquals(3, m.path("section").path("faults").path("loseMsg").asLong(), "the faults asked of every shard");
        assertSectionNotMultiplied(m);
        JsonNode findings = m.path("verdict").path("findings");
        assertTrue(findings.size() > 0);
        for (JsonNode f : findings) assertTrue(f.asText().startsWith("shard 2: "), findings.toString());
        assertEquals(3, m.path("section").path("verify").path("missing").asLong(), m.path("section").toString());
        long missingOnShardTwo = 0;
        for (int i = 0; i < SHARDS; i++) {
            JsonNode s = m.path("section").path("shards").get(i);
            assertEquals(i == 2 ? "FAIL" : "PASS", s.path("verdict").path("result").asText());
            for (JsonNode t : s.path("section").path("tenants")) {
                if (i == 2) {
                    missingOnShardTwo += t.path("missing").asLong();
                } else {
                    assertEquals(0, t.path("missing").asLong(), t.toString());
                }
            }
        }
        assertEquals(3, missingOnShardTwo);
    }

    @Test
    void aShardWithAnotherConfigurationFailsTheStartOnEveryShardBeforeAnyPush() throws Exception {
        String runId = "sh-refused";
        List<MainRun> runs = ShardedRuns.run(2, i -> List.of("-mode", "cloud", "-target", "broker",
                "-tenants-file", dir.resolve("absent.json").toString(), "-tenants", "2", "-url", broker.url(),
                "-queue", runId, "-run-id", runId, "-out", dir.resolve(runId).resolve("shard-" + i).toString(),
                "-rate", i == 0 ? "20" : "30", "-duration", "1", "-drain", "1", "-report", "1"));
        for (MainRun r : runs) {
            assertEquals(ExitCodes.SETUP, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("the coordinated start failed, nothing was sent: shard "), r.err());
            assertTrue(r.err().contains("runs another configuration"), r.err());
            assertTrue(!r.out().contains("VERDICT"), r.out());
        }
    }

    @Test
    void startAtAloneStartsTheRunAtThatInstantAndTheRecordSaysSo() throws Exception {
        long at = System.currentTimeMillis() + 8_000; // past the configure and the warm-up on a loaded machine
        // -drain 4: the verdict must PASS; at load 15 a 1 s drain left 12 of 20 messages still on their way
        MainRun r = MainRun.of("-mode", "cloud", "-target", "broker", "-tenants-file",
                dir.resolve("absent.json").toString(), "-tenants", "1", "-url", broker.url(), "-queue", "sh-at",
                "-run-id", "sh-at", "-out", dir.toString(), "-rate", "20", "-duration", "1", "-drain", "4",
                "-report", "1", "-pop-timeout", "500", "-start-at", Long.toString(at));
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("[shard] 0/1 starts at T0 " + java.time.Instant.ofEpochMilli(at) + " (-start-at)"),
                r.out());
        JsonNode rec = JSON.readTree(dir.resolve("sh-at.run.json").toFile());
        assertEquals(at, rec.path("shard").path("t0EpochMs").asLong());
        assertEquals(0.0, rec.path("shard").path("startLateMs").asDouble(-1), "reached the gate before T0");
        long started = java.time.Instant.parse(rec.path("startedAt").asText()).toEpochMilli();
        assertTrue(Math.abs(started - at) <= 50, "the run began at -start-at: " + rec.path("startedAt"));
    }

    /** Four shards of one run on threads of this process; {@code faultShard} ≥ 0 gets {@code -fault lose-msg=3}. */
    private List<MainRun> runShards(String runId, int faultShard) throws Exception {
        return ShardedRuns.run(SHARDS, i -> {
            List<String> args = new ArrayList<>(List.of("-mode", "cloud", "-target", "broker",
                    "-tenants-file", dir.resolve("absent.json").toString(), "-tenants", "8",
                    "-url", broker.url(), "-queue", runId, "-run-id", runId,
                    "-out", dir.resolve(runId).resolve("shard-" + i).toString(),
                    // drain past the fault's lease + 5 s on every shard: their phases are equally long
                    "-rate", "80", "-duration", "2", "-drain", "6", "-report", "1", "-lease-time", "1",
                    "-pop-timeout", "500"));
            if (i == faultShard) args.addAll(List.of("-fault", "lose-msg=3"));
            return args;
        });
    }

    /** {@code goload merge} of the run's shards into {@code <run>/judged}, with {@code flags}. */
    private MainRun mergeCommand(String runId, String... flags) {
        List<String> a = new ArrayList<>(List.of("merge", "-o", dir.resolve(runId).resolve("judged").toString(),
                "-html=false"));
        a.addAll(List.of(flags));
        for (int i = 0; i < SHARDS; i++) a.add(dir.resolve(runId).resolve("shard-" + i).toString());
        return MainRun.of(a.toArray(String[]::new));
    }

    private JsonNode merge(String runId) throws Exception {
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < SHARDS; i++) {
            Path record = dir.resolve(runId).resolve("shard-" + i).resolve(runId + ".run.json");
            RecordSchema.assertValid(record);
            dev.goload.report.RecordConsistency.assertConsistent(record);
            JsonNode j = JSON.readTree(record.toFile());
            assertEquals(i, j.path("shard").path("index").asInt());
            assertEquals(SHARDS, j.path("shard").path("count").asInt());
            inputs.add(record);
        }
        RunMerge.Result r = RunMerge.merge(inputs, dir.resolve(runId).resolve("merged"));
        RecordSchema.assertValid(r.record());
        dev.goload.report.RecordConsistency.assertConsistent(r.record());
        return JSON.readTree(r.record().toFile());
    }
}
