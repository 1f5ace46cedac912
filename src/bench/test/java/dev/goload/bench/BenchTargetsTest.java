package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The targets file and how a summary is judged by it. */
class BenchTargetsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theBenchsFileParsesWithUniqueNamesAndAReasonForEveryTarget() {
        BenchTargets t = BenchTargets.standard();
        assertTrue(t.all().size() >= 18, "every row of targets.tsv: " + t.all().size());
        Set<String> names = new HashSet<>();
        for (BenchTargets.Target target : t.all()) {
            assertTrue(names.add(target.name()), "a name twice: " + target.name());
            assertFalse(target.why().isBlank(), target.name());
            assertTrue(target.value() > 0, target.name());
        }
        BenchTargets.Target ref = t.all().stream().filter(x -> x.name().equals("pushCpuPerMsgOverRef")).findFirst()
                .orElseThrow();
        assertEquals(1.0 / 12, ref.value(), 1e-15, "1/12 is a fraction, not 1 or 12");
        assertEquals("ref.push.held", ref.unless());
    }

    @Test
    void aFigureIsJudgedAgainstItsLimitAndAnUnmeasuredOneIsLeftOut() throws Exception {
        BenchTargets t = BenchTargets.parse("""
                # a comment
                target\tfigure\tlimit\tvalue\tunless\twhy
                cpu\tpush.cpu\tatMost\t0.5\t-\tcheap
                rate\trate\tatLeast\t1000\t-\tfast
                missing\tconsume.cpu\tatMost\t1\t-\tnot run
                """);
        JsonNode out = t.judge(JSON, JSON.readTree("{\"push\":{\"cpu\":0.75},\"rate\":1000}"));
        assertEquals(0.75, out.path("cpu").path("measured").asDouble());
        assertEquals(0.5, out.path("cpu").path("atMost").asDouble());
        assertFalse(out.path("cpu").path("met").asBoolean());
        assertEquals("push.cpu", out.path("cpu").path("figure").asText());
        assertEquals("cheap", out.path("cpu").path("why").asText());
        assertTrue(out.path("rate").path("met").asBoolean(), "at least: 1000 >= 1000");
        assertEquals(1000.0, out.path("rate").path("atLeast").asDouble());
        assertFalse(out.has("missing"), "not measured: not judged");
    }

    @Test
    void aTargetWhoseGateIsFalseIsNotJudgedAndALadderTargetTakesTheFirstStepAtItsRate() throws Exception {
        BenchTargets t = BenchTargets.parse("""
                ratio\tratios.push\tatMost\t1/12\tref.push.held\tlean
                held\tladder\theldAt\t2000000\t-\tthe top step
                """);
        JsonNode shed = JSON.readTree("""
                {"ratios":{"push":0.01},"ref":{"push":{"held":false}},
                 "ladder":[{"offeredMsgPerSec":1000000,"held":true},
                           {"offeredMsgPerSec":2000000,"held":false,"pushMsSteady":{"p99":12.5}},
                           {"offeredMsgPerSec":3000000,"held":true}]}
                """);
        JsonNode out = t.judge(JSON, shed);
        assertFalse(out.has("ratio"), "the reference shed: other work was measured");
        assertEquals(2_000_000, out.path("held").path("offeredMsgPerSec").asDouble());
        assertFalse(out.path("held").path("met").asBoolean());
        assertEquals(12.5, out.path("held").path("pushMsSteady").path("p99").asDouble());
        JsonNode noGate = t.judge(JSON, JSON.readTree("{\"ratios\":{\"push\":0.05}}"));
        assertTrue(noGate.path("ratio").path("met").asBoolean(), "no reference figure to say it shed: judged");
        assertFalse(noGate.has("held"), "no ladder: not judged");
    }

    @Test
    void aMalformedRowIsRefusedWithItsLine() {
        var columns = assertThrows(IllegalArgumentException.class, () -> BenchTargets.parse("a\tb\tatMost\t1\n"));
        assertTrue(columns.getMessage().contains("line 1") && columns.getMessage().contains("6 tab-separated"),
                columns.getMessage());
        var limit = assertThrows(IllegalArgumentException.class,
                () -> BenchTargets.parse("# c\na\tb\tbelow\t1\t-\twhy\n"));
        assertTrue(limit.getMessage().contains("line 2") && limit.getMessage().contains("below"), limit.getMessage());
        var value = assertThrows(IllegalArgumentException.class, () -> BenchTargets.parse("a\tb\tatMost\tlow\t-\tw\n"));
        assertTrue(value.getMessage().contains("low"), value.getMessage());
    }
}
