package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A few closed-loop workers run on platform daemon threads, many on virtual threads. */
class WorkerThreadsTest {
    @Test
    void aFewWorkersGetPlatformDaemonThreads() {
        for (int workers : new int[] {1, 2, WorkerThreads.PLATFORM_MAX}) {
            Thread t = WorkerThreads.builder(workers).unstarted(() -> { });
            assertFalse(t.isVirtual(), workers + " workers");
            assertTrue(t.isDaemon(), "a stuck worker must not keep the process alive");
        }
    }

    @Test
    void manyWorkersGetVirtualThreads() {
        assertTrue(WorkerThreads.builder(WorkerThreads.PLATFORM_MAX + 1).unstarted(() -> { }).isVirtual());
        assertTrue(WorkerThreads.builder(10_000).unstarted(() -> { }).isVirtual());
    }
}
