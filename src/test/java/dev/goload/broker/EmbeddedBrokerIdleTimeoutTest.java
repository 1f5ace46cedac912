package dev.goload.broker;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.parallel.ExecutionMode.CONCURRENT;

import dev.goload.client.ClientConfig;
import dev.goload.client.ErrorKind;
import dev.goload.client.HttpEngine;
import dev.goload.client.QueenClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code goload broker -idle-timeout}: the broker closes a keep-alive connection that sat idle for the timeout
 * (as uWebSockets does), never one whose request awaits its answer; and goload's client, whichever engine,
 * reports no error for requests spaced below, at and above it.
 *
 * <p>Each method has its own broker and client and mostly sleeps through idle gaps, so the methods run at once
 * ({@code @Execution(CONCURRENT)}; see junit-platform.properties). Gaps keep half a second or more between them
 * and the timeout they must stay below or above (a starved JVM stretches a 100 ms sleep past 300 ms), and the
 * class is tagged {@code solo} (pom.xml): nothing runs beside it.
 */
@Tag("solo")
class EmbeddedBrokerIdleTimeoutTest {
    private static final int IDLE_MS = 300;
    private static final int REQUESTS = 4;

    private EmbeddedBroker broker;

    @BeforeEach
    void start() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(IDLE_MS));
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    /** This method's broker, with another idle timeout. */
    private void restartWithIdleTimeout(int idleMillis) {
        broker.close();
        broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(idleMillis));
    }

    // ---- the server side

    @Execution(CONCURRENT)
    @Test
    void linkIsIdleOnlyWithNoRequestAwaitingItsAnswerForTheWholeTimeout() {
        long d = 300;
        IdleTimeoutFront.Link l = new IdleTimeoutFront.Link(null, null, 1_000);
        assertFalse(l.idleFor(d, 1_000 + d - 1), "a connection that sent nothing yet gets the whole timeout");
        assertTrue(l.idleFor(d, 1_000 + d));
        l.requestBytes(2_000);
        assertFalse(l.idleFor(d, 2_000 + 10 * d), "a request awaiting a slow answer is never idle");
        l.answerBytes(5_000);
        l.touch(5_010);
        assertFalse(l.idleFor(d, 5_010 + d - 1), "the timer restarts when the answer's last byte left");
        assertTrue(l.idleFor(d, 5_010 + d));
    }

    /** Reads until EOF; returns the milliseconds that took. */
    private static long millisUntilClosed(Socket s) throws IOException {
        long t0 = System.nanoTime();
        s.setSoTimeout(10_000);
        InputStream in = s.getInputStream();
        while (in.read() >= 0) {
            // the answer, if any
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    @Execution(CONCURRENT)
    @Test
    void idleConnectionIsClosedByTheBrokerAfterTheTimeoutAndNotBefore() throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", broker.port()));
            s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            long took = millisUntilClosed(s);
            assertTrue(took >= IDLE_MS - 5, "closed " + took + " ms after the answer, before the timeout");
        }
    }

    @Execution(CONCURRENT)
    @Test
    void connectionWhoseRequestAwaitsASlowAnswerIsNotClosed() {
        broker.close();
        broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(IDLE_MS)
                .withResponseDelayMillis(3 * IDLE_MS));
        try (QueenClient c = client(HttpEngine.HTTP1, 60_000)) {
            assertEquals(1, c.push("q", "p", "{}".getBytes(StandardCharsets.UTF_8), 1).queued());
            assertEquals(0, c.stats().reconnects(), "the answer came on the socket the push was sent on");
        }
    }

    // ---- the client against it

    private QueenClient client(HttpEngine engine, int idleTimeoutMillis) {
        return new QueenClient(ClientConfig.of(broker.url()).withHttpEngine(engine).withIdleTimeoutMillis(idleTimeoutMillis));
    }

    /** {@link #REQUESTS} pushes {@code gapMillis} apart; asserts that none failed; returns the client's reconnects. */
    private long pushesSpaced(HttpEngine engine, int clientIdleMillis, int gapMillis) throws InterruptedException {
        try (QueenClient c = client(engine, clientIdleMillis)) {
            for (int i = 0; i < REQUESTS; i++) {
                if (i > 0) Thread.sleep(gapMillis);
                c.push("q", "p", "{}".getBytes(StandardCharsets.UTF_8), 1);
            }
            for (ErrorKind k : ErrorKind.values()) assertEquals(0, c.stats().errors(k), k + " errors");
            assertEquals(REQUESTS, c.stats().requests());
            assertEquals(REQUESTS, broker.stats().pushedMessages(), "each push stored once");
            return c.stats().reconnects();
        }
    }

    @Execution(CONCURRENT)
    @ParameterizedTest
    @EnumSource(HttpEngine.class)
    void requestsSpacedBelowTheBrokerTimeoutReuseTheirSocket(HttpEngine engine) throws InterruptedException {
        restartWithIdleTimeout(10 * IDLE_MS);
        assertEquals(0, pushesSpaced(engine, 60_000, IDLE_MS / 3));
    }

    @Execution(CONCURRENT)
    @ParameterizedTest
    @EnumSource(HttpEngine.class)
    void requestsSpacedAtTheBrokerTimeoutNeverFail(HttpEngine engine) throws InterruptedException {
        long reconnects = pushesSpaced(engine, 60_000, IDLE_MS);
        assertTrue(reconnects <= REQUESTS - 1, "at most one per reused socket: " + reconnects);
    }

    @Execution(CONCURRENT)
    @ParameterizedTest
    @EnumSource(HttpEngine.class)
    void requestsSpacedAboveTheBrokerTimeoutReconnectEachTimeWithoutErrors(HttpEngine engine)
            throws InterruptedException {
        // Every request sent on a reused socket finds it closed. The HTTP/1.1 engine pools the socket of a re-send,
        // so every request after the first is one; OkHttp's re-send socket is not pooled (it goes through a
        // pool-less client), so every other request starts on a new socket of its own.
        long reusedSends = engine == HttpEngine.HTTP1 ? REQUESTS - 1 : REQUESTS / 2;
        restartWithIdleTimeout(IDLE_MS / 3);
        assertEquals(reusedSends, pushesSpaced(engine, 60_000, 2 * IDLE_MS));
    }

    @Execution(CONCURRENT)
    @ParameterizedTest
    @EnumSource(HttpEngine.class)
    void clientIdleTimeoutBelowTheBrokerTimeoutEvictsBeforeTheBrokerCloses(HttpEngine engine)
            throws InterruptedException {
        assertEquals(0, pushesSpaced(engine, IDLE_MS / 2, 2 * IDLE_MS), "evicted, never found stale");
    }
}
