package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import okio.Buffer;
import org.junit.jupiter.api.Test;

class AckBatchBodyTest {
    private static String text(AckBatchBody body) throws IOException {
        Buffer b = new Buffer();
        body.writeTo(b);
        assertEquals(body.contentLength(), b.size(), "Content-Length must match the bytes streamed");
        return b.readUtf8();
    }

    private static JsonNode written(AckBatchBody body) throws IOException {
        return RequestBodies.MAPPER.readTree(text(body));
    }

    private static ObjectNode item(String txn, String pid, String lease, String status, String error) {
        ObjectNode o = RequestBodies.MAPPER.createObjectNode().put("transactionId", txn).put("partitionId", pid);
        if (lease != null && !lease.isEmpty()) o.put("leaseId", lease);
        o.put("status", status);
        if (error != null) o.put("error", error);
        return o;
    }

    @Test
    void writesEveryAckWithItsOptionalFieldsAndTheGroup() throws IOException {
        List<AckItem> items = List.of(
                new AckItem("t1", "p1", "l1", "completed", null),
                new AckItem("t2", "p1", "", "failed", "boom \"quoted\" \\ back\nslash é \u2028"),
                new AckItem("t3", "p\u00e9", null, "completed", null));
        ObjectNode want = RequestBodies.MAPPER.createObjectNode();
        ArrayNode acks = want.putArray("acknowledgments");
        acks.add(item("t1", "p1", "l1", "completed", null));
        acks.add(item("t2", "p1", "", "failed", "boom \"quoted\" \\ back\nslash é \u2028"));
        acks.add(item("t3", "p\u00e9", null, "completed", null));
        assertEquals(want, written(new AckBatchBody(items, null)));
        assertEquals(want.deepCopy().put("consumerGroup", "g 1"), written(new AckBatchBody(items, "g 1")));
        assertEquals(want, written(new AckBatchBody(items, "")), "an empty group is not sent");
    }

    @Test
    void acksNeedingNoEscapesAreWrittenVerbatimInTheReferenceFieldOrder() throws IOException {
        List<AckItem> items = List.of(
                new AckItem("t1", "p1", "l1", "completed", null),
                new AckItem("t2", "p1", "", "failed", "no lease"),
                new AckItem("t3", "p2", null, "completed", null));
        String acks = "{\"acknowledgments\":[{\"transactionId\":\"t1\",\"partitionId\":\"p1\",\"leaseId\":\"l1\","
                + "\"status\":\"completed\"},{\"transactionId\":\"t2\",\"partitionId\":\"p1\",\"status\":\"failed\","
                + "\"error\":\"no lease\"},{\"transactionId\":\"t3\",\"partitionId\":\"p2\",\"status\":\"completed\"}]";
        assertEquals(acks + "}", text(new AckBatchBody(items, null)));
        assertEquals(acks + ",\"consumerGroup\":\"g\\\"1\"}", text(new AckBatchBody(items, "g\"1")),
                "the group is escaped even when every ack is plain");
    }

    @Test
    void anEmptyBatchIsStillValidJson() throws IOException {
        JsonNode n = written(new AckBatchBody(List.of(), null));
        assertEquals(0, n.get("acknowledgments").size());
    }
}
