package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.Uuid7;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CloudTxnIdsTest {

    @Test
    void anIdIsRecomputableFromTenantAndSeqAndUniqueWithinTheRun() {
        CloudTxnIds ids = new CloudTxnIds(1_764_579_600_000L, 0x5A5A5L);
        CloudTxnIds same = new CloudTxnIds(1_764_579_600_000L, 0x5A5A5L);
        Set<String> seen = new HashSet<>();
        for (int t = 0; t < 3; t++) {
            for (long s = 1; s <= 1000; s++) {
                String id = ids.of(t, s);
                assertEquals(id, same.of(t, s));
                assertTrue(seen.add(id), "unique: " + id);
                assertTrue(Uuid7.isUuid(id), id);
            }
        }
        assertEquals(3000, seen.size());
    }

    private static CloudTxnIds ids(long start) {
        return new CloudTxnIds(start, 7);
    }

    @Test
    void theIdIsAUuidV7CarryingTheRunStartAndDistinctAcrossRuns() {
        long start = 1_764_579_600_000L;
        UUID u = UUID.fromString(new CloudTxnIds(start, 1).of(2, 42));
        assertEquals(7, u.version());
        assertEquals(2, u.variant());
        assertEquals(start, u.getMostSignificantBits() >>> 16);
        assertNotEquals(new CloudTxnIds(start, 1).of(2, 42), new CloudTxnIds(start, 2).of(2, 42),
                "another run's nonce: another id");
        assertNotEquals(new CloudTxnIds(start, 1).of(2, 42), new CloudTxnIds(start, 1L << 12).of(2, 42),
                "the nonce's high bits count too");
        assertNotEquals(ids(start).of(2, 42), ids(start).of(2 + (1 << 14), 42), "tenant indices beyond 14 bits");
    }
}
