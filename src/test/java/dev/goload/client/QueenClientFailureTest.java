package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** Undecodable bodies, deadlines, cancellation and interrupts: always a typed QueenException, never a crash. */
class QueenClientFailureTest extends WireMockSupport {

    private QueenException popFailure(String body) {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body)));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.pop(PopRequest.of("q").withCaptureData(true)));
            assertEquals(1, c.stats().errors(ErrorKind.DECODE));
            return e;
        }
    }

    @Test
    void truncatedHtmlAndWrongTypesAreDecodeErrors() {
        for (String body : List.of(
                "{\"messages\":[{\"transactionId\":\"t\",\"data\":{\"a\":",
                "<html><body><h1>Bad gateway</h1></body></html>",
                "{\"messages\":\"nope\"}",
                "{\"messages\":[42]}",
                "{\"messages\":[{\"transactionId\":7}]}",
                "{\"messages\":[{\"transactionId\":\"t\",\"retryCount\":\"x\"}]}",
                "{\"messages\":[{\"partitionId\":\"p\"}]}",
                "[1,2,3]")) {
            wm.resetAll();
            QueenException e = popFailure(body);
            assertEquals(ErrorKind.DECODE, e.kind(), body);
            assertEquals(200, e.status(), body);
            assertTrue(e.getMessage().startsWith("pop request failed: decode GET /api/v1/pop/queue/q"), e.getMessage());
        }
    }

    @Test
    void undecodablePushAndAckBodiesAreDecodeErrors() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson("[{\"status\":")));
        wm.stubFor(post("/api/v1/ack").willReturn(okJson("[{\"success\":\"yes\"}]")));
        try (QueenClient c = client()) {
            assertEquals(ErrorKind.DECODE, assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1)).kind());
            assertEquals(ErrorKind.DECODE, assertThrows(QueenException.class,
                    () -> c.ack(List.of(new AckItem("t", "p", null, "completed", null)), null)).kind());
            assertEquals(2, c.stats().errors(ErrorKind.DECODE));
        }
    }

    @Test
    void emptyPushBodyLeavesItemsUnknownNotAccepted() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(200)));
        try (QueenClient c = client()) {
            PushResult r = c.push("q", null, utf8("1"), 2);
            assertEquals(2, r.unknown());
            assertEquals(0, r.accepted());
        }
    }

    @Test
    void slowAnswerBeyondTheClientTimeoutIsATimeout() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson("[]").withFixedDelay(5000)));
        try (QueenClient c = new QueenClient(config(baseUrl()).withTimeoutMillis(300))) {
            long t0 = System.nanoTime();
            QueenException e = assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(0, e.status());
            assertTrue(System.nanoTime() - t0 < Duration.ofMillis(4500).toNanos(), "the deadline did not cut the call");
        }
    }

    @Test
    void longPollIsNotCutByTheClientTimeout() {
        // The broker parks for the pop timeout; a client timeout below it must not turn an empty poll into an error.
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(okJson(genA("pop-longpoll-timeout-empty.json"))
                .withFixedDelay(800)));
        try (QueenClient c = new QueenClient(config(baseUrl()).withTimeoutMillis(200))) {
            assertTrue(c.pop(PopRequest.of("q").withWait(true).withTimeoutMs(600)).empty());
        }
        assertEquals(5600, PopUrl.callTimeoutMillis(PopRequest.of("q").withWait(true).withTimeoutMs(600), 200));
        assertEquals(35_000, PopUrl.callTimeoutMillis(PopRequest.of("q").withWait(true), 30_000));
        assertEquals(200, PopUrl.callTimeoutMillis(PopRequest.of("q").withTimeoutMs(600), 200));
        assertEquals(30_000, PopUrl.callTimeoutMillis(PopRequest.of("q"), 60_000));
    }

    /**
     * Starts a long-poll the server parks for 20 s, ends it with {@code how} once the server has it, and returns
     * the failure the caller saw.
     */
    private QueenException blockedLongPollEndedBy(QueenClient c, BiConsumer<QueenClient, Thread> how) throws Exception {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(aResponse().withStatus(204).withFixedDelay(20_000)));
        AtomicReference<Throwable> err = new AtomicReference<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                c.pop(PopRequest.of("q").withWait(true));
            } catch (Throwable e) {
                err.set(e);
            }
        });
        await(() -> wm.getAllServeEvents().size() == 1, Duration.ofSeconds(10));
        how.accept(c, t);
        assertTrue(t.join(Duration.ofSeconds(10)), "the call did not end");
        return assertInstanceOf(QueenException.class, err.get(), "the call returned or failed otherwise");
    }

    @Test
    void cancelAllAbortsAnInFlightLongPoll() throws Exception {
        try (QueenClient c = client()) {
            QueenException e = blockedLongPollEndedBy(c, (client, caller) -> client.cancelAll());
            assertEquals(ErrorKind.CANCELED, e.kind(), e.getMessage());
            assertEquals(ErrorKind.CANCELED, QueenException.classify(e));
            // The client still works after a cancel.
            wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q2")).willReturn(aResponse().withStatus(204)));
            assertTrue(c.pop(PopRequest.of("q2")).empty());
        }
    }

    @Test
    void interruptingTheCallerCancelsItsCall() throws Exception {
        try (QueenClient c = client()) {
            QueenException e = blockedLongPollEndedBy(c, (client, caller) -> caller.interrupt());
            assertEquals(ErrorKind.CANCELED, e.kind(), e.getMessage());
        }
    }

    @Test
    void connectionRefusedIsConn() {
        int port;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        try (QueenClient c = new QueenClient(config("http://127.0.0.1:" + port))) {
            QueenException e = assertThrows(QueenException.class, c::health);
            assertEquals(ErrorKind.CONN, e.kind(), e.getMessage());
            assertEquals(1, e.attempts());
        }
    }
}
