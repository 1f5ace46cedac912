package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.CloudCommandTest;
import dev.goload.cli.MainRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cloud -target broker} against a real Queen broker. The C++ broker ignores {@code x-queen-tenant}, so
 * the tenants get queues of their own ({@code -shared-queue=false}). Under load the broker skips a few stored
 * messages (the consumer group's cursor passes them): the verdict is then FAIL with only missing messages, and the
 * loss attribution must name every one as skipped, which the broker's own store confirms (a consumer group of the
 * test's own reads each tenant's queue afterwards: every message the run sent is there). On a machine so busy that
 * the consumers were still receiving in the drain's last 2 s (the run's CAUTION: backlog), a missing message may
 * also be {@code pending}: stored, not yet delivered.
 */
@Tag("solo")
class RealQueenCloudTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    private record Run(int code, String out, JsonNode json, JsonNode record) {
        long verify(String field) {
            return json.path("verify").path(field).asLong(-1);
        }
    }

    private Run cloud(String runId, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("-mode", "cloud", "-target", "broker", "-url", BROKER.url(),
                "-shared-queue=false", "-queue", BROKER.name("cloud"), "-tenants-file",
                dir.resolve("absent.json").toString(), "-out", dir.toString(), "-run-id", runId, "-report", "1",
                "-pop-timeout", "500", "-attribute-max", "1000"));
        args.addAll(List.of(extra));
        MainRun r = MainRun.of(args.toArray(String[]::new));
        String out = r.out() + r.err();
        assertTrue(r.code() == 0 || r.code() == 3, "exit 0 (PASS) or 3 (FAIL), nothing else:\n" + out);
        JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve(runId + ".json")));
        String verdict = json.path("verdict").asText();
        assertEquals(r.code() == 0 ? "PASS" : "FAIL", verdict, out);
        JsonNode rec = CloudCommandTest.assertRunRecordAgreesWithTheReferenceJson(dir, runId, json, r.out(), verdict);
        BROKER.assertRanAgainstIt(rec);
        Run run = new Run(r.code(), out, json, rec);
        assertEquals(0, run.verify("extra"), out);
        assertEquals(0, run.verify("crossTenant"), "queues of their own: no tenant sees another's message\n" + out);
        assertEquals(0, run.verify("undecodable"), out);
        for (String family : List.of("push", "pop", "ack")) {
            assertEquals(0, json.path("errors").path(family).path("total").asLong(), family + " errors:\n" + out);
        }
        assertTrue(run.verify("sentOk") > 0, out);
        assertEveryMissingMessageWasSkipped(run);
        assertEveryTenantsQueueStoresWhatItSent(run);
        return run;
    }

    /** Missing messages are the broker's skips: all attributed as {@code skipped}, the first ids the verdict's. */
    private static void assertEveryMissingMessageWasSkipped(Run r) {
        long missing = r.verify("missing");
        JsonNode loss = r.json.path("additions").path("lossAttribution");
        RealQueenBroker.note("cloud " + r.json.path("runId").asText() + ": sentOk=" + r.verify("sentOk") + " missing="
                + missing + " duplicate=" + r.verify("duplicate") + " attribution=" + loss.path("counts"));
        if (missing == 0) {
            assertTrue(loss.isMissingNode() || loss.isNull(), "nothing missing, nothing attributed: " + loss);
            assertTrue(!r.out.contains("[loss]"), r.out);
            return;
        }
        boolean backlog = r.json.path("config").path("drainLast2sDeliveries").asLong() > 0;
        LossAttributionCheck.assertEveryMissingAttributed(loss, missing,
                backlog ? Set.of("skipped", "pending") : Set.of("skipped"));
        assertTrue(r.out.contains(backlog ? "CAUTION: " + missing + " missing may be BACKLOG"
                : "NOTE: consumers were idle at the cutoff"), r.out);
        List<String> first = new ArrayList<>();
        for (JsonNode t : r.json.path("verify").path("tenants")) {
            for (JsonNode s : t.path("firstMissingSeqs")) {
                if (first.size() < 8) first.add(t.path("idx").asInt() + ":" + s.asLong());
            }
        }
        List<String> ids = new ArrayList<>();
        loss.path("firstIds").path("skipped").forEach(i -> ids.add(i.asText()));
        loss.path("firstIds").path("pending").forEach(i -> ids.add(i.asText()));
        assertTrue(ids.containsAll(first), "the attribution names the verdict's first missing messages: " + first
                + " in " + loss.path("firstIds"));
        long skipped = loss.path("counts").path("skipped").asLong();
        if (skipped > 0) assertTrue(r.out.contains("[loss]   skipped=" + skipped + " "), r.out);
        assertTrue(r.out.indexOf("[loss]") < r.out.indexOf("VERDICT: FAIL"), r.out);
    }

    /**
     * Each tenant's queue holds exactly the sequences the run sent to it, so a missing message was stored (not lost on
     * push): the broker skipped it.
     */
    private static void assertEveryTenantsQueueStoresWhatItSent(Run r) {
        for (JsonNode t : r.json.path("verify").path("tenants")) {
            List<JsonNode> stored = BROKER.storedMessages(t.path("queue").asText());
            Set<Long> seqs = new HashSet<>();
            for (JsonNode m : stored) {
                assertEquals(t.path("idx").asInt(), m.path("data").path("t").asInt(), "a tenant's queue: " + m);
                seqs.add(m.path("data").path("s").asLong());
            }
            long sent = t.path("sentOk").asLong();
            assertEquals(sent, stored.size(), t.path("queue").asText() + ": stored = sent\n" + r.out);
            assertEquals(sent, seqs.size(), t.path("queue").asText() + ": each sequence once");
            for (JsonNode s : t.path("firstMissingSeqs")) {
                assertTrue(seqs.contains(s.asLong()), "missing seq " + s + " of " + t.path("queue").asText()
                        + " is stored: the broker skipped it");
            }
        }
    }

    @Test
    void fourTenantsPassOrEveryMissingMessageIsOneTheBrokerStoredAndSkipped() throws Exception {
        Run r = cloud("load", "-tenants", "4", "-rate", "400", "-duration", "3", "-drain", "8");
        assertEquals(0, r.verify("duplicate"), r.out);
        assertEquals(r.verify("missing") == 0 ? 0 : 3, r.code, "FAIL only for the missing messages: " + r.out);
        assertEquals(4, r.json.path("verify").path("tenants").size());
    }

    @Test
    void aDroppedAckIsRedeliveredAfterTheLeaseAndCountedAsDuplicates() throws Exception {
        Run r = cloud("dropack", "-tenants", "2", "-rate", "100", "-duration", "4", "-drain", "1", "-lease-time", "2",
                "-fault", "drop-ack=1");
        assertEquals(3, r.code, r.out);
        long dropped = r.json.path("additions").path("faultsAffected").path("dropAckMsgs").asLong();
        assertTrue(dropped > 0, "the fault fired: " + r.json.path("additions"));
        assertEquals(dropped, r.verify("duplicate"), "the broker redelivered the unacked batch once its lease expired");
        assertTrue(r.out.contains("+ drain raised from 1s to 7s (leaseTime 2s + 5s)"), r.out);
    }
}
