package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The per-thread counters the floor divides by its requests: read from /proc, summed by thread name. */
class TaskCountersTest {
    @Test
    void aThreadThatParksIsCountedUnderItsNameWithItsVoluntarySwitches() throws Exception {
        if (!java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) return; // Linux only
        CountDownLatch parked = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread t = Thread.ofPlatform().name("tc-probe").start(() -> {
            for (int i = 0; i < 20; i++) java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            parked.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        parked.await();
        TaskCounters after = TaskCounters.snapshot();
        done.countDown();
        t.join();
        long[] v = after.byName.get("tc-probe");
        assertTrue(v != null && v[0] >= 20, "20 parks, each a voluntary switch: " + (v == null ? "none" : v[0]));
    }

    @Test
    void theFiguresAreDividedByTheRequestsAndQuietThreadsLeftOut() {
        TaskCounters before = TaskCounters.of(java.util.Map.of("sender", new long[] {100, 10, 5}, "gc", new long[3]));
        TaskCounters after = TaskCounters.of(java.util.Map.of("sender", new long[] {300, 30, 15}, "gc", new long[3]));
        assertEquals("{\"voluntary\":2.000,\"involuntary\":0.200,\"cpuMicros\":1000.00,"
                + "\"byThread\":{\"sender\":[2.000,0.200,1000.00]}}", TaskCounters.perRequestJson(before, after, 100));
    }
}
