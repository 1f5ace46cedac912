package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.client.AckResult;
import dev.goload.client.TestFailures;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.consume.RunTally;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordConsistency} passes what the one counting path ({@link RunTally}) records, and rejects a record whose
 * parts disagree — the 2026-12-06 tenants record among them.
 */
class RecordConsistencyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A record's counted parts as the writer puts them, after a few pops and acks of every outcome. */
    private static ObjectNode counted() {
        RunCounters c = new RunCounters();
        RunRecorders r = new RunRecorders();
        RunTally t = new RunTally(c, r);
        for (int i = 0; i < 4; i++) {
            t.answered();
            t.answered(3, new AckResult(200, 3, 0, new boolean[3], null, null), 100);
            c.popped.add(3);
        }
        t.answered();
        t.empty();
        t.answered(2, new AckResult(200, 1, 1, new boolean[2], "lease expired", null), 80);
        t.failed(3, TestFailures.http(503), 50);
        t.canceled(3, 40);
        t.canceled();
        t.failed(TestFailures.http(500));
        ObjectNode rec = JSON.createObjectNode();
        rec.put("mode", "tenants");
        rec.set("counters", JSON.valueToTree(RunRecordWriter.counters(c.snapshot())));
        rec.set("errors", JSON.valueToTree(c.errorFamilies()));
        ObjectNode latency = rec.putObject("latencyMs");
        for (LatencyRecorder l : r.all()) latency.putObject(l.tag()).put("count", l.sampleInterval().getTotalCount());
        ObjectNode phase = rec.putArray("phases").addObject();
        phase.put("name", "load");
        phase.set("counters", rec.get("counters").deepCopy());
        return rec;
    }

    @Test
    void whatTheCountingPathRecordsAgreesWithItself() {
        ObjectNode rec = counted();
        assertEquals(List.of(), RecordConsistency.violations(rec), rec.toString());
        assertEquals(7, rec.at("/counters/ackCalls").asLong(), "4 + 1 answered, 1 failed, 1 cancelled");
        assertEquals(5, rec.at("/latencyMs/ack/count").asLong());
        assertEquals(4, rec.at("/counters/ackErr").asLong(), "1 of the partial answer, 3 of the failed call");
        assertEquals(2, rec.at("/errors/ack/total").asLong());
    }

    @Test
    void theTenantsRecordOf20261206IsRejected() {
        ObjectNode rec = counted();
        ObjectNode c = (ObjectNode) rec.get("counters");
        c.put("ackErr", 1219).put("acked", 5098).put("ackCalls", 0).put("ackCanceledCalls", 0).put("ackMicros", 0);
        ObjectNode ack = (ObjectNode) rec.at("/errors/ack");
        ack.put("total", 0);
        ack.putObject("byKind").put("canceled", 1117);
        ((ObjectNode) rec.at("/latencyMs/ack")).put("count", 0);
        rec.set("phases", JSON.createArrayNode());
        List<String> v = RecordConsistency.violations(rec);
        assertTrue(v.stream().anyMatch(s -> s.startsWith("ackErr and errors.ack.total are not 0 together")), v::toString);
        assertTrue(v.stream().anyMatch(s -> s.startsWith("errors.ack.byKind.canceled = ackCanceledCalls: 1117 != 0")),
                v::toString);
        assertThrows(AssertionError.class, () -> RecordConsistency.assertConsistent(rec));
    }

    @Test
    void eachDisagreementIsNamed() {
        assertNamed("pushCanceledReq", r -> ((ObjectNode) r.get("counters")).put("pushCanceledReq", 1),
                "sentReq = achievedReq + pushErrReq + pushCanceledReq");
        assertNamed("an uncounted pop failure", r -> ((ObjectNode) r.at("/errors/pop")).put("total", 2),
                "errors.pop.total = popErr");
        assertNamed("a pop cancel counted as an error", r -> ((ObjectNode) r.get("counters")).put("popCanceledCalls", 0),
                "errors.pop.byKind.canceled = popCanceledCalls");
        assertNamed("an ack call without an outcome", r -> ((ObjectNode) r.get("counters")).put("ackCalls", 8),
                "ackCalls = latencyMs.ack.count");
        assertNamed("a kind outside the total", r -> ((ObjectNode) r.at("/errors/ack/byKind")).put("conn", 1),
                "errors.ack: kinds but canceled = total");
        assertNamed("a phase short of the whole", r -> ((ObjectNode) r.at("/phases/0/counters")).put("popped", 1),
                "phases' popped add up to counters.popped");
    }

    private static void assertNamed(String what, java.util.function.Consumer<ObjectNode> breakIt, String rule) {
        ObjectNode rec = counted();
        breakIt.accept(rec);
        List<String> v = RecordConsistency.violations(rec);
        assertTrue(v.stream().anyMatch(s -> s.startsWith(rule)), what + ": " + rule + " not in " + v);
    }
}
