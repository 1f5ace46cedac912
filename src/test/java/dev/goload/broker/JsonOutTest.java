package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonOutTest {
    @Test
    void everyStringSurvivesARoundTripThroughAJsonParser() throws IOException {
        List<String> strings = List.of("", "plain-ascii 0192f1d2-0000-7000-8000-000000000001", "quote\" back\\slash",
                "ctl\u0001\n\t\u001f del\u007f", "é", "naïve \"q\" \u0002 ☃ 😀 end\\", "x".repeat(300) + "\"" + "é".repeat(50));
        for (String s : strings) {
            // a tiny first buffer, so every escape path also has to grow it
            byte[] json = new JsonOut(1).beginObject().field(s, s).endObject().toBytes();
            JsonNode back = TestClient.JSON.readTree(json);
            assertEquals(s, back.get(s).asText(), new String(json, StandardCharsets.UTF_8));
        }
    }

    @Test
    void commasSeparateValuesAtEveryNestingLevel() {
        byte[] raw = "{\"a\":[1]}".getBytes(StandardCharsets.US_ASCII);
        JsonOut o = new JsonOut(1).beginObject().field("n", -42L).field("b", true).field("s", (String) null);
        o.name("arr").beginArray().value(1).value("two").nullValue().raw(raw).beginObject().endObject().endArray();
        o.name("obj").beginObject().field("x", false).endObject();
        assertEquals("{\"n\":-42,\"b\":true,\"s\":null,\"arr\":[1,\"two\",null,{\"a\":[1]},{}],\"obj\":{\"x\":false}}",
                new String(o.endObject().toBytes(), StandardCharsets.UTF_8));
    }
}
