package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.function.IntFunction;
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
        // items of varying length, so chunk boundaries fall at every offset of an item
        manyChunksAreWrittenWholeAndInOrder(i -> i % 3 == 0 ? "e".repeat(i % 97) : null, i -> "p1", "g");
    }

    @Test
    void aBatchNeedingEscapesOfManyChunksIsWrittenWholeAndInOrder() throws IOException {
        // escaped strings (several bytes each) of varying length: chunk boundaries at every offset of an item
        manyChunksAreWrittenWholeAndInOrder(i -> i % 3 == 0 ? "\"\u00e9\n\u2028".repeat(i % 41) : null,
                i -> i % 5 == 0 ? "p\\" + i : "p1", "g\u00e9");
    }

    /** 500 acks, item {@code i} with {@code error(i)} (failed when not null) and partition {@code pid(i)}. */
    private static void manyChunksAreWrittenWholeAndInOrder(IntFunction<String> error, IntFunction<String> pid,
                                                            String group) throws IOException {
        List<AckItem> items = new java.util.ArrayList<>();
        ArrayNode acks = RequestBodies.MAPPER.createObjectNode().putArray("acknowledgments");
        for (int i = 0; i < 500; i++) {
            String e = error.apply(i);
            String status = e != null ? "failed" : "completed";
            items.add(new AckItem("t" + i, pid.apply(i), i % 2 == 0 ? "l1" : null, status, e));
            acks.add(item("t" + i, pid.apply(i), i % 2 == 0 ? "l1" : null, status, e));
        }
        ObjectNode root = RequestBodies.MAPPER.createObjectNode();
        root.set("acknowledgments", acks);
        assertEquals(root, written(new AckBatchBody(items, null)));
        assertEquals(root.deepCopy().put("consumerGroup", group), written(new AckBatchBody(items, group)));
    }

    @Test
    void messagesAreAckedWithTheBytesTheirItemsWouldSend() throws IOException {
        // a popped batch as the scanner hands it out (its ids plain ASCII) and as the Jackson path may (any text)
        List<Message> plain = new java.util.ArrayList<>();
        List<Message> escaped = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String lease = i % 7 == 0 ? "" : i % 5 == 0 ? null : "lease-1";
            plain.add(new Message("01900000-0030-7000-8000-" + String.format(java.util.Locale.ROOT, "%012d", i), "p1",
                    lease, "q", "p0", 0, null));
            escaped.add(new Message(i == 150 ? "t \"quoted\" é" : "t" + i, i == 299 ? "p\u2028" : "p1", lease, "q",
                    "p0", 0, null));
        }
        for (List<Message> ms : List.of(plain, escaped)) {
            for (String status : new String[] {AckItem.COMPLETED, AckItem.FAILED}) {
                List<AckItem> items = new java.util.ArrayList<>();
                for (Message m : ms) items.add(status.equals(AckItem.COMPLETED) ? AckItem.completed(m) : AckItem.failed(m, null));
                for (String group : new String[] {null, "g\"1"}) {
                    String want = text(new AckBatchBody(items, group));
                    assertEquals(want, text(AckBatchBody.of(ms, status, group)));
                    // the scanner's lists: the ids are not checked again, the bytes are the same
                    if (ms == plain) assertEquals(want, text(AckBatchBody.of(new ScannedMessages(ms), status, group)));
                }
            }
        }
    }

    @Test
    void aMessageWithoutItsIdsIsNotAcked() {
        List<Message> ms = List.of(new Message("t1", "p1", "l", "q", "p0", 0, null),
                new Message("t2", null, "l", "q", "p0", 0, null));
        NullPointerException e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> AckBatchBody.of(ms, AckItem.COMPLETED, null));
        assertEquals("partitionId (mandatory on both broker generations)", e.getMessage());
    }

    @Test
    void anEmptyBatchIsStillValidJson() throws IOException {
        JsonNode n = written(new AckBatchBody(List.of(), null));
        assertEquals(0, n.get("acknowledgments").size());
    }
}
