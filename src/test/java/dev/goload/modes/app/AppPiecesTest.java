package dev.goload.modes.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AppPiecesTest {

    @Test
    void zipfIsDeterministicSkewedAndInRange() {
        ZipfSampler a = new ZipfSampler(1.1, 99, 7);
        ZipfSampler b = new ZipfSampler(1.1, 99, 7);
        long[] hist = new long[100];
        for (int i = 0; i < 100_000; i++) {
            long k = a.next();
            assertEquals(k, b.next());
            assertTrue(k >= 0 && k <= 99);
            hist[(int) k]++;
        }
        assertTrue(hist[0] > hist[1] && hist[1] > hist[5] && hist[5] > hist[50], "rank 0 hottest");
        assertTrue(hist[0] > 100_000 / 10, "strong skew at s=1.1");
    }

    @Test
    void skewAtMostOneIsUniform() {
        ZipfSampler u = new ZipfSampler(1.0, 9, 1);
        long[] hist = new long[10];
        for (int i = 0; i < 50_000; i++) hist[(int) u.next()]++;
        for (long h : hist) assertTrue(h > 4000 && h < 6000, "uniform: " + h);
    }

    @Test
    void everySessionHasExactlyOneWriterAndChurnNeverChangesIt() {
        SessionPlan plan = new SessionPlan(10, 3);
        Set<Long> seen = new HashSet<>();
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < plan.slots(p); i++) assertTrue(seen.add(plan.session(p, i, 0)));
        }
        assertEquals(Set.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), seen);
        for (long rotated = 0; rotated < 50; rotated++) {
            for (int p = 0; p < 3; p++) {
                for (int i = 0; i < plan.slots(p); i++) assertEquals(p, plan.session(p, i, rotated) % 3);
            }
        }
        assertTrue(plan.session(0, 0, 4) > plan.session(0, 0, 0), "rotation moves the window forward");
    }

    @Test
    void stuckPartitionsFollowFnvHashAndSlowMessagesTakeTheirTime() {
        assertEquals(0x811c9dc5, WorkModel.fnv1a32(""));
        assertEquals(0xe40c292c, WorkModel.fnv1a32("a"));
        assertEquals(0xa04c3935, WorkModel.fnv1a32("s1\u00e9"), "non-ASCII names hash their UTF-8 bytes");
        assertFalse(WorkModel.stuck("s1", 0));
        assertTrue(WorkModel.stuck("s1", 100));
        WorkModel w = new WorkModel(20, 0.5, 500, 0, 3000);
        assertEquals(30, w.workMillis(false, "s1", 1.0));
        assertEquals(10, w.workMillis(false, "s1", -1.0));
        assertEquals(500, w.workMillis(true, "s1", 0));
        assertEquals(3000, new WorkModel(20, 0, 500, 100, 3000).workMillis(false, "s1", 0));
    }

    @Test
    void payloadRoundTripsItsStampsAndKnowsItsRun() {
        AppPayload runA = new AppPayload("run-a");
        byte[] b = runA.stage1(1_700_000_000_123_456_789L, 42, true, false, 10);
        assertEquals("{\"pushTs\":1700000000123456789,\"seq\":42,\"poison\":true,\"slow\":false,\"data\":\"xxxxxxxxxx\","
                + "\"src\":\"appload\",\"run\":\"run-a\"}", new String(b, java.nio.charset.StandardCharsets.UTF_8));
        AppPayload.Stamp s = runA.read(b);
        assertEquals(1_700_000_000_123_456_789L, s.pushTs());
        assertEquals(42, s.seq());
        assertTrue(s.poison());
        assertFalse(s.slow());
        assertTrue(s.ours());
        assertFalse(new AppPayload("run-b").read(b).ours());
        assertTrue(runA.read(runA.stage1(1, 2, false, true, 0)).slow());
    }
}
