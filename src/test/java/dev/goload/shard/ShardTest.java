package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShardTest {

    @Test
    void sharesSumToTheTotalExactlyWithTheRemainderOnTheLowestIndexes() {
        for (int n = 1; n <= 9; n++) {
            for (long total : new long[] {0, 1, 7, 100, 600_000, 1_000_003}) {
                long sum = 0;
                long min = Long.MAX_VALUE;
                long max = 0;
                for (int i = 0; i < n; i++) {
                    long s = new Shard(i, n).share(total);
                    sum += s;
                    min = Math.min(min, s);
                    max = Math.max(max, s);
                    if (i > 0) assertTrue(new Shard(i - 1, n).share(total) >= s, "lower indexes take the remainder");
                }
                assertEquals(total, sum, total + " over " + n);
                assertTrue(max - min <= 1, "parts differ by at most one");
            }
        }
        assertEquals(3, new Shard(0, 4).share(10));
        assertEquals(3, new Shard(1, 4).share(10));
        assertEquals(2, new Shard(2, 4).share(10));
        assertEquals(2, new Shard(3, 4).share(10));
    }

    @Test
    void everyItemBelongsToExactlyOneShardAndOwnedCountsMatchShares() {
        int n = 4;
        for (long item = 0; item < 103; item++) {
            int owners = 0;
            for (int i = 0; i < n; i++) {
                if (new Shard(i, n).owns(item)) owners++;
            }
            assertEquals(1, owners, "item " + item);
        }
        for (int i = 0; i < n; i++) {
            Shard s = new Shard(i, n);
            long count = 0;
            for (long item = 0; item < 103; item++) if (s.owns(item)) count++;
            assertEquals(s.owned(103), count);
            assertTrue(s.owns(s.item(0)) && s.owns(s.item(5)));
        }
        assertTrue(Shard.SINGLE.owns(12345) && Shard.SINGLE.share(77) == 77 && !Shard.SINGLE.sharded());
    }

    @Test
    void parsesTheFlagAndTheJobIndexAndRejectsNonsenseWithAMessage() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4"));
        assertEquals("2/4", Shard.parse("2/4").toString());
        assertEquals(new Shard(3, 8), Shard.ofJobIndex(8, "3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("4/4")).getMessage()
                .contains("0..3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("a/4")).getMessage()
                .contains("I/N"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("2"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("0/0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.ofJobIndex(4, null)).getMessage()
                .contains("JOB_COMPLETION_INDEX"));
        assertThrows(IllegalArgumentException.class, () -> Shard.ofJobIndex(4, "x"));
        assertFalse(new Shard(0, 1).sharded());
    }
}
