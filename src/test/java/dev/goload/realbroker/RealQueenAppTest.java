package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.cli.AppRunRecordTest;
import dev.goload.cli.MainRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode app} against a real Queen broker: two consumer groups with failed acks, poison messages dead-lettered
 * and transactional acks feeding stage 2. No call fails, the order checker passes, and the broker's own store agrees
 * with the run: it holds every pushed message, one stage-2 message per committed transaction, and one dead-letter
 * row per {@code "dlq":true} ack answer of each group.
 */
@Tag("solo")
class RealQueenAppTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    @Test
    void failuresPoisonAndTransactionsKeepTheOrderAndTheBrokersStoreAgrees() throws Exception {
        String queue = BROKER.name("app");
        String stage2 = queue + "-stage2";
        Path logs = dir.resolve("raw");
        Path out = dir.resolve("out");
        MainRun r = MainRun.of("-mode", "app", "-url", BROKER.url(), "-queue", queue, "-stage2-queue", stage2,
                "-duration", "3", "-report", "1", "-target-rate", "300", "-producers", "2", "-sessions", "4",
                "-push-batch", "5", "-consumers-per-group", "2", "-process-ms", "1", "-slow-msg-pct", "0",
                "-slow-part-pct", "0", "-stage2-consumers", "1", "-payload-min", "8", "-payload-max", "16",
                "-pop-timeout", "300", "-seed", "7", "-tx-pct", "20", "-fail-pct", "5", "-poison-pct", "2",
                "-verify-log", logs.toString(), "-out", out.toString(), "-run-id", "apprun");
        String text = r.out() + r.err();
        assertEquals(0, r.code(), text);
        assertTrue(text.contains("VERDICT: PASS  (0 violations in "), text);
        JsonNode rec = AppRunRecordTest.assertRecordAgreesWithTheFinalBlock(r.out(), out.resolve("apprun.json"), logs);
        BROKER.assertRanAgainstIt(rec);
        assertEquals("PASS", rec.path("verdict").path("result").asText());
        JsonNode c = rec.path("counters");
        for (String zero : List.of("pushErrReq", "itemFailed", "itemDuplicate", "popErr", "ackErr")) {
            assertEquals(0, c.path(zero).asLong(), zero + ": " + c);
        }
        JsonNode sec = rec.path("section");
        assertEquals(0, sec.path("tx").path("errors").asLong(), sec.toString());
        assertEquals(0, sec.path("stage2").path("popErr").asLong() + sec.path("stage2").path("ackErr").asLong());
        long commits = sec.path("tx").path("commits").asLong();
        assertTrue(commits > 0, "-tx-pct 20: transactions committed: " + sec);
        assertEquals(commits, sec.path("stage2").path("pushed").asLong(), "one stage-2 push per commit");
        assertEquals(0, sec.path("order").path("violations").asLong(), sec.toString());

        long manifest = 0;
        List<String> rows = Files.readAllLines(logs.resolve("manifest.tsv"));
        for (String line : rows.subList(1, rows.size())) manifest += Long.parseLong(line.split("\t")[1]);
        assertEquals(c.path("pushedMsgs").asLong(), manifest, "the manifest accounts for every pushed message");

        BROKER.assertStoresExactly(queue, c.path("pushedMsgs").asLong());
        BROKER.assertStoresExactly(stage2, commits);
        Map<String, Long> dlq = BROKER.deadLetteredByGroup(queue);
        RealQueenBroker.note("app: pushed=" + c.path("pushedMsgs") + " commits=" + commits + " groups="
                + sec.path("groups") + " brokerDeadLetters=" + dlq + " checkerRedeliveries="
                + sec.path("order").path("redeliveries") + " retryCountRedeliveries=" + sec.path("redeliveries"));
        long dead = 0;
        for (JsonNode g : sec.path("groups")) {
            long n = g.path("deadLettered").asLong();
            dead += n;
            assertEquals(n, dlq.getOrDefault(g.path("group").asText(), 0L),
                    "the broker keeps one dead-letter row per dlq:true answer of " + g.path("group") + ": " + dlq);
        }
        assertEquals(dead, dlq.values().stream().mapToLong(Long::longValue).sum(), "no other group's: " + dlq);
    }
}
