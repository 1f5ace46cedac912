package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class Uuid7Test {

    @Test
    void hasVersion7VariantRfcAndTheCurrentMillisecond() {
        long before = System.currentTimeMillis();
        String s = Uuid7.next();
        long after = System.currentTimeMillis();
        UUID u = UUID.fromString(s);
        assertEquals(7, u.version());
        assertEquals(2, u.variant());
        long ts = u.getMostSignificantBits() >>> 16;
        assertTrue(ts >= before && ts <= after, "timestamp " + ts);
        assertEquals(s, u.toString());
        assertTrue(Uuid7.isUuid(s));
    }

    @Test
    void bitsAreForcedWhateverTheRandomInput() {
        UUID allOnes = UUID.fromString(Uuid7.format(Uuid7.msb(0xFFFF_FFFF_FFFFL, -1), Uuid7.lsb(-1L)));
        assertEquals(7, allOnes.version());
        assertEquals(2, allOnes.variant());
        UUID zeros = UUID.fromString(Uuid7.format(Uuid7.msb(0, 0), Uuid7.lsb(0)));
        assertEquals("00000000-0000-7000-8000-000000000000", zeros.toString());
    }

    @Test
    void idsAreUniqueAndOrderedByMillisecond() {
        Set<String> seen = new HashSet<>();
        String prev = "";
        for (int i = 0; i < 100_000; i++) {
            String s = Uuid7.next();
            assertTrue(seen.add(s));
            assertTrue(s.substring(0, 13).compareTo(prev) >= 0);
            prev = s.substring(0, 13);
        }
    }

    @Test
    void aFilledBatchIsDistinctVersion7IdsOfTheCurrentMillisecond() {
        long before = System.currentTimeMillis();
        byte[] bytes = new byte[1000 * 36];
        Uuid7.fill(bytes, 1000);
        long after = System.currentTimeMillis();
        String[] ids = new String[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = new String(bytes, i * 36, 36, java.nio.charset.StandardCharsets.US_ASCII);
        }
        assertEquals(ids.length, Set.of(ids).size());
        for (String s : ids) {
            UUID u = UUID.fromString(s);
            assertEquals(7, u.version(), s);
            assertEquals(2, u.variant(), s);
            assertEquals(s, u.toString());
            long ts = u.getMostSignificantBits() >>> 16;
            assertTrue(ts >= before && ts <= after, "timestamp " + ts);
        }
    }

    @Test
    void rejectsNonUuids() {
        assertFalse(Uuid7.isUuid("not-a-uuid"));
        assertFalse(Uuid7.isUuid("0192f1d2-0000-7000-8000-00000000000g"));
        assertFalse(Uuid7.isUuid("0192f1d20000-7000-8000-0000000000001"));
        assertThrows(IllegalArgumentException.class, () -> new PushItem("q", null, new byte[] {'1'}, null, "trace-1"));
    }
}
