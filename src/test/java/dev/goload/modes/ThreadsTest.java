package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** One deadline for all the threads of a shutdown, not one per thread. */
class ThreadsTest {
    @Test
    void trueWhenEveryThreadEndsFalseWhenOneOutlivesTheDeadline() throws Exception {
        Thread quick = Thread.ofVirtual().start(() -> { });
        assertTrue(Threads.joinAll(List.of(quick), 10_000));

        CountDownLatch release = new CountDownLatch(1);
        Thread stuck = Thread.ofVirtual().start(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread done = Thread.ofVirtual().start(() -> { });
        assertFalse(Threads.joinAll(List.of(done, stuck), 100), "the stuck thread outlived the deadline");
        assertTrue(stuck.isAlive());
        release.countDown();
        assertTrue(Threads.joinAll(List.of(done, stuck), 10_000));
        assertFalse(Threads.joinAll(List.of(Thread.ofVirtual().unstarted(() -> { })), 0), "no time left");
    }
}
