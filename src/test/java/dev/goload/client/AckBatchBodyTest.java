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
    void aStringSharedWithThePreviousAckIsPlainButANewOneIsStillChecked() throws IOException {
        String lease = new String("lease-1");
        String pid = new String("p1");
        List<AckItem> items = new java.util.ArrayList<>();
        ArrayNode acks = RequestBodies.MAPPER.createObjectNode().putArray("acknowledgments");
        for (int i = 0; i < 300; i++) {
            // the batch's partition and lease are one instance each (as the pop decoder hands them out); the last
            // ack brings a new lease instance that needs escaping
            String l = i == 299 ? "lease \"2\"" : lease;
            items.add(new AckItem("t" + i, pid, l, "completed", null));
            acks.add(item("t" + i, pid, l, "completed", null));
        }
        ObjectNode root = RequestBodies.MAPPER.createObjectNode();
        root.set("acknowledgments", acks);
        assertEquals(root, written(new AckBatchBody(items, null)));
        items.set(299, new AckItem("t299", pid, lease, "completed", null));
        String text = text(new AckBatchBody(items, null));
        assertEquals(300, text.split("\\{\"transactionId\"", -1).length - 1);
        assertEquals(RequestBodies.MAPPER.readTree(text).get("acknowledgments").get(299).get("leaseId").asText(), "lease-1");
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
    void aPlainBatchOfManyChunksIsWrittenWholeAndInOrder() throws IOException {
        List<AckItem> items = new java.util.ArrayList<>();
        ArrayNode acks = RequestBodies.MAPPER.createObjectNode().putArray("acknowledgments");
        for (int i = 0; i < 500; i++) {
            // items of varying length, so chunk boundaries fall at every offset of an item
            String error = i % 3 == 0 ? "e".repeat(i % 97) : null;
            String status = error != null ? "failed" : "completed";
            items.add(new AckItem("t" + i, "p1", i % 2 == 0 ? "l1" : null, status, error));
            acks.add(item("t" + i, "p1", i % 2 == 0 ? "l1" : null, status, error));
        }
        ObjectNode root = RequestBodies.MAPPER.createObjectNode();
        root.set("acknowledgments", acks);
        assertEquals(root, written(new AckBatchBody(items, null)));
        assertEquals(root.deepCopy().put("consumerGroup", "g"), written(new AckBatchBody(items, "g")));
    }

    @Test
    void anEmptyBatchIsStillValidJson() throws IOException {
        JsonNode n = written(new AckBatchBody(List.of(), null));
        assertEquals(0, n.get("acknowledgments").size());
    }
}
