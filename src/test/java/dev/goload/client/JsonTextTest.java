package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bulk plain-ASCII check the ack body uses must answer exactly as the char-by-char one, for every char. */
class JsonTextTest {
    @Test
    void bulkPlainCheckAgreesWithTheCharByCharOneForEveryChar() {
        char[] scratch = new char[64];
        String id = "01a2290d-9c40-7000-a3b3-229afefd0001";
        for (int c = 0; c <= 0xFFFF; c++) {
            for (int at : new int[] {0, 17, id.length()}) {
                String s = id.substring(0, at) + (char) c + id.substring(at);
                assertEquals(JsonText.plainAscii(s), JsonText.plainAscii(s, scratch), "char " + c + " at " + at);
            }
        }
        assertTrue(JsonText.plainAscii(id, scratch));
        assertTrue(JsonText.plainAscii("", scratch));
        assertFalse(JsonText.plainAscii("a\"b", scratch));
        assertFalse(JsonText.plainAscii("a\\b", scratch));
        assertFalse(JsonText.plainAscii("caf\u00e9", scratch));
        assertFalse(JsonText.plainAscii("\u0141", scratch), "a char whose low byte is plain ('A')");
        assertFalse(JsonText.plainAscii("x".repeat(100) + "\n", scratch), "longer than the scratch: checked char by char");
        assertTrue(JsonText.plainAscii("x".repeat(100), scratch));
    }
}
