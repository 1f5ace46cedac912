package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The byte primitives the scanners' repeat comparison and whitespace fast path rest on. */
class JsonBytesTest {
    @Test
    void sameFindsEveryDifferenceAtEveryLengthAndOffset() {
        for (int n = 0; n <= 100; n++) {
            byte[] b = new byte[2 * n + 3];
            for (int k = 0; k < n; k++) {
                b[k] = (byte) ('a' + k % 26);
                b[n + 3 + k] = b[k];
            }
            assertTrue(JsonBytes.same(b, 0, n, n + 3), "length " + n);
            for (int k = 0; k < n; k++) {
                b[n + 3 + k] ^= 1;
                assertFalse(JsonBytes.same(b, 0, n, n + 3), "length " + n + ", difference at " + k);
                b[n + 3 + k] ^= 1;
            }
        }
    }

    @Test
    void whitespaceIsSkippedAndAnythingElseStops() {
        byte[] b = " \t\r\n x\u0001\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(5, JsonBytes.ws(b, b.length, 0));
        assertEquals(5, JsonBytes.ws(b, b.length, 5));
        assertEquals(6, JsonBytes.ws(b, b.length, 6), "a control byte is not whitespace");
        assertEquals(7, JsonBytes.ws(b, b.length, 7), "nor is a byte above 0x7F");
        assertEquals(b.length, JsonBytes.ws(b, b.length, b.length));
        assertEquals(2, JsonBytes.ws("  ".getBytes(StandardCharsets.US_ASCII), 2, 0));
        assertEquals(3, JsonBytes.ws(b, 3, 0), "the text ends at its length, not at the array's");
    }
}
