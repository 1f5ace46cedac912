package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StampsTest {
    @Test
    void readsTheStampWrittenByPayloads() {
        byte[] p = new Payloads(16, "goload-ol").stamped(1_764_450_000_123_456_789L);
        assertEquals(1_764_450_000_123_456_789L, Stamps.readLong(p, "ts"));
        assertEquals("{\"data\":\"xxxxxxxxxxxxxxxx\",\"src\":\"goload-ol\",\"ts\":1764450000123456789}",
                new String(p, StandardCharsets.UTF_8));
    }

    @Test
    void absentOrNonNumericIsMinusOne() {
        assertEquals(-1, Stamps.readLong(new Payloads(8, "x").plain(), "ts"));
        assertEquals(-1, Stamps.readLong("{\"ts\":\"12\"}".getBytes(StandardCharsets.UTF_8), "ts"));
        assertEquals(-1, Stamps.readLong(null, "ts"));
        assertEquals(42, Stamps.readLong("{\"a\":1, \"ts\": 42}".getBytes(StandardCharsets.UTF_8), "ts"));
        assertEquals(-1, Stamps.readLong("{\"ts\":".getBytes(StandardCharsets.UTF_8), "ts"), "key at the very end");
    }

    @Test
    void matchesTheWholeKeyNotASuffixOrPrefixOfAnother() {
        byte[] p = "{\"xts\":5,\"tsx\":6,\"ts\":7}".getBytes(StandardCharsets.UTF_8);
        assertEquals(7, Stamps.readLong(p, "ts"));
        assertEquals(5, Stamps.readLong(p, "xts"));
        assertEquals(6, Stamps.readLong(p, "tsx"));
    }
}
