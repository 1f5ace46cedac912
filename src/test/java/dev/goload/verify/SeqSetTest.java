package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** SeqSet (and the SeqBitmap under it) agree with a plain sorted set on random members and ranges. */
class SeqSetTest {
    @Test
    void agreesWithASortedSetOnRandomMembersAndRanges() {
        Random r = new Random(42);
        for (int round = 0; round < 50; round++) {
            long expectedMax = r.nextInt(5000);
            SeqSet s = new SeqSet(expectedMax);
            TreeSet<Long> ref = new TreeSet<>();
            for (int i = 0; i < 3000; i++) {
                // mostly inside the expected range, some past it, a few far beyond (the overflow set)
                long seq = switch (r.nextInt(10)) {
                    case 0 -> expectedMax + 70_000 + r.nextInt(1_000_000);
                    case 1 -> Integer.MAX_VALUE * 100L + r.nextInt(5);
                    default -> r.nextInt((int) expectedMax + 200);
                };
                assertEquals(ref.add(seq), s.add(seq), "add " + seq);
            }
            assertEquals(ref.size(), s.size());
            for (int q = 0; q < 200; q++) {
                long lo = r.nextInt((int) expectedMax + 300) - 50;
                long hi = r.nextBoolean() ? lo + r.nextInt(400) : lo + r.nextInt(2_000_000);
                long want = ref.subSet(lo, true, hi, true).size();
                assertEquals(want, s.countBetween(lo, hi), "countBetween " + lo + ".." + hi);
                long absent = -1;
                for (long v = Math.max(lo, 0); v <= Math.min(hi, lo + 500); v++) {
                    if (!ref.contains(v)) {
                        absent = v;
                        break;
                    }
                }
                if (lo >= 0 && (absent >= 0 || hi <= lo + 500)) {
                    assertEquals(absent, s.firstAbsent(lo, hi), "firstAbsent " + lo + ".." + hi);
                }
                assertEquals(ref.contains(lo), s.contains(lo));
            }
        }
    }

    @Test
    void countBetweenOnTheBitmapCountsInclusiveOneBasedRanges() {
        SeqBitmap b = new SeqBitmap(1);
        for (long s : new long[] {1, 2, 63, 64, 65, 128, 129, 1000}) b.set(s);
        assertEquals(8, b.countBetween(1, 1000));
        assertEquals(3, b.countBetween(63, 65));
        assertEquals(3, b.countBetween(64, 128));
        assertEquals(0, b.countBetween(3, 62));
        assertEquals(1, b.countBetween(1000, 5000));
        assertEquals(0, b.countBetween(10, 5));
    }
}
