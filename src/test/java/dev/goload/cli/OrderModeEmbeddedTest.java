package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.RecordSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode order} end to end against the embedded broker. The record check
 * ({@link #assertRunRecordAgreesWithTheReferenceJson}) holds for any broker: the real-broker tier applies it too.
 */
public class OrderModeEmbeddedTest {
    @TempDir
    Path dir;

    @Test
    void sequentialProducerAgainstEmbeddedBrokerPasses() throws IOException {
        MainRun r = MainRun.of("-mode", "order", "-embedded", "-target", "broker", "-messages", "400", "-partitions", "4",
                "-consumers", "3", "-pop-batch", "20", "-pop-timeout", "500", "-drain", "20", "-run-id", "t1",
                "-out", dir.toString(), "-note", "embedded");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("goload -mode order [broker] -> http://127.0.0.1:"), r.out());
        assertTrue(r.out().contains("  queue=\"ordercheck\" group=\"orderers\" partitions=4 messages=400 consumers=3"
                + " popBatch=20 minPopWaitTime=0ms"), r.out());
        assertTrue(r.out().contains("\n========== t1 ==========\npushed=400 delivered=400 acked=400  (push took "), r.out());
        assertTrue(r.out().contains("\nmissing=0 duplicate=0 outOfOrder=0\n"), r.out());
        assertTrue(r.out().contains("VERDICT PASS"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("pop size histogram: (\\d+:\\d+ )+")), r.out());
        JsonNode j = new ObjectMapper().readTree(dir.resolve("t1.json").toFile());
        assertEquals("PASS", j.path("verdict").asText());
        assertEquals(400, j.path("pushed").asInt());
        assertEquals(400, j.path("acked").asInt());
        assertEquals("embedded", j.path("note").asText());
        assertEquals(4, j.path("config").path("partitions").asInt());
        assertTrue(j.path("missing").isArray() && j.path("missing").isEmpty());
        assertTrue(j.path("popWaitMs").has("p99"));
        // goload's addition: the client's keep-alive reconnects, also on a + line before the verdict
        long reconnects = j.path("reconnects").asLong(-1);
        assertTrue(reconnects >= 0, j.toString());
        String line = "+ keep-alive reconnects=" + reconnects + " (requests re-sent on a fresh socket: the broker had"
                + " closed their idle one; not errors)\n";
        assertTrue(r.out().contains(line), r.out());
        assertTrue(r.out().indexOf(line) < r.out().indexOf("VERDICT PASS"), r.out());
        JsonNode rec = assertRunRecordAgreesWithTheReferenceJson(dir, "t1", j, r.out(), 400);
        assertEquals(0, rec.path("section").path("missing").path("count").asLong());
        assertEquals("PASS", rec.path("verdict").path("result").asText());
    }

    /**
     * The goload.run/2 record {@code <dir>/<runId>.run.json} beside the reference JSON {@code j} of a run of
     * {@code messages} sequences: valid, consistent, its common counters are the reference JSON's figures, its
     * artifacts the reference's; returns it (its verdict is the caller's to judge). {@code out} is the run's stdout.
     */
    public static JsonNode assertRunRecordAgreesWithTheReferenceJson(Path dir, String runId, JsonNode j, String out,
            int messages) throws IOException {
        Path file = dir.resolve(runId + ".run.json");
        RecordSchema.assertValid(file);
        dev.goload.report.RecordConsistency.assertConsistent(file);
        JsonNode rec = new ObjectMapper().readTree(file.toFile());
        assertEquals("goload.run/2", rec.path("schema").asText());
        assertEquals("order", rec.path("mode").asText());
        assertEquals(j.path("pushed").asLong(), rec.path("counters").path("pushedMsgs").asLong(), rec.toString());
        assertEquals(messages, rec.path("counters").path("sentReq").asLong(), "one request per sequence");
        assertEquals(j.path("acked").asLong(), rec.path("counters").path("acked").asLong());
        assertEquals(j.path("pops").asLong(), rec.path("counters").path("popCalls").asLong());
        assertEquals(j.path("emptyPops").asLong(), rec.path("counters").path("emptyPops").asLong());
        assertEquals(j.path("delivered").asLong(), rec.path("section").path("delivered").asLong());
        assertEquals(j.path("popSizeHist"), rec.path("section").path("popSizeHist"));
        assertEquals(j.path("popWaitMs"), rec.path("section").path("popWaitMs"));
        assertEquals(j.path("missingCount").asLong(), rec.path("section").path("missing").path("count").asLong());
        assertTrue(rec.path("latencyMs").path("popWait").path("count").asLong() > 0, rec.toString());
        assertEquals(j.path("pushed").asLong(), rec.path("latencyMs").path("push").path("count").asLong(),
                "each push from its due instant");
        assertEquals(j.path("verdict").asText(), rec.path("verdict").path("result").asText());
        assertEquals(List.of("record", "intervalsCsv", "hlog", "orderJson", "html"),
                rec.path("artifacts").findValuesAsText("kind"));
        assertTrue(java.nio.file.Files.readString(dir.resolve(runId + ".intervals.csv")).lines().count() >= 2,
                "the interval CSV has the partial last interval at least");
        assertTrue(out.contains("\n[artifacts] " + file + "\n"), out);
        return rec;
    }

    @Test
    void staleMessagesInTheQueueMakeTheGateFailWithExitThree() throws Exception {
        try (var broker = dev.goload.broker.EmbeddedBroker.start(dev.goload.broker.BrokerOptions.defaults());
             var client = new dev.goload.client.QueenClient(dev.goload.client.ClientConfig.of(broker.url()))) {
            // a leftover of an earlier run: seq 7 of p3 and a sequence this run never produces
            client.push(java.util.List.of(
                    dev.goload.client.PushItem.of("ordercheck", "p3", "{\"s\":7,\"p\":\"p3\"}".getBytes(StandardCharsets.UTF_8)),
                    dev.goload.client.PushItem.of("ordercheck", "p3", "{\"s\":9999,\"p\":\"p3\"}".getBytes(StandardCharsets.UTF_8))));
            MainRun r = MainRun.of("-mode", "order", "-url", broker.url(), "-target", "broker", "-messages", "40",
                    "-partitions", "4", "-consumers", "2", "-pop-timeout", "300", "-drain", "10", "-run-id", "stale",
                    "-out", dir.toString());
            assertEquals(3, r.code(), r.out() + r.err());
            // the stale seq 7 of p3 came first, so this run's seq 3 of p3 arrives below that partition's frontier
            assertTrue(r.out().contains("missing=0 duplicate=1 outOfOrder=1"), r.out());
            assertTrue(r.out().contains("  ! ORDER: 1 out-of-order delivery/deliveries (first: [{Partition:p3 Prev:7 Got:3}])"), r.out());
            assertTrue(r.out().contains("  ! DUPLICATION: 1 sequence(s) delivered more than once (first: [7])"), r.out());
            assertTrue(r.out().contains("  ! FOREIGN: 1 delivery/deliveries"), r.out());
            assertTrue(r.out().contains("VERDICT FAIL"), r.out());
            // the record's verdict carries the same findings, word for word, and the reference's exit code
            RecordSchema.assertValid(dir.resolve("stale.run.json"));
            dev.goload.report.RecordConsistency.assertConsistent(dir.resolve("stale.run.json"));
            JsonNode v = new ObjectMapper().readTree(dir.resolve("stale.run.json").toFile()).path("verdict");
            assertEquals("FAIL", v.path("result").asText());
            assertEquals(3, v.path("exitCode").asInt());
            List<String> bang = r.out().lines().filter(l -> l.startsWith("  ! ")).map(l -> l.substring(4)).toList();
            List<String> findings = new java.util.ArrayList<>();
            v.path("findings").forEach(x -> findings.add(x.asText()));
            assertEquals(bang, findings);
        }
    }

    @Test
    void unknownTenantIdxIsASetupFailure() throws IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("tenants.json"), "{\"cell\":\"bench\",\"plan\":\"bench\","
                + "\"prefix\":\"camp\",\"tenants\":[{\"idx\":0,\"tenantSlug\":\"camp-0000\",\"clusterSlug\":\"camp-0000\","
                + "\"apiKey\":\"secret-key\"}]}");
        MainRun r = MainRun.of("-mode", "order", "-tenants-file", file.toString(), "-tenant", "5");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("tenant idx 5 not in " + file), r.err());
        assertTrue(!(r.out() + r.err()).contains("secret-key"));
    }

    @Test
    void proxyTargetWithoutTenantsFileIsASetupFailure() {
        MainRun r = MainRun.of("-mode", "order", "-target", "proxy");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("-target proxy needs -tenants-file"), r.err());
    }
}
