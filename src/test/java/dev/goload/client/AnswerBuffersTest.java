package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** The body arrays' pool: a spare is reused when big enough, and what it keeps is bounded per array and in all. */
class AnswerBuffersTest {
    @Test
    void aSpareBigEnoughIsReusedAndOneTooSmallIsReplaced() {
        AnswerBuffers pool = new AnswerBuffers();
        byte[] first = pool.take(100);
        assertEquals(AnswerBuffers.MIN_ARRAY, first.length);
        pool.give(first);
        assertSame(first, pool.take(AnswerBuffers.MIN_ARRAY));
        pool.give(first);
        byte[] bigger = pool.take(AnswerBuffers.MIN_ARRAY + 1);
        assertEquals(2 * AnswerBuffers.MIN_ARRAY, bigger.length, "the next power of two");
        assertEquals(0, pool.spareBytes(), "the small spare was dropped, not kept besides");
        pool.give(bigger);
        assertSame(bigger, pool.take(10), "a bigger spare serves a small answer");
        assertEquals(2, pool.made());
    }

    @Test
    void anArrayAboveTheCapIsNotKept() {
        AnswerBuffers pool = new AnswerBuffers();
        pool.give(new byte[AnswerBuffers.MAX_KEPT + 1]);
        assertEquals(0, pool.spareBytes());
        byte[] atTheCap = new byte[AnswerBuffers.MAX_KEPT];
        pool.give(atTheCap);
        assertSame(atTheCap, pool.take(1));
    }

    @Test
    void theSparesAreBoundedInAll() {
        AnswerBuffers pool = new AnswerBuffers();
        int arrays = (int) (AnswerBuffers.MAX_SPARE_BYTES / AnswerBuffers.MAX_KEPT) + 3;
        for (int i = 0; i < arrays; i++) pool.give(new byte[AnswerBuffers.MAX_KEPT]);
        assertEquals(AnswerBuffers.MAX_SPARE_BYTES, pool.spareBytes());
        int kept = 0;
        for (int i = 0; i < arrays; i++) if (pool.take(1).length == AnswerBuffers.MAX_KEPT) kept++;
        assertEquals(AnswerBuffers.MAX_SPARE_BYTES / AnswerBuffers.MAX_KEPT, kept);
    }

    @Test
    void theEmptyBodysArrayIsNeverKept() {
        AnswerBuffers pool = new AnswerBuffers();
        pool.give(new byte[0]);
        pool.give(null);
        assertEquals(0, pool.spareBytes());
    }
}
