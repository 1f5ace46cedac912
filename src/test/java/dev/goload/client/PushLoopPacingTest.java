package dev.goload.client;

import static dev.goload.client.PushLoopDriver.ONE_QUEUED;
import static dev.goload.client.RawHttpServer.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * The loop drives the real {@link OpenLoopPacer} on an injected clock: it offers exactly what the clock says is due,
 * launches with the scheduled instant (behind and cap shedding unchanged), and sends each launch at once.
 */
class PushLoopPacingTest extends Http1EngineTestSupport {
    private static final long MS = 1_000_000L;

    /** Counts what the pacer decided and what the loop answered; releases the slot on each outcome. */
    private static final class Sink implements OpenLoopPacer.Sink, PushLoop.Listener<Long> {
        final AtomicLongArray counts = new AtomicLongArray(5); // launched, behind, cap, answered, failed
        final ConcurrentLinkedQueue<Long> scheduled = new ConcurrentLinkedQueue<>();
        final InflightLimit limit;
        PushLoop<Long> loop;

        Sink(int cap) {
            limit = new InflightLimit(cap);
        }

        @Override
        public void launch(long seq, long scheduledNanos, long nowNanos) {
            counts.incrementAndGet(0);
            scheduled.add(scheduledNanos);
            loop.push("q", "p", PushLoopDriver.PAYLOAD, 1, seq);
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            counts.incrementAndGet(reason == ShedReason.BEHIND ? 1 : 2);
        }

        @Override
        public void sending(Long seq) {
        }

        @Override
        public void answered(Long seq, PushResult result) {
            limit.release();
            counts.incrementAndGet(3);
        }

        @Override
        public void failed(Long seq, QueenException failure) {
            limit.release();
            counts.incrementAndGet(4);
        }
    }

    @Test
    void theLoopOffersExactlyWhatTheInjectedClockMakesDueAndShedsAsThePacerDecides() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        AtomicLong now = new AtomicLong(1_000 * MS);
        Sink sink = new Sink(1_000);
        // 1,000 req/s from t=1 s, behind threshold 50 ms, no end
        OpenLoopPacer pacer = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1_000, 0)), 1_000 * MS,
                Long.MAX_VALUE, 50 * MS, sink.limit, sink);
        try (QueenClient c = http1()) {
            sink.loop = c.pushLoop(now::get, 1, sink);
            sink.loop.start(pacer::advance);
            await("the request due at t=1 s", () -> sink.counts.get(3) == 1);
            now.set(1_009 * MS); // due: t = 1.001 … 1.009 s
            await("nine more answered", () -> sink.counts.get(3) == 10);
            assertEquals(10, pacer.offered());
            now.set(1_200 * MS); // a 191 ms jump: 141 of the 191 now due are beyond the 50 ms threshold
            await("the jump offered", () -> pacer.offered() == 201);
            await("the rest answered", () -> sink.counts.get(3) == sink.counts.get(0));
            assertEquals(140, sink.counts.get(1), "shed as behind: due at 1.010 … 1.149 s, more than 50 ms late");
            assertEquals(61, sink.counts.get(0), "launched: the first 10, then those at 1.150 … 1.200 s");
            assertEquals(0, sink.counts.get(2));
            assertEquals(1_000 * MS, sink.scheduled.peek(), "launched with its scheduled instant");
            assertTrue(sink.loop.stopOffering(5_000));
            assertEquals(61, c.stats().requests());
            assertEquals(0, sink.counts.get(4), "no push failed");
        }
        assertEquals(61, server.received().size());
    }

    @Test
    void aFullCapIsShedAsCapNotQueued() throws Exception {
        server.otherwise(silence());
        AtomicLong now = new AtomicLong(0);
        Sink sink = new Sink(3);
        OpenLoopPacer pacer = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1_000, 0)), 0, Long.MAX_VALUE,
                1_000 * MS, sink.limit, sink);
        try (QueenClient c = http1()) {
            sink.loop = c.pushLoop(now::get, 0, sink);
            sink.loop.start(pacer::advance);
            now.set(9 * MS);
            await("ten offered", () -> pacer.offered() == 10);
            assertEquals(3, sink.counts.get(0));
            assertEquals(7, sink.counts.get(2), "shed as cap");
            server.awaitRequests(3);
        }
        assertEquals(3, sink.counts.get(4), "closing the client cut the three in flight");
    }
}
