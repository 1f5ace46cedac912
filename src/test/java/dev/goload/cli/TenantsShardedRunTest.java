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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode tenants} over 2 coordinated shards in this process, on one embedded broker: shard 0 drives tenants 0
 * and 2, shard 1 tenant 1 (each its tenants' queues only), both start at one T0, and the merge is their sum.
 */
class TenantsShardedRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void twoShardsSplitTheTenantsAndMergeToTheirSum() throws Exception {
        List<JsonNode> shards = new ArrayList<>();
        JsonNode merged;
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            List<MainRun> runs = ShardedRuns.run(2, i -> List.of("-mode", "tenants", "-url", broker.url(),
                    "-run-id", "tsh", "-out", dir.resolve("shard-" + i).toString(), "-tenants", "3",
                    "-queues-per-tenant", "2", "-phase-high", "20", "-phase-low", "20", "-phase-sec", "1",
                    "-stagger=false", "-duration", "2", "-report", "1", "-pop-timeout", "500", "-payload", "16"));
            List<Path> records = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                MainRun r = runs.get(i);
                assertEquals(0, r.code(), r.out() + r.err());
                assertTrue(r.out().contains("[shard] " + i + "/2 starts at T0 "), r.out());
                Path record = dir.resolve("shard-" + i).resolve("tsh.json");
                RecordSchema.assertValid(record);
                dev.goload.report.RecordConsistency.assertConsistent(record);
                records.add(record);
                shards.add(JSON.readTree(record.toFile()));
            }
            merged = JSON.readTree(RunMerge.merge(records, dir.resolve("merged")).record().toFile());
            RecordSchema.assertValid(dir.resolve("merged").resolve("tsh.json"));
            dev.goload.report.RecordConsistency.assertConsistent(dir.resolve("merged").resolve("tsh.json"));
            long tail = shards.get(0).path("section").path("tail").asLong()
                    + shards.get(1).path("section").path("tail").asLong();
            MainRun judged = MainRun.of("merge", "-o", dir.resolve("judged").toString(), "-html=false",
                    "-threshold", "tail==" + tail, "-threshold", "tail.queues>=0", records.get(0).toString(),
                    records.get(1).toString());
            assertEquals(0, judged.code(), judged.out() + judged.err());
            assertTrue(judged.out().contains("[threshold] tail==" + tail + " PASS (" + tail + ")"), judged.out());
            assertTrue(judged.out().contains("[threshold] tail.queues>=0 PASS ("), "judged, not skipped: " + judged.out());
        }
        JsonNode s0 = shards.get(0).path("section");
        JsonNode s1 = shards.get(1).path("section");
        assertEquals(2, s0.path("tenants").asInt(), "tenants 0 and 2");
        assertEquals(1, s1.path("tenants").asInt(), "tenant 1");
        assertEquals(4, s0.path("queues").asInt());
        assertEquals(2, s1.path("queues").asInt());
        assertEquals(shards.get(0).path("shard").path("t0EpochMs"), shards.get(1).path("shard").path("t0EpochMs"));
        assertEquals(3, merged.path("section").path("tenants").asInt());
        assertEquals(6, merged.path("section").path("queues").asInt());
        assertEquals(s0.path("fdBudget").path("limit").asLong(), merged.path("section").path("fdBudget").path("limit")
                .asLong(), "a process limit is the largest shard's, not the sum of two processes'");
        assertEquals(Math.max(s0.path("fdBudget").path("sockets").asLong(), s1.path("fdBudget").path("sockets")
                .asLong()), merged.path("section").path("fdBudget").path("sockets").asLong());
        assertEquals(s0.path("tail").asLong() + s1.path("tail").asLong(), merged.path("section").path("tail").asLong());
        for (String k : List.of("offeredReq", "sentReq", "pushedMsgs", "popped")) {
            long sum = shards.get(0).path("counters").path(k).asLong() + shards.get(1).path("counters").path(k).asLong();
            assertEquals(sum, merged.path("counters").path(k).asLong(), k);
        }
        assertTrue(shards.get(0).path("counters").path("pushedMsgs").asLong() > 0);
        assertTrue(shards.get(1).path("counters").path("pushedMsgs").asLong() > 0);
        assertEquals(shards.get(0).path("latencyMs").path("e2e").path("count").asLong()
                        + shards.get(1).path("latencyMs").path("e2e").path("count").asLong(),
                merged.path("latencyMs").path("e2e").path("count").asLong());
    }
}
