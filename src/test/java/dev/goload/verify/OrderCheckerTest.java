package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OrderCheckerTest {
    private final OrderChecker checker = new OrderChecker(List.of("cg0", "cg1"), 1000);

    @Test
    void inOrderDeliveriesPass() {
        for (int s = 0; s < 5; s++) checker.observe(0, "s1", s, 0);
        OrderVerdict v = checker.verdict();
        assertTrue(v.pass());
        assertEquals(5, v.inOrder());
        assertEquals(0, v.violations());
    }

    @Test
    void redeliveryOfSeenSequencesIsADupNotAFailure() {
        for (int s = 0; s < 3; s++) checker.observe(0, "s1", s, 0);
        for (int s = 0; s < 3; s++) checker.observe(0, "s1", s, 1); // whole batch redelivered after a failed ack
        checker.observe(0, "s1", 3, 0);
        OrderVerdict v = checker.verdict();
        assertTrue(v.pass(), v.reason());
        assertEquals(4, v.inOrder());
        assertEquals(3, v.dups());
    }

    @Test
    void gapFailsWithASampleAndResyncs() {
        checker.observe(1, "s7", 0, 0);
        checker.observe(1, "s7", 3, 2);
        checker.observe(1, "s7", 4, 0);
        OrderVerdict v = checker.verdict();
        assertFalse(v.pass());
        assertEquals(1, v.violations());
        assertEquals(2, v.inOrder(), "resynced to 4 after the violation");
        assertEquals(List.of("cg1 part=s7 expected=1 got=3 gap=2 retry=2"), v.samples());
    }

    @Test
    void samplesUseAsciiDigitsWhateverTheHostLocale() {
        java.util.Locale host = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("ar-EG"));
            checker.observe(0, "s7", 12, 0);
        } finally {
            java.util.Locale.setDefault(host);
        }
        assertEquals(List.of("cg0 part=s7 expected=0 got=12 gap=12 retry=0"), checker.verdict().samples());
    }

    @Test
    void reorderIsOneViolationPlusOneDup() {
        checker.observe(0, "s1", 0, 0);
        checker.observe(0, "s1", 2, 0);
        checker.observe(0, "s1", 1, 0);
        OrderVerdict v = checker.verdict();
        assertFalse(v.pass());
        assertEquals(1, v.violations());
        assertEquals(1, v.dups());
    }

    @Test
    void missingHeadOfAPartitionIsAViolation() {
        checker.observe(0, "s9", 5, 0);
        assertEquals(1, checker.verdict().violations());
    }

    @Test
    void groupsAndPartitionsAreCheckedIndependently() {
        checker.observe(0, "s1", 0, 0);
        checker.observe(1, "s1", 0, 0);
        checker.observe(0, "s2", 0, 0);
        checker.observe(0, "s1", 1, 0);
        assertTrue(checker.verdict().pass());
        assertEquals(4, checker.verdict().inOrder());
    }

    @Test
    void nothingCheckedIsNotAPass() {
        OrderVerdict v = checker.verdict();
        assertFalse(v.pass());
        assertEquals("no delivery was checked", v.reason());
    }

    @Test
    void samplesAreCappedAtTwentyButViolationsAreAllCounted() {
        for (int p = 0; p < 30; p++) checker.observe(0, "s" + p, 1, 0);
        OrderVerdict v = checker.verdict();
        assertEquals(30, v.violations());
        assertEquals(OrderChecker.MAX_SAMPLES, v.samples().size());
    }

    @Test
    void memoryIsBoundedAndEvictedPartitionsAreUnjudgedNotFailed() {
        OrderChecker small = new OrderChecker(List.of("cg0"), 16);
        for (int p = 0; p < 100; p++) small.observe(0, "s" + p, 0, 0);
        for (int p = 0; p < 100; p++) small.observe(0, "s" + p, 1, 0);
        OrderVerdict v = small.verdict();
        assertTrue(v.evicted() > 0);
        assertTrue(v.unjudged() > 0, "a forgotten partition resumes unjudged");
        assertEquals(0, v.violations());
        assertEquals(200, v.inOrder() + v.unjudged());
    }

    @Test
    void concurrentObserversOfDistinctPartitionsLoseNoCount() throws Exception {
        Thread[] ts = new Thread[8];
        for (int t = 0; t < ts.length; t++) {
            int id = t;
            ts[t] = Thread.ofVirtual().start(() -> {
                for (int s = 0; s < 1000; s++) checker.observe(id % 2, "p" + id, s, 0);
            });
        }
        for (Thread t : ts) t.join();
        assertEquals(8000, checker.verdict().inOrder());
        assertTrue(checker.verdict().pass());
    }
}
