package dev.goload.client;

import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static org.junit.jupiter.api.Assertions.*;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The keep-alive guarantee, the same on both engines: a request whose <em>reused</em> socket the peer had closed
 * before answering is sent once more on a fresh socket and counted as a reconnect, never as an error or a retry;
 * never for a fresh socket, never once an answer byte arrived, never twice. And sockets idle for the client's
 * idle timeout are not reused.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(HttpEngine.class)
class KeepAliveReconnectTest extends Http1EngineTestSupport {
    @Parameter
    HttpEngine engine;

    private QueenClient client() {
        return client(engine, UnaryOperator.identity());
    }

    private static void assertNoErrors(QueenClient c) {
        for (ErrorKind k : ErrorKind.values()) assertEquals(0, c.stats().errors(k), k + " errors");
        assertEquals(0, c.stats().retries(), "a reconnect is not a retry");
    }

    @Test
    void socketThePeerClosedWhileIdleIsReplacedOnce() throws InterruptedException {
        server.script(sendAndClose(ok(HEALTH))); // no Connection: close: the client pools the socket
        try (QueenClient c = client()) {
            c.health();
            await("the server to close the idle socket", () -> server.closedByServer() == 1);
            assertEquals("{}", c.health().toString());
            assertEquals(1, c.stats().reconnects());
            assertEquals(2, c.stats().requests());
            assertNoErrors(c);
        }
        assertEquals(2, server.accepted(), "the re-send went out on a new socket");
        assertEquals(2, server.received().size(), "the stale socket never carried the request");
    }

    @Test
    void reusedSocketClosedAfterReadingTheRequestButBeforeAnsweringIsReplacedOnce() {
        server.script(send(ok(HEALTH)), sendAndClose(""));
        try (QueenClient c = client()) {
            c.health();
            assertEquals("{}", c.health().toString());
            assertEquals(1, c.stats().reconnects());
            assertNoErrors(c);
        }
        assertEquals(3, server.received().size());
        assertEquals(1, server.received().get(1).conn(), "the second request was first sent on the reused socket");
        assertEquals(2, server.received().get(2).conn(), "and then once on a fresh one");
    }

    @Test
    void freshSocketClosedBeforeAnsweringIsAnErrorNotAReconnect() {
        server.script(sendAndClose(""));
        try (QueenClient c = client()) {
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            assertEquals(0, c.stats().reconnects());
        }
        assertEquals(1, server.received().size(), "a fresh socket's failure is never re-sent");
    }

    @Test
    void reusedSocketClosedAfterPartOfTheAnswerIsAnErrorNotAReconnect() {
        server.script(send(ok(HEALTH)), sendAndClose("HTTP/1.1 200 OK\r\nContent-Len"));
        try (QueenClient c = client()) {
            c.health();
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            assertEquals(0, c.stats().reconnects(), "an answer byte arrived: the broker saw the request");
        }
        assertEquals(2, server.received().size());
    }

    @Test
    void theReSendIsNeverReSentAgain() {
        server.script(send(ok(HEALTH)), sendAndClose(""), sendAndClose(""));
        try (QueenClient c = client()) {
            c.health();
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            assertEquals(1, c.stats().reconnects());
            assertEquals(1, c.stats().errors(ErrorKind.CONN));
        }
        assertEquals(3, server.received().size(), "one first send, one re-send, nothing more");
    }

    @Test
    void aPushIsReSentWithTheSameBytes() {
        server.script(send(ok(HEALTH)), sendAndClose(""), send(RawHttpServer.answer("201 Created",
                "[{\"index\":0,\"status\":\"queued\",\"transaction_id\":\"t1\"}]")));
        try (QueenClient c = client()) {
            c.health();
            c.push(java.util.List.of(new PushItem("q", "p", "{\"a\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_8), "t1", null)));
            assertEquals(1, c.stats().reconnects());
            assertNoErrors(c);
        }
        var r = server.received();
        assertArrayEquals(r.get(1).body(), r.get(2).body(), "the re-send carries the same transaction ids");
    }

    @Test
    void socketIdleForTheIdleTimeoutIsClosedNotReused() throws InterruptedException {
        try (QueenClient c = client(engine, cfg -> cfg.withIdleTimeoutMillis(100))) {
            c.health();
            Thread.sleep(250); // at least the idle timeout: the socket must not be taken again
            c.health();
            assertEquals(2, server.accepted());
            assertEquals(0, c.stats().reconnects());
            await("the expired socket to be closed", () -> server.closedByClient(1));
        }
    }

    @Test
    void socketIdleBelowTheIdleTimeoutIsReused() {
        try (QueenClient c = client(engine, cfg -> cfg.withIdleTimeoutMillis(60_000))) {
            for (int i = 0; i < 3; i++) c.health();
            assertEquals(1, server.accepted());
        }
    }
}
