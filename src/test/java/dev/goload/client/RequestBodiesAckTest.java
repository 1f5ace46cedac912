package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.RequestBody;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/** The one-ack body is byte for byte what Jackson's generator writes, on its direct path and off it. */
class RequestBodiesAckTest {
    private static String sent(RequestBody body) throws IOException {
        Buffer b = new Buffer();
        body.writeTo(b);
        assertEquals(body.contentLength(), b.size(), "Content-Length must match the bytes written");
        assertEquals(JsonText.MEDIA_TYPE, body.contentType());
        return b.readString(StandardCharsets.UTF_8);
    }

    /** The generator's bytes for the same fields, in the same order and under the same rules. */
    private static String jackson(AckItem a, String group) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = Transport.JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("transactionId", a.transactionId());
            g.writeStringField("partitionId", a.partitionId());
            if (a.sentLeaseId() != null) g.writeStringField("leaseId", a.sentLeaseId());
            g.writeStringField("status", a.status());
            if (a.error() != null) g.writeStringField("error", a.error());
            if (group != null && !group.isEmpty()) g.writeStringField("consumerGroup", group);
            g.writeEndObject();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainIdsAreWrittenAsTheGeneratorWritesThem() throws IOException {
        AckItem[] items = {
                new AckItem("019a-txn-1", "5f1c-partition", "lease-9", "completed", null),
                new AckItem("t", "p", null, "completed", null),
                new AckItem("t", "p", "", "failed", "broker said no"),
                new AckItem("t", "p", "l", "failed", "")};
        for (AckItem a : items) {
            for (String group : new String[] {null, "", "group-1"}) {
                assertEquals(jackson(a, group), sent(RequestBodies.ack(a, group)), a + " group " + group);
            }
        }
        assertEquals("{\"transactionId\":\"t\",\"partitionId\":\"p\",\"leaseId\":\"l\",\"status\":\"completed\","
                + "\"consumerGroup\":\"g\"}", sent(RequestBodies.ack(new AckItem("t", "p", "l", "completed", null), "g")));
    }

    @Test
    void stringsNeedingEscapesStillGetTheGeneratorsBytes() throws IOException {
        AckItem[] items = {
                new AckItem("t\"1", "p", "l", "completed", null),
                new AckItem("t", "p\u00e9", null, "completed", null),
                new AckItem("t", "p", "l\\", "completed", null),
                new AckItem("t", "p", null, "failed", "line\nbreak")};
        for (AckItem a : items) {
            assertEquals(jackson(a, null), sent(RequestBodies.ack(a, null)), a.toString());
        }
        AckItem plain = new AckItem("t", "p", null, "completed", null);
        assertEquals(jackson(plain, "g\t1"), sent(RequestBodies.ack(plain, "g\t1")), "a group needing an escape");
    }
}
