package dev.goload.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the mode section's merge, on sections shaped as the modes write them. */
class SectionMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> sections(String... json) throws Exception {
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String j : json) out.add(JSON.readTree(j.replace('\'', '"')));
        return out;
    }

    @Test
    void cloudSumsItsCountsButTakesTheLongestDurationAndCombinesItsVerdict() throws Exception {
        JsonNode m = SectionMerge.merge("cloud", sections(
                "{'tenants':[{'idx':0}],'popReqs':10,'verify':{'enabled':true,'verdict':'PASS','missing':0},"
                        + "'drain':{'loadSec':2.01,'drainSec':6.0,'plannedSec':6,'autoSized':false,'deliveries':5},"
                        + "'faults':{'loseMsg':0},'configureSec':0.4,'lossAttribution':null}",
                "{'tenants':[{'idx':1}],'popReqs':12,'verify':{'enabled':true,'verdict':'FAIL','missing':3},"
                        + "'drain':{'loadSec':2.03,'drainSec':5.9,'plannedSec':6,'autoSized':false,'deliveries':7},"
                        + "'faults':{'loseMsg':3},'configureSec':0.7,'lossAttribution':{'missing':3}}"));
        assertEquals(2, m.path("tenants").size(), "each tenant's row, side by side");
        assertEquals(22, m.path("popReqs").asLong());
        assertEquals("FAIL", m.path("verify").path("verdict").asText());
        assertEquals(3, m.path("verify").path("missing").asLong());
        assertEquals(2.03, m.path("drain").path("loadSec").asDouble(), 0.0, "the longest, not 4.04");
        assertEquals(6.0, m.path("drain").path("drainSec").asDouble(), 0.0);
        assertEquals(12, m.path("drain").path("deliveries").asLong());
        assertEquals(3, m.path("faults").path("loseMsg").asLong());
        assertEquals(0.7, m.path("configureSec").asDouble(), 0.0);
        assertTrue(m.path("lossAttribution").isNull(), "per shard only");
        assertEquals("[\"lossAttribution\"]", m.path("perShard").toString());
    }

    @Test
    void cloudShardsMayCarryTheirPushesOnDifferentPathsAndTheMergeSaysWhichPerShard() throws Exception {
        // 65 tenants on 2 shards: 33 clients on one (past CloudPushLoops.MAX_LOOPS), 32 on the other (the loop)
        JsonNode differ = SectionMerge.merge("cloud", sections("{'pushPath':'virtual-threads'}", "{'pushPath':'loop'}"));
        assertTrue(differ.path("pushPath").isNull(), differ.toString());
        assertEquals("[\"pushPath\"]", differ.path("perShard").toString());
        JsonNode same = SectionMerge.merge("cloud", sections("{'pushPath':'loop'}", "{'pushPath':'loop'}"));
        assertEquals("loop", same.path("pushPath").asText());
        assertEquals("[]", same.path("perShard").toString());
    }

    @Test
    void cmMergesItsStagesRowByRowAndItsVerifierPassesOnlyWhenEveryShardsDid() throws Exception {
        String a = "{'stages':[{'stage':'A1','queue':'q1','group':'g','processed':5,'ackErr':0},"
                + "{'stage':'A2','queue':'q2','group':'g','processed':4,'ackErr':1}],'producedA':9,"
                + "'verifier':{'passed':true,'msgs':9,'gaps':0}}";
        String b = "{'stages':[{'stage':'A1','queue':'q1','group':'g','processed':6,'ackErr':2},"
                + "{'stage':'A2','queue':'q2','group':'g','processed':7,'ackErr':0}],'producedA':13,"
                + "'verifier':{'passed':false,'msgs':13,'gaps':1}}";
        JsonNode m = SectionMerge.merge("cm", sections(a, b));
        assertEquals(2, m.path("stages").size(), m.toString());
        assertEquals("A1", m.path("stages").get(0).path("stage").asText());
        assertEquals(11, m.path("stages").get(0).path("processed").asLong());
        assertEquals(2, m.path("stages").get(0).path("ackErr").asLong());
        assertEquals("q2", m.path("stages").get(1).path("queue").asText());
        assertEquals(11, m.path("stages").get(1).path("processed").asLong());
        assertEquals(22, m.path("producedA").asLong());
        assertEquals(false, m.path("verifier").path("passed").asBoolean());
        assertEquals(1, m.path("verifier").path("gaps").asLong());

        JsonNode unverified = SectionMerge.merge("cm", sections(a, "{'producedA':1,'verifier':null}"));
        assertTrue(unverified.path("verifier").isNull(), "verified on one shard only: not the run's verdict");
        assertTrue(unverified.path("perShard").toString().contains("verifier"), unverified.toString());
    }

    @Test
    void aSettingThatDiffersBetweenShardsIsRefusedAndNamed() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SectionMerge.merge("openloop",
                sections("{'pushBatch':10}", "{'pushBatch':20}")));
        assertTrue(e.getMessage().contains("section.pushBatch is a setting of the run but differs between the shards:"
                + " 10 on shard 0, 20 on shard 1"), e.getMessage());
        JsonNode ok = SectionMerge.merge("openloop", sections(
                "{'pushBatch':10,'rate':1000,'activePartitions':4,'firstSendEpochMs':1005}",
                "{'pushBatch':10,'rate':1001,'activePartitions':4,'firstSendEpochMs':1003}"));
        assertEquals(10, ok.path("pushBatch").asInt());
        assertEquals(2001, ok.path("rate").asLong(), "the shards' shares of -rate add up to it");
        assertEquals(8, ok.path("activePartitions").asInt());
        assertEquals(1003, ok.path("firstSendEpochMs").asLong(), "the run's first send");
    }

    @Test
    void aNumberNoRuleNamesIsNeverSummedOnlyKeptWhenEqual() throws Exception {
        JsonNode m = SectionMerge.merge("tenants", sections(
                "{'tenants':2,'fdBudget':{'sockets':40,'limit':1024},'newGauge':{'peak':5,'window':10}}",
                "{'tenants':1,'fdBudget':{'sockets':20,'limit':1024},'newGauge':{'peak':7,'window':10}}"));
        assertEquals(3, m.path("tenants").asInt());
        assertEquals(1024, m.path("fdBudget").path("limit").asInt(), "a process limit, not 2048");
        assertEquals(40, m.path("fdBudget").path("sockets").asInt());
        assertTrue(m.path("newGauge").path("peak").isNull(), "unknown and different: per shard, not 12");
        assertEquals(10, m.path("newGauge").path("window").asInt(), "unknown but equal on every shard: kept");
        assertEquals("[\"newGauge.peak\"]", m.path("perShard").toString());

        JsonNode unknownMode = SectionMerge.merge("future", sections("{'n':1}", "{'n':2}"));
        assertTrue(unknownMode.path("n").isNull(), unknownMode.toString());
    }
}
