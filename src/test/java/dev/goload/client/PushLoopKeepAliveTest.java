package dev.goload.client;

import static dev.goload.client.PushLoopDriver.ONE_QUEUED;
import static dev.goload.client.RawHttpServer.*;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import dev.goload.client.RawHttpServer.Received;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The push loop's sockets: keep-alive reuse, retirement, the stale-socket resend, the idle cap and timeout, the
 * deadline, the cancel, partial writes, and the request bytes (those of the blocking http1 engine).
 */
class PushLoopKeepAliveTest extends Http1EngineTestSupport {

    private QueenClient client(UnaryOperator<ClientConfig> tweak) {
        return client(HttpEngine.HTTP1, tweak);
    }

    @Test
    void sequentialPushesShareOneSocket() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 5, true).start()) {
            for (int i = 0; i < 5; i++) assertEquals(1, d.nextResult().accepted());
            assertEquals(1, c.stats().connections().opened());
            assertEquals(5, c.stats().requests());
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void aConnectionCloseAnswerRetiresTheSocket() throws Exception {
        server.script(send(answer("201 Created", "[{\"status\":\"queued\"}]", "Connection: close")));
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 2, true).start()) {
            d.nextResult();
            d.nextResult();
            assertEquals(2, c.stats().connections().opened());
            assertEquals(1, c.stats().connections().closed());
            assertEquals(0, c.stats().connections().closedByPeer(), "the loop closed it, on the answer's word");
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void aStaleReusedSocketIsReSentOnceOnAFreshOneWithTheSameBytes() throws Exception {
        server.script(send(ONE_QUEUED), sendAndClose(""), send(ONE_QUEUED));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 2, true).start()) {
            d.nextResult();
            assertEquals(1, d.nextResult().accepted(), "the re-send was answered");
            assertEquals(1, c.stats().reconnects());
            assertEquals(2, c.stats().requests(), "a re-send is not a request of its own");
            assertEquals(1, c.stats().connections().closedByPeer());
            assertTrue(c.stats().errorsByKind().values().stream().allMatch(n -> n == 0));
            assertEquals(2, d.sending, "the listener hears of each push once");
        }
        List<Received> r = server.received();
        assertEquals(3, r.size());
        assertArrayEquals(r.get(1).body(), r.get(2).body(), "the re-send carries the same transaction ids");
        assertEquals(2, r.get(2).conn());
    }

    @Test
    void theReSendIsNeverReSentAgain() throws Exception {
        server.script(send(ONE_QUEUED), sendAndClose(""), sendAndClose(""));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 2, true).start()) {
            d.nextResult();
            assertEquals(ErrorKind.CONN, d.nextFailure().kind());
            assertEquals(1, c.stats().reconnects());
            assertEquals(1, c.stats().errors(ErrorKind.CONN));
        }
        assertEquals(3, server.received().size());
    }

    @Test
    void theIdleCapClosesTheSurplusOnRelease() throws Exception {
        // four pushes at once, answered only once all four arrived: four sockets, one kept
        server.otherwise((req, out) -> {
            server.awaitRequests(4);
            out.write(ONE_QUEUED.getBytes(UTF_8));
            return true;
        });
        try (QueenClient c = client(cfg -> cfg.withIdleConns(1)); PushLoopDriver d = new PushLoopDriver(c, 4, false).start()) {
            for (Object o : d.all()) assertInstanceOf(PushResult.class, o);
            ConnectionTally t = c.stats().connections();
            await("the surplus closed", () -> t.closed() == 3);
            assertEquals(4, t.opened());
            assertEquals(1, t.open());
            assertEquals(0, t.closedByPeer());
        }
    }

    @Test
    void aSocketIdleForTheIdleTimeoutIsClosedNotReused() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = client(cfg -> cfg.withIdleTimeoutMillis(100)); PushLoopDriver d = new PushLoopDriver(c, 2, true)) {
            d.gapNanos = 250_000_000L; // beyond the idle timeout: the socket must not be taken again
            d.start();
            d.nextResult();
            d.nextResult();
            assertEquals(2, c.stats().connections().opened(), "the expired socket was not reused");
            assertEquals(0, c.stats().reconnects());
            await("the expired socket to be closed", () -> server.closedByClient(1));
        }
    }

    @Test
    void aSocketIdleBelowTheIdleTimeoutIsReused() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = client(cfg -> cfg.withIdleTimeoutMillis(60_000)); PushLoopDriver d = new PushLoopDriver(c, 3, true)) {
            d.gapNanos = 50_000_000L;
            d.start();
            for (int i = 0; i < 3; i++) d.nextResult();
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void anIdleSocketThePeerClosesIsCountedClosedByPeerAndNotReused() throws Exception {
        server.script(sendAndClose(answer("201 Created", "[{\"status\":\"queued\"}]")));
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 2, true)) {
            d.gapNanos = 200_000_000L; // the peer's close arrives while the socket is idle
            d.start();
            d.nextResult();
            d.nextResult();
            assertEquals(1, c.stats().connections().closedByPeer());
            assertEquals(0, c.stats().reconnects(), "seen while idle: nothing was sent on it");
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void aPushPastTheDeadlineFailsAsTimeoutAndItsSocketIsClosed() throws Exception {
        server.otherwise(silence());
        QueenException blocking;
        try (QueenClient c = client(cfg -> cfg.withTimeoutMillis(200))) {
            blocking = failure(() -> c.push("q", "p", PushLoopDriver.PAYLOAD, 1));
        }
        try (QueenClient c = client(cfg -> cfg.withTimeoutMillis(200)); PushLoopDriver d = new PushLoopDriver(c, 1, true).start()) {
            QueenException e = d.nextFailure();
            assertEquals(ErrorKind.TIMEOUT, e.kind());
            assertEquals(blocking.getMessage(), e.getMessage());
            assertEquals(1, c.stats().connections().closed());
            assertEquals(0, c.stats().connections().closedByPeer());
            assertEquals(1, c.stats().errors(ErrorKind.TIMEOUT));
        }
    }

    @Test
    void cancelAllCutsWhatIsInFlightAsCanceled() throws Exception {
        server.otherwise(silence());
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 3, false).start()) {
            server.awaitRequests(3);
            c.cancelAll();
            for (Object o : d.all()) assertEquals(ErrorKind.CANCELED, ((QueenException) o).kind());
            assertEquals(3, c.stats().connections().closed());
        }
    }

    @Test
    void aRequestLargerThanTheSocketTakesIsWrittenWholeThroughPartialWrites() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        byte[] big = ("\"" + "x".repeat(8 * 1024 * 1024) + "\"").getBytes(UTF_8);
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 1, true, big).start()) {
            d.nextResult();
        }
        Received r = server.received().getFirst();
        assertEquals(Integer.toString(r.body().length), r.header("Content-Length"));
        assertTrue(new String(r.body(), UTF_8).contains(new String(big, UTF_8)));
    }

    @Test
    void theRequestBytesAreTheBlockingEnginesModuloTransactionIds() throws Exception {
        UnaryOperator<ClientConfig> tweak = cfg -> cfg.withBaseUrl(server.url() + "/queen/").withBearerToken("tok-1")
                .withHostHeader("tenant-a.queen.example").withTenantId("t1").withExtraHeaders(Map.of("X-Trace", "abc"));
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = client(tweak)) {
            c.push("q", "p", PushLoopDriver.PAYLOAD, 1);
        }
        try (QueenClient c = client(tweak); PushLoopDriver d = new PushLoopDriver(c, 1, true).start()) {
            d.nextResult();
        }
        List<Received> r = server.received();
        assertEquals(2, r.size());
        assertEquals(r.get(0).requestLine(), r.get(1).requestLine());
        assertEquals("POST /queen/api/v1/push HTTP/1.1", r.get(1).requestLine());
        assertEquals(r.get(0).headerLines(), r.get(1).headerLines(), "same header lines, same order");
        assertEquals(masked(r.get(0).body()), masked(r.get(1).body()));
        assertNotEquals(new String(r.get(0).body(), UTF_8), new String(r.get(1).body(), UTF_8), "fresh ids per request");
    }

    private static String masked(byte[] body) {
        return new String(body, UTF_8).replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>");
    }
}
