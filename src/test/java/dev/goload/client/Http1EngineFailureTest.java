package dev.goload.client;

import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static dev.goload.client.RawHttpServer.silence;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Engine} when things go wrong: broken answers classified as OkHttp classifies them, deadlines,
 * cancellation, the idle probe and the idle cap.
 */
class Http1EngineFailureTest extends Http1EngineTestSupport {
    // ---- broken answers

    private ErrorKind sameKindAsOkHttp(RawHttpServer.Reply reply) {
        QueenException okhttp = failureOf(HttpEngine.OKHTTP, reply);
        QueenException mine = failureOf(HttpEngine.HTTP1, reply);
        assertEquals(okhttp.kind(), mine.kind(), mine.getMessage() + " vs OkHttp's " + okhttp.getMessage());
        assertEquals(0, mine.status());
        return mine.kind();
    }

    @Test
    void closeBeforeAnyAnswerByteIsAConnErrorLikeOkHttp() {
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose("")));
    }

    @Test
    void closeMidBodyIsAConnErrorLikeOkHttpAndTheNextCallConnectsAfresh() {
        String shortBody = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"status\":";
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose(shortBody)));
        server.script(sendAndClose(shortBody));
        try (QueenClient c = http1()) {
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            int before = server.accepted();
            assertEquals("{}", c.health().toString());
            assertEquals(before + 1, server.accepted());
        }
    }

    @Test
    void announcedLengthFarBeyondTheBodyIsAConnErrorLikeOkHttp() {
        // a broken proxy's length must cost a failed call, not a gigabyte allocation
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose("HTTP/1.1 200 OK\r\nContent-Length: 2000000000\r\n\r\n{}")));
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7FFFFF00\r\n{}")));
    }

    @Test
    void garbageStatusLineFailsLikeOkHttpAndRetiresTheSocket() throws InterruptedException {
        sameKindAsOkHttp(send("HELLO WORLD\r\n\r\n"));
        server.script(send("HELLO WORLD\r\n\r\n"));
        try (QueenClient c = http1()) {
            int before = server.accepted();
            assertNotEquals(ErrorKind.CONN, failure(c::health).kind());
            await("the client to drop the garbled connection", () -> server.closedByClient(before + 1));
            assertEquals("{}", c.health().toString());
            assertEquals(before + 2, server.accepted());
        }
    }

    // ---- deadlines and cancellation

    @Test
    void silentServerTimesOutAndTheNextCallUsesANewConnection() throws InterruptedException {
        server.script(silence());
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withTimeoutMillis(300))) {
            long t0 = System.nanoTime();
            QueenException e = failure(c::health);
            long took = System.nanoTime() - t0;
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(0, e.status());
            assertTrue(took >= Duration.ofMillis(280).toNanos(), "cut before the deadline: " + took);
            await("the timed-out connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
            assertEquals(2, server.accepted());
            assertEquals(1, c.stats().errors(ErrorKind.TIMEOUT));
        }
    }

    @Test
    void bodyThatStallsHalfwayTimesOut() throws InterruptedException {
        server.script(send("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"status\":"));
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withTimeoutMillis(300))) {
            assertEquals(ErrorKind.TIMEOUT, failure(c::health).kind());
            await("the stalled connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
        }
    }

    /** Starts a health call on a virtual thread that the server never answers; returns once it is blocked. */
    private Thread blockedCall(QueenClient c, AtomicReference<QueenException> failure) throws InterruptedException {
        server.script(silence());
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                c.health();
            } catch (QueenException e) {
                failure.set(e);
            }
        });
        server.awaitRequests(1);
        return t;
    }

    /** Starts a call the server never answers, ends it with {@code how}, and checks it ended CANCELED. */
    private void blockedCallEndsCanceled(QueenClient c, java.util.function.BiConsumer<QueenClient, Thread> how)
            throws InterruptedException {
        AtomicReference<QueenException> failure = new AtomicReference<>();
        Thread t = blockedCall(c, failure);
        how.accept(c, t);
        assertTrue(t.join(Duration.ofSeconds(5)), "the cancel did not end the call");
        assertNotNull(failure.get(), "the canceled call returned");
        assertEquals(ErrorKind.CANCELED, failure.get().kind(), failure.get().getMessage());
    }

    @Test
    void cancelAllAbortsABlockedCall() throws InterruptedException {
        try (QueenClient c = http1()) {
            blockedCallEndsCanceled(c, (client, caller) -> client.cancelAll());
            assertEquals("{}", c.health().toString(), "calls after cancelAll run normally");
            assertEquals(2, server.accepted());
        }
    }

    @Test
    void interruptingTheCallerCancelsItsCall() throws InterruptedException {
        try (QueenClient c = http1()) {
            blockedCallEndsCanceled(c, (client, caller) -> caller.interrupt());
            await("the interrupted connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
        }
    }

    @Test
    void interruptingACallOnAReusedSocketIsACancelNeverAReconnect() throws InterruptedException {
        try (QueenClient c = http1()) {
            c.health();
            server.script(silence());
            AtomicReference<QueenException> failure = new AtomicReference<>();
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    c.health();
                } catch (QueenException e) {
                    failure.set(e);
                }
            });
            server.awaitRequests(2); // on the reused socket
            t.interrupt();
            assertTrue(t.join(Duration.ofSeconds(5)), "the interrupt did not end the call");
            assertEquals(ErrorKind.CANCELED, failure.get().kind(), failure.get().getMessage());
            assertEquals(1, server.accepted());
            assertEquals(0, c.stats().reconnects(), "the interrupt closed the socket, not the peer");
            assertEquals(2, server.received().size());
        }
    }

    // ---- idle probe

    /** An HTTP/1 client whose idle connections are probed before every reuse. */
    private QueenClient probingClient() {
        long previous = Http1Engine.setProbeIdleNanosForTests(0);
        try {
            return http1();
        } finally {
            Http1Engine.setProbeIdleNanosForTests(previous);
        }
    }

    @Test
    void probeReplacesAnIdleSocketThePeerClosed() throws InterruptedException {
        server.script(sendAndClose(ok(HEALTH))); // no Connection: close: the client pools the socket
        try (QueenClient c = probingClient()) {
            c.health();
            await("the server to close", () -> server.closedByServer() == 1);
            assertEquals("{}", c.health().toString());
            assertEquals(0, c.stats().errors(ErrorKind.CONN));
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void probeReplacesAnIdleSocketWithUnaskedBytes() throws InterruptedException {
        CountDownLatch answered = new CountDownLatch(1);
        CountDownLatch junkSent = new CountDownLatch(1);
        server.script((req, out) -> {
            out.write(ok(HEALTH).getBytes(UTF_8));
            out.flush();
            answered.await();
            out.write(ok("{\"stray\":true}").getBytes(UTF_8));
            out.flush();
            junkSent.countDown();
            return true;
        });
        try (QueenClient c = probingClient()) {
            c.health();
            answered.countDown();
            assertTrue(junkSent.await(5, TimeUnit.SECONDS));
            assertEquals("{}", c.health().toString(), "the probe let the stray answer through");
            assertEquals(2, server.accepted());
            assertEquals(2, server.last().conn());
        }
    }

    @Test
    void unprobedIdleSocketThePeerClosedIsReplacedAndCountedAsAReconnect() throws InterruptedException {
        // The control for the probe tests: below the probe threshold the engine cannot notice the close before
        // it sends; the EOF before any answer byte on a reused socket sends the request once more on a fresh one.
        server.script(sendAndClose(ok(HEALTH)));
        try (QueenClient c = http1()) {
            c.health();
            await("the server to close", () -> server.closedByServer() == 1);
            assertEquals("{}", c.health().toString());
            assertEquals(2, c.stats().requests(), "the re-send is not a request of its own");
            assertEquals(1, c.stats().reconnects());
            assertEquals(0, c.stats().retries());
            assertEquals(0, c.stats().errors(ErrorKind.CONN));
        }
        assertEquals(2, server.accepted());
    }

    // ---- idle cap

    @Test
    void idleConnectionsBeyondTheCapAreClosed() throws InterruptedException {
        int calls = 5;
        CountDownLatch allArrived = new CountDownLatch(calls);
        server.otherwise((req, out) -> {
            allArrived.countDown();
            allArrived.await(5, TimeUnit.SECONDS);
            out.write(ok(HEALTH).getBytes(UTF_8));
            return true;
        });
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withIdleConns(2))) {
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> error = new AtomicReference<>();
            for (int i = 0; i < calls; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        c.health();
                    } catch (RuntimeException e) {
                        error.set(e);
                    }
                }));
            }
            for (Thread t : threads) assertTrue(t.join(Duration.ofSeconds(10)));
            assertNull(error.get());
            assertEquals(calls, server.accepted(), "the calls ran concurrently");
            await("the surplus connections to be closed", () -> server.closedByClient() == calls - 2);
            server.otherwise(send(ok(HEALTH)));
            for (int i = 0; i < 4; i++) c.health();
            assertEquals(calls, server.accepted(), "the two kept connections are reused");
            assertEquals(calls - 2, server.closedByClient());
        }
        await("close() to release the kept connections", () -> server.closedByClient() == calls);
    }
}
