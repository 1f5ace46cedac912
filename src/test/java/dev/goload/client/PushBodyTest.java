package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import okio.Buffer;
import org.junit.jupiter.api.Test;

class PushBodyTest {

    /** The body as okio's sink receives it, checked to be byte for byte what the push loop's buffer receives. */
    private static String write(PushBody b) throws Exception {
        Buffer buf = new Buffer();
        b.writeTo(buf);
        assertEquals(b.contentLength(), buf.size(), "Content-Length must match the streamed bytes");
        ByteBuffer direct = ByteBuffer.allocateDirect((int) b.contentLength());
        b.writeTo(direct);
        assertFalse(direct.hasRemaining(), "the buffer path writes Content-Length bytes too");
        byte[] loop = new byte[direct.flip().remaining()];
        direct.get(loop);
        byte[] sink = buf.readByteArray();
        assertArrayEquals(sink, loop, "the push loop's buffer gets the blocking engines' bytes");
        return new String(sink, StandardCharsets.UTF_8);
    }

    @Test
    void escapesQueueAndPartitionAndKeepsPayloadVerbatim() throws Exception {
        String q = "q\"uo\\te\n\u00e9\u2028";
        PushBody b = PushBody.of(List.of(
                new PushItem(q, null, "{\"x\": [1, 2]}".getBytes(StandardCharsets.UTF_8), "id\"1", null),
                new PushItem(q, null, "\"s\"".getBytes(StandardCharsets.UTF_8), null, "0192f1d2-0000-7000-8000-000000000001")),
                new String[] {"id\"1", "0192f1d2-0000-7000-8000-000000000002"});
        String json = write(b);
        assertTrue(json.contains("\"payload\":{\"x\": [1, 2]}"), json);
        JsonNode n = RequestBodies.MAPPER.readTree(json);
        assertEquals(q, n.at("/items/0/queue").asText());
        assertEquals("Default", n.at("/items/1/partition").asText());
        assertEquals("id\"1", n.at("/items/0/transactionId").asText());
        assertEquals("s", n.at("/items/1/payload").asText());
        assertTrue(n.at("/items/0/traceId").isMissingNode());
        assertEquals("0192f1d2-0000-7000-8000-000000000001", n.at("/items/1/traceId").asText());
    }

    @Test
    void plainIdsOfAnyLengthWithAndWithoutTraceIdsTakeTheByteCopyPath() throws Exception {
        PushBody b = PushBody.of(List.of(
                new PushItem("q", "p", "1".getBytes(StandardCharsets.UTF_8), "short", null),
                new PushItem("q", "p", "2".getBytes(StandardCharsets.UTF_8), "a-much-longer-caller-chosen-id-0001", "0192f1d2-0000-7000-8000-000000000009"),
                new PushItem("q", "p", "3".getBytes(StandardCharsets.UTF_8), "x", null)),
                new String[] {"short", "a-much-longer-caller-chosen-id-0001", "x"});
        String json = write(b);
        assertEquals("{\"items\":[{\"queue\":\"q\",\"partition\":\"p\",\"payload\":1,\"transactionId\":\"short\"},"
                + "{\"queue\":\"q\",\"partition\":\"p\",\"payload\":2,\"transactionId\":\"a-much-longer-caller-chosen-id-0001\","
                + "\"traceId\":\"0192f1d2-0000-7000-8000-000000000009\"},"
                + "{\"queue\":\"q\",\"partition\":\"p\",\"payload\":3,\"transactionId\":\"x\"}]}", json);
    }

    @Test
    void rewritingForARetrySendsIdenticalBytes() throws Exception {
        TransactionIds generated = TransactionIds.generate(3);
        String[] ids = generated.strings();
        byte[] payload = "{\"n\":1}".getBytes(StandardCharsets.UTF_8);
        PushBody b = PushBody.uniformGenerated("orders", "p-1", payload, generated);
        String first = write(b);
        assertEquals(first, write(b));
        JsonNode n = RequestBodies.MAPPER.readTree(first);
        assertEquals(3, n.get("items").size());
        for (int i = 0; i < 3; i++) {
            assertEquals(ids[i], n.at("/items/" + i + "/transactionId").asText(), "the ids a result reports were sent");
            assertTrue(Uuid7.isUuid(ids[i]));
        }
        assertSame(ids, generated.strings(), "the Strings are made once");
        List<PushItem> items = Arrays.stream(ids).map(id -> new PushItem("orders", "p-1", payload, id, null)).toList();
        assertEquals(first, write(PushBody.of(items, ids)),
                "the generated-id path writes the same bytes as the checked path, without checking each id");
    }
}
