package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StartBarrierTest {
    private final AtomicLong now = new AtomicLong(1_000_000);

    private StartBarrier barrier(int n) {
        return new StartBarrier(n, 2_000, 60_000, now::get);
    }

    private static StartBarrier.Hello hello(int i, int n) {
        return new StartBarrier.Hello(i, n, "run-1", "f1", "host" + i, "inst" + i);
    }

    @Test
    void everyShardGetsOneT0TheLastReadyPlusTheMargin() throws Exception {
        StartBarrier b = barrier(3);
        assertNull(b.register(hello(0, 3)));
        now.addAndGet(500);
        assertNull(b.register(hello(2, 3)));
        now.addAndGet(700);
        StartBarrier.Decision d = b.register(hello(1, 3));
        assertTrue(d.ok());
        assertEquals(1_000_000 + 1_200 + 2_000, d.t0EpochMs());
        assertEquals(3, d.shards().size());
        assertEquals(d, b.await(10));
    }

    @Test
    void theSameLoaderRegisteringAgainIsIdempotent() {
        StartBarrier b = barrier(2);
        assertNull(b.register(hello(0, 2)));
        assertNull(b.register(hello(0, 2)));
        assertTrue(b.register(hello(1, 2)).ok());
        assertTrue(b.register(hello(1, 2)).ok(), "asking again after the decision gets the decision");
    }

    @Test
    void aDuplicateIndexFailsTheRunForEveryShard() throws Exception {
        StartBarrier b = barrier(3);
        b.register(hello(0, 3));
        StartBarrier.Decision d = b.register(new StartBarrier.Hello(0, 3, "run-1", "f1", "other", "instX"));
        assertFalse(d.ok());
        assertTrue(d.error().contains("registered twice"), d.error());
        assertEquals(d, b.await(10), "the first shard, still waiting, gets the failure too");
        assertFalse(b.register(hello(1, 3)).ok());
    }

    @Test
    void anotherConfigurationRunIdOrCountIsRefusedByName() {
        StartBarrier a = barrier(2);
        a.register(hello(0, 2));
        String e = a.register(new StartBarrier.Hello(1, 2, "run-1", "f2", "h", "i")).error();
        assertTrue(e.contains("another configuration") && e.contains("shard 1") && e.contains("shard 0"), e);

        StartBarrier b = barrier(2);
        b.register(hello(0, 2));
        assertTrue(b.register(new StartBarrier.Hello(1, 2, "run-2", "f1", "h", "i")).error().contains("-run-id"));

        StartBarrier c = barrier(2);
        assertTrue(c.register(hello(1, 3)).error().contains("expects 2 shards"));
    }

    @Test
    void shardsNotReadyInTimeAreNamedAndFailTheRun() throws Exception {
        StartBarrier b = barrier(4);
        b.register(hello(0, 4));
        b.register(hello(2, 4));
        assertNull(b.await(0), "before the timeout: still waiting");
        now.addAndGet(60_000);
        StartBarrier.Decision d = b.await(0);
        assertFalse(d.ok());
        assertTrue(d.error().startsWith("shards 1,3 not ready within 60000 ms"), d.error());
    }

    @Test
    void aShardArrivingAfterTheStartIsRefusedWithoutChangingTheStartOfTheOthers() {
        StartBarrier b = barrier(1);
        StartBarrier.Decision d = b.register(hello(0, 1));
        assertTrue(d.ok());
        StartBarrier.Decision late = b.register(new StartBarrier.Hello(0, 1, "run-1", "f1", "late", "other"));
        assertFalse(late.ok());
        assertTrue(late.error().contains("after the start was decided"));
        assertEquals(d, b.decision());
    }
}
