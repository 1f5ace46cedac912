package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cloud} against the embedded broker with its test-only loss switches: the verdict fails with exactly
 * the messages the broker lost, and the attribution says how each was lost, with their ids. The broker's clock is
 * frozen ({@link FrozenClockBroker}).
 */
class CloudLossAttributionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    @RegisterExtension
    final FrozenClockBroker broker = new FrozenClockBroker();

    private record Run(int code, String out, JsonNode json) {
        JsonNode loss() {
            return json.path("additions").path("lossAttribution");
        }

        long missing() {
            return json.path("verify").path("missing").asLong(-1);
        }

        /** The verdict's first missing ids, tenant by tenant: {@code "<idx>:<seq>"}. */
        List<String> firstMissingIds(int max) {
            List<String> ids = new ArrayList<>();
            for (JsonNode t : json.path("verify").path("tenants")) {
                for (JsonNode s : t.path("firstMissingSeqs")) {
                    if (ids.size() < max) {
                        ids.add(t.path("idx").asInt() + ":" + s.asLong());
                    }
                }
            }
            return ids;
        }
    }

    private Run run(String runId, String... extra) throws Exception {
        return runAgainst(broker.url(), runId, extra);
    }

    private Run runAgainst(String url, String runId, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("-mode", "cloud", "-target", "broker", "-url", url,
                "-tenants-file", dir.resolve("absent.json").toString(), "-out", dir.toString(), "-run-id", runId,
                "-rate", "40", "-duration", "1", "-drain", "2", "-report", "1", "-pop-timeout", "500"));
        args.addAll(List.of(extra));
        MainRun r = MainRun.of(args.toArray(String[]::new));
        Path json = dir.resolve(runId + ".json");
        return new Run(r.code(), r.out() + r.err(), JSON.readTree(Files.readString(json)));
    }


    @Test
    void messagesTheBrokerSkippedAreAttributedAsSkippedWithTheirIds() throws Exception {
        broker.faults().skipDeliveryEvery(7);
        Run r = run("skip", "-tenants", "2", "-partitions", "3", "-push-batch", "2");
        long skipped = broker.faults().skipped();
        assertTrue(skipped > 0, "the switch fired");
        assertEquals(3, r.code, r.out);
        assertEquals(skipped, r.missing(), r.out);
        JsonNode loss = r.loss();
        assertTrue(loss.path("enabled").asBoolean(), loss.toString());
        assertEquals(skipped, loss.path("counts").path("skipped").asLong(), loss.toString());
        assertEquals(skipped, loss.path("attributed").asLong());
        assertEquals(r.firstMissingIds(8), FrozenClockBroker.texts(loss.path("firstIds").path("skipped")));
        int lossLine = r.out.indexOf("[loss]   skipped=" + skipped + " ");
        assertTrue(lossLine >= 0, r.out);
        assertTrue(lossLine < r.out.indexOf("VERDICT: FAIL"), "the attribution comes before the verdict line");
    }

    @Test
    void messagesTheBrokerNeverStoredAreAttributedAsNeverStored() throws Exception {
        broker.faults().dropPushEvery(5);
        Run r = run("drop", "-tenants", "1");
        long dropped = broker.faults().dropped();
        assertTrue(dropped > 0, "the switch fired");
        assertEquals(3, r.code, r.out);
        assertEquals(dropped, r.missing(), r.out);
        assertEquals(dropped, r.loss().path("counts").path("neverStored").asLong(), r.loss().toString());
        assertEquals(r.firstMissingIds(8), FrozenClockBroker.texts(r.loss().path("firstIds").path("neverStored")));
        assertTrue(r.out.contains("[loss]   neverStored=" + dropped + " "), r.out);
    }

    @Test
    void attributeLossFalseLooksNothingUp() throws Exception {
        broker.faults().skipDeliveryEvery(7);
        Run r = run("off", "-tenants", "1", "-attribute-loss=false");
        assertEquals(3, r.code, r.out);
        assertTrue(r.missing() > 0);
        assertEquals(false, r.loss().path("enabled").asBoolean(true), r.loss().toString());
        assertEquals(0, r.loss().path("lookups").asInt(-1));
        assertTrue(r.out.contains("[loss] " + r.missing() + " missing not attributed (-attribute-loss=false)"), r.out);
    }

    @Test
    void theLookupBoundIsHonoured() throws Exception {
        broker.faults().skipDeliveryEvery(5);
        Run r = run("bound", "-tenants", "1", "-attribute-max", "2");
        assertTrue(r.missing() > 2, "enough missing to hit the bound: " + r.missing());
        assertEquals(2, r.loss().path("lookups").asInt());
        assertEquals(2, r.loss().path("counts").path("skipped").asInt());
        assertEquals(r.missing() - 2, r.loss().path("notLookedUp").asLong());
    }

    @Test
    void aBrokerWithoutTheLookupApiLeavesEveryMissingMessageNotCheckableAfterOneLookup() throws Exception {
        broker.faults().skipDeliveryEvery(7);
        try (NoLookupRouteFront front = new NoLookupRouteFront(broker.url())) {
            Run r = runAgainst(front.url(), "noapi", "-tenants", "1");
            assertEquals(3, r.code, r.out);
            assertTrue(r.missing() > 0);
            JsonNode loss = r.loss();
            assertEquals(r.missing(), loss.path("counts").path("notCheckable").asLong(), loss.toString());
            assertEquals(1, loss.path("lookups").asInt(), "the first answer shows the route is not served");
            assertTrue(loss.path("notCheckableWhy").asText().contains("not available"), loss.toString());
            assertTrue(r.out.contains("[loss]   notCheckable because: message lookup API not available (HTTP 404"),
                    r.out);
        }
    }

    @Test
    void aCleanRunHasNoAttribution() throws Exception {
        Run r = run("clean", "-tenants", "1");
        assertEquals(0, r.code, r.out);
        assertTrue(r.loss().isMissingNode(), r.json.path("additions").toString());
        assertTrue(!r.out.contains("[loss]"), r.out);
    }
}
