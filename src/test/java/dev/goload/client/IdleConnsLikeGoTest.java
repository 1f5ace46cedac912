package dev.goload.client;

import static dev.goload.client.RawHttpServer.ok;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@code -idle-conns N} on the http1 engine is Go's {@code MaxIdleConnsPerHost}: no cap on sockets in use (every
 * request in flight has one), a released socket is kept idle while fewer than N are and closed otherwise, and a
 * request takes an idle socket before it opens one (the warmest first).
 */
class IdleConnsLikeGoTest extends Http1EngineTestSupport {
    private final AtomicReference<CountDownLatch> hold = new AtomicReference<>(new CountDownLatch(0));

    private void holdAnswers() {
        hold.set(new CountDownLatch(1));
    }

    /** Runs {@code n} health calls at once and waits until the server holds all of them. */
    private List<Thread> inFlight(QueenClient c, int n, int alreadyReceived) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) threads.add(Thread.ofVirtual().start(c::health));
        server.awaitRequests(alreadyReceived + n);
        return threads;
    }

    private void answerAll(List<Thread> threads) throws InterruptedException {
        hold.get().countDown();
        for (Thread t : threads) t.join();
    }

    @Test
    void socketsBeyondTheIdleAllowanceAreClosedOnReleaseAndIdleOnesAreReusedBeforeDialling() throws Exception {
        server.otherwise((req, out) -> {
            hold.get().await();
            out.write(ok("{}").getBytes(StandardCharsets.UTF_8));
            return true;
        });
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withIdleConns(2))) {
            ConnectionTally t = c.stats().connections();
            holdAnswers();
            answerAll(inFlight(c, 5, 0));
            assertEquals(5, t.opened(), "no cap on sockets in use: each request in flight had its own");
            assertEquals(5, t.peakOpen());
            assertEquals(3, t.closed(), "released beyond the 2 idle allowed: closed");
            assertEquals(0, t.closedByPeer());
            assertEquals(2, t.open());

            for (int i = 0; i < 4; i++) c.health();
            assertEquals(5, t.opened(), "one at a time: an idle socket every time, nothing dialled");

            holdAnswers();
            answerAll(inFlight(c, 3, 9));
            assertEquals(6, t.opened(), "three at once with two idle: one dial");
            assertEquals(4, t.closed());
            assertEquals(2, t.open());
        }
        assertEquals(6, server.accepted());
    }
}
