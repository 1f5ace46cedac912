package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PartitionPickerTest {
    @Test
    void wholeSpaceIsPlainRoundRobinStartingAtP1() {
        var p = new PartitionPicker(4, 0, "rotate");
        assertEquals("p1", p.next(0));
        assertEquals("p2", p.next(0));
        assertEquals("p3", p.next(0));
        assertEquals("p0", p.next(0));
    }

    @Test
    void writesExactlyActiveDistinctPartitionsPerSecondAndCoversTheSpace() {
        for (String policy : new String[] {"rotate", "scatter"}) {
            var p = new PartitionPicker(100, 10, policy);
            Set<String> all = new HashSet<>();
            for (int sec = 0; sec < 10; sec++) {
                Set<String> thisSecond = new HashSet<>();
                for (int i = 0; i < 1000; i++) {
                    thisSecond.add(p.next(sec));
                }
                assertEquals(10, thisSecond.size(), policy + " second " + sec);
                all.addAll(thisSecond);
            }
            assertEquals(100, all.size(), policy + ": whole space after space/active seconds");
        }
    }

    @Test
    void scatterSpreadsTheWindowOverAtLeastHalfTheSpace() {
        var p = new PartitionPicker(100, 10, "scatter");
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < 100; i++) {
            int n = Integer.parseInt(p.next(3).substring(1));
            min = Math.min(min, n);
            max = Math.max(max, n);
        }
        assertTrue(max - min >= 50, "span " + (max - min));
        assertEquals(1, gcd(PartitionPicker.scatterMultiplier(100), 100));
    }

    @Test
    void rejectsAnEmptySpace() {
        assertThrows(IllegalArgumentException.class, () -> new PartitionPicker(0, 0, "rotate"));
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
