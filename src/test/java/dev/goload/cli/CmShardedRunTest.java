package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.merge.RunMerge;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two coordinated shards of {@code -mode cm} against one broker: each produces and consumes only its own
 * properties, so its twelve stage logs verify on their own, and the merged record is the sum of the two.
 */
class CmShardedRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void twoShardsSplitThePropertiesAndTheRateAndMergeToTheSumWithAPassingVerdict() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String coordinator = "http://127.0.0.1:" + port;
        List<MainRun> runs = new ArrayList<>();
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            List<CompletableFuture<MainRun>> shards = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                List<String> args = new ArrayList<>(List.of("-mode", "cm", "-url", broker.url(), "-properties", "5",
                        "-rate-events", "61", "-duration", "3", "-logdir", dir.resolve("shard-" + i).toString(),
                        "-db-sleep-min", "1", "-db-sleep-max", "2", "-cal-sleep", "1", "-ota-sleep", "1",
                        "-sweep-floor-ms", "20", "-warmup-conc", "4", "-push-shards", "2", "-queue-prefix", "sh-",
                        "-run-id", "cmshard", "-shard", i + "/2", "-coordinator", coordinator,
                        "-coordinate-timeout", "3m"));
                if (i == 0) args.addAll(List.of("-coordinate-listen", "127.0.0.1:" + port));
                shards.add(CompletableFuture.supplyAsync(() -> MainRun.of(args.toArray(String[]::new)),
                        r -> Thread.ofPlatform().name("cm-shard").start(r)));
            }
            for (CompletableFuture<MainRun> f : shards) runs.add(f.join());
        }
        List<Path> records = new ArrayList<>();
        long sentReq = 0;
        long popped = 0;
        long producedA = 0;
        long offered = 0;
        for (int i = 0; i < 2; i++) {
            MainRun r = runs.get(i);
            assertEquals(0, r.code(), "shard " + i + ":\n" + r.out() + r.err());
            assertTrue(r.out().contains("VERDICT: PASS"), r.out());
            Path logs = dir.resolve("shard-" + i);
            assertOnlyOwnedProperties(logs, i);
            Path rec = logs.resolve("cmshard.json");
            dev.goload.report.RecordSchema.assertValid(rec);
            dev.goload.report.RecordConsistency.assertConsistent(rec);
            JsonNode j = JSON.readTree(rec.toFile());
            assertEquals(i, j.get("shard").get("index").asInt());
            assertEquals(2, j.get("shard").get("count").asInt());
            assertEquals(coordinator, j.get("shard").get("coordinator").asText());
            assertEquals("PASS", j.get("verdict").get("result").asText());
            sentReq += j.get("counters").get("sentReq").asLong();
            popped += j.get("counters").get("popped").asLong();
            offered += j.get("counters").get("offeredReq").asLong();
            producedA += j.get("section").get("producedA").asLong();
            records.add(rec);
        }
        assertEquals(runs.get(0).out().contains("[shard] WARNING"), false, runs.get(0).out());
        JsonNode first = JSON.readTree(records.get(0).toFile());
        assertEquals(first.get("shard").get("t0EpochMs").asLong(),
                JSON.readTree(records.get(1).toFile()).get("shard").get("t0EpochMs").asLong(), "one T0");

        RunMerge.Result merged = RunMerge.merge(records, dir.resolve("merged"));
        assertEquals("PASS", merged.verdict());
        JsonNode m = JSON.readTree(merged.record().toFile());
        assertEquals(sentReq, m.get("counters").get("sentReq").asLong());
        assertEquals(popped, m.get("counters").get("popped").asLong());
        assertEquals(offered, m.get("counters").get("offeredReq").asLong());
        assertEquals(producedA, m.get("section").get("producedA").asLong());
        assertEquals(2, m.get("section").get("shards").size(), m.get("section").toString());
        dev.goload.report.RecordSchema.assertValid(merged.record());
        dev.goload.report.RecordConsistency.assertConsistent(merged.record());
        // the stages are the same on both shards: one merged row per stage, its counts the shards' sum
        JsonNode stages = m.get("section").get("stages");
        assertEquals(first.get("section").get("stages").size(), stages.size(), stages.toString());
        JsonNode second = JSON.readTree(records.get(1).toFile());
        for (int k = 0; k < stages.size(); k++) {
            assertEquals(first.get("section").get("stages").get(k).get("stage"), stages.get(k).get("stage"));
            assertEquals(first.get("section").get("stages").get(k).get("processed").asLong()
                    + second.get("section").get("stages").get(k).get("processed").asLong(),
                    stages.get(k).get("processed").asLong(), stages.get(k).toString());
        }
        JsonNode verifier = m.get("section").get("verifier");
        assertTrue(verifier.get("passed").asBoolean(), "passed on every shard: " + verifier);
        long msgs = first.get("section").get("verifier").get("msgs").asLong()
                + second.get("section").get("verifier").get("msgs").asLong();
        assertEquals(msgs, verifier.get("msgs").asLong());

        MainRun judged = MainRun.of("merge", "-o", dir.resolve("judged").toString(), "-html=false",
                "-threshold", "verify.msgs==" + msgs, "-threshold", "verify.violations==0", "-threshold",
                "verify.absent==0", records.get(0).toString(), records.get(1).toString());
        assertEquals(0, judged.code(), judged.out() + judged.err());
        assertTrue(judged.out().contains("[threshold] verify.msgs==" + msgs + " PASS (" + msgs + ")\n"
                + "[threshold] verify.violations==0 PASS (0)\n[threshold] verify.absent==0 PASS (0)"), judged.out());
    }

    @Test
    void startAtHoldsTheScheduleUntilThatInstantAndTheRecordNamesIt() throws Exception {
        // far enough ahead for the warm-up of a loaded machine (15 s was 5 s short with the suite running beside it):
        // a shard more than 250 ms late refuses to start
        long startAt = System.currentTimeMillis() + 30_000;
        Path logs = dir.resolve("at");
        MainRun r;
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            r = MainRun.of("cm", "-url", broker.url(), "-properties", "2", "-rate-events", "20", "-duration", "1",
                    "-logdir", logs.toString(), "-db-sleep-min", "1", "-db-sleep-max", "1", "-cal-sleep", "1",
                    "-ota-sleep", "1", "-sweep-floor-ms", "20", "-run-id", "cmat", "-start-at", Long.toString(startAt));
        }
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode j = JSON.readTree(logs.resolve("cmat.json").toFile());
        assertEquals(startAt, j.get("shard").get("t0EpochMs").asLong());
        assertTrue(j.get("shard").get("coordinator").isNull(), j.get("shard").toString());
        List<String> csv = Files.readAllLines(logs.resolve("cmat.intervals.csv"));
        long firstEnd = Long.parseLong(csv.get(1).substring(0, csv.get(1).indexOf(',')));
        // the first interval ends one report period after T0, never before (a few ms: two epoch anchors)
        assertTrue(firstEnd >= startAt + 1_000 - 5, "first interval ended at " + firstEnd + ", T0 " + startAt);
    }

    @Test
    void aShardWhosePeerNeverArrivesFailsAsASetupFailureAndStillWritesItsRecord() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path logs = dir.resolve("alone");
        MainRun r;
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            r = MainRun.of("cm", "-url", broker.url(), "-properties", "2", "-rate-events", "20", "-duration", "1",
                    "-logdir", logs.toString(), "-db-sleep-min", "1", "-db-sleep-max", "1", "-cal-sleep", "1",
                    "-ota-sleep", "1", "-sweep-floor-ms", "20", "-run-id", "cmalone", "-shard", "0/2",
                    "-coordinator", "http://127.0.0.1:" + port, "-coordinate-listen", "127.0.0.1:" + port,
                    "-coordinate-timeout", "2s");
        }
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("the coordinated start failed, nothing was sent: "), r.out());
        assertTrue(r.out().contains("not ready within"), r.out());
        JsonNode j = JSON.readTree(logs.resolve("cmalone.json").toFile());
        assertEquals(0, j.get("counters").get("offeredReq").asLong(), "nothing scheduled without T0");
        assertEquals(0, j.get("shard").get("index").asInt());
    }

    /** Every line of every stage log is a property of this shard (property n belongs to shard n mod 2). */
    private static void assertOnlyOwnedProperties(Path logs, int shard) throws IOException {
        int lines = 0;
        try (var files = Files.list(logs)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".log")).toList()) {
                for (String l : Files.readAllLines(f)) {
                    assertEquals(shard, Integer.parseInt(l.substring(0, l.indexOf(','))) % 2, f + ": " + l);
                    lines++;
                }
            }
        }
        assertTrue(lines >= 12 * (shard == 0 ? 3 : 2), "warm-up lines of every owned property in every stage");
    }
}
