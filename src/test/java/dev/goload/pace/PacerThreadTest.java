package dev.goload.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PacerThreadTest {
    private static final long S = 1_000_000_000L;

    @Test
    void stopAfterTheEndStillOffersEveryRequestThatFellDue() throws Exception {
        // A timed run stops the pacer at its end instant. A pacer parked (or late) at that moment must still offer
        // every request that was due before the end: otherwise they are counted neither offered nor shed.
        AtomicLong now = new AtomicLong(0);
        NanoClock clock = now::get;
        InflightLimit limit = new InflightLimit(1_000_000);
        AtomicLong launched = new AtomicLong();
        OpenLoopPacer pacer = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1, 0)), 0, 10 * S, 60 * S,
                limit, (seq, scheduled, at) -> {
                    launched.incrementAndGet();
                    limit.release();
                });
        PacerThread t = new PacerThread("test-pacer", pacer, clock).start();
        long deadline = System.nanoTime() + 10 * S;
        while (pacer.offered() < 1) {
            assertTrue(System.nanoTime() < deadline, "the first request is due at once");
            Thread.sleep(1);
        }
        now.set(10 * S); // the run's end: requests 1..9 fell due while the thread was parked for ~1 s
        t.stop();
        assertTrue(t.join(5_000));
        assertEquals(10, pacer.offered(), "offered == F(duration)");
        assertEquals(10, launched.get(), "every one launched, none shed");
    }
}
