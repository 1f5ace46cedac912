package dev.goload.client;

import static dev.goload.client.PushLoopDriver.ONE_QUEUED;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 15, the soak's connection churn: a burst (a hiccup's requests, all at once) dials what it needs; a steady rate
 * that needs one socket afterwards keeps the burst's sockets open, so the next burst, coming after the idle timeout,
 * finds them and dials nothing. Pure LIFO reuse let the surplus expire and re-dialled it at every such burst.
 */
class PushLoopChurnTest extends Http1EngineTestSupport {
    private static final int BURST = 4;
    private static final int IDLE_TIMEOUT_MS = 2_000;
    /** The steady phase lasts longer than the idle timeout, with one push in flight at a time. */
    private static final long STEADY_NANOS = IDLE_TIMEOUT_MS * 3L / 2 * 1_000_000L;
    private static final long GAP_NANOS = 20_000_000L;

    /** Answers of a burst wait until its last request arrived, so each request of it holds a socket of its own. */
    private final AtomicInteger burstComplete = new AtomicInteger(BURST);

    /** A burst, a steady rate, a burst; every outcome queued for the test thread. */
    private final class Phases implements PushLoop.Pacer, PushLoop.Listener<Integer> {
        final LinkedBlockingQueue<Object> outcomes = new LinkedBlockingQueue<>();
        final AtomicInteger open = new AtomicInteger();
        final CountDownLatch ended = new CountDownLatch(1);
        volatile long lastOutcome;
        PushLoop<Integer> loop;
        // sender thread only
        int sent;
        long steadyFrom;
        volatile boolean secondBurst;

        @Override
        public long advance(long now) {
            if (open.get() > 0) return now + 1_000_000;
            if (sent == 0) {
                burst();
            } else if (secondBurst) {
                return Long.MAX_VALUE;
            } else if (steadyFrom == 0) {
                steadyFrom = now;
            } else if (now - steadyFrom >= STEADY_NANOS) {
                burstComplete.set(server.received().size() + BURST);
                secondBurst = true;
                burst();
            } else if (now - lastOutcome >= GAP_NANOS) {
                push();
            }
            return now + 1_000_000;
        }

        private void burst() {
            for (int i = 0; i < BURST; i++) push();
        }

        private void push() {
            open.incrementAndGet();
            loop.push("q", "p", PushLoopDriver.PAYLOAD, 1, sent++);
        }

        @Override
        public void sending(Integer tag) {
        }

        @Override
        public void answered(Integer tag, PushResult result) {
            outcome(result);
        }

        @Override
        public void failed(Integer tag, QueenException failure) {
            outcome(failure);
        }

        private void outcome(Object o) {
            lastOutcome = System.nanoTime();
            outcomes.add(o);
            if (open.decrementAndGet() == 0 && secondBurst) ended.countDown();
        }
    }

    @Test
    void aBurstsSocketsServeTheSteadyRateAndTheNextBurstAfterTheIdleTimeoutDialsNothing() throws Exception {
        server.otherwise((req, out) -> {
            server.awaitRequests(burstComplete.get());
            out.write(ONE_QUEUED.getBytes(UTF_8));
            return true;
        });
        Phases p = new Phases();
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withIdleTimeoutMillis(IDLE_TIMEOUT_MS))) {
            p.loop = c.pushLoop(System::nanoTime, 0, p);
            p.loop.start(p);
            assertTrue(p.ended.await(30, TimeUnit.SECONDS), "the three phases ended");
            assertTrue(p.loop.stopOffering(5_000) && p.loop.join(5_000));
            ConnectionTally t = c.stats().connections();
            int pushes = p.outcomes.size();
            for (Object o : p.outcomes) assertInstanceOf(PushResult.class, o, "every push answered");
            assertTrue(pushes >= 2 * BURST + 20, "a steady phase ran between the bursts: " + pushes + " pushes");
            assertEquals(BURST, t.opened(), "the first burst's sockets served everything after it");
            assertEquals(0, t.closed(), "none expired while the steady rate went round them");
            assertEquals(BURST, t.peakOpen());
            assertEquals(0, c.stats().reconnects());
        }
        assertEquals(BURST, server.accepted());
    }
}
