package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Retry policies: none by default, the reference's loops when asked, same bytes on every attempt. */
class QueenClientRetryTest extends WireMockSupport {

    private QueenClient client(RetryPolicy retry, Retry429Policy r429) {
        return new QueenClient(config(baseUrl()).withRetry(retry).withRetry429(r429));
    }

    @Test
    void defaultPolicySendsExactlyOneRequestOn500ResetAnd429() {
        try (QueenClient c = client()) {
            wm.stubFor(post("/api/v1/push").willReturn(serverError()));
            assertEquals(ErrorKind.HTTP_5XX, assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1)).kind());
            wm.verify(1, postRequestedFor(urlEqualTo("/api/v1/push")));

            wm.resetAll();
            wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")));
            assertEquals(ErrorKind.HTTP_429, assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1)).kind());
            wm.verify(1, postRequestedFor(urlEqualTo("/api/v1/push")));
            assertEquals(2, c.stats().requests());
        }
        // a reset on a fresh socket (a new client): on a reused one it would be re-sent once as a reconnect,
        // see KeepAliveReconnectTest
        try (QueenClient c = client()) {
            wm.resetAll();
            wm.stubFor(post("/api/v1/push").willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
            QueenException reset = assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1));
            assertEquals(ErrorKind.CONN, reset.kind(), reset.getMessage());
            wm.verify(1, postRequestedFor(urlEqualTo("/api/v1/push")));
            assertEquals(0, c.stats().reconnects());
        }
    }

    @Test
    void resetBeforeAnyAnswerOnAReusedSocketIsReSentOnceAsAReconnectNotARetry() {
        try (QueenClient c = client()) {
            wm.stubFor(get("/health").willReturn(okJson("{}")));
            c.health();
            wm.stubFor(post("/api/v1/push").willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
            QueenException reset = assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 1));
            assertEquals(ErrorKind.CONN, reset.kind(), reset.getMessage());
            wm.verify(2, postRequestedFor(urlEqualTo("/api/v1/push")));
            assertEquals(1, c.stats().reconnects(), "once, on a fresh socket, never twice");
            assertEquals(0, c.stats().retries());
            assertEquals(2, c.stats().requests());
        }
    }

    @Test
    void okHttpDoesNotSilentlyRetryA503WithRetryAfterZero() {
        wm.stubFor(get("/health").willReturn(aResponse().withStatus(503).withHeader("Retry-After", "0").withBody("{}")));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, c::health);
            assertEquals(0.0, e.retryAfterSeconds());
        }
        wm.verify(1, getRequestedFor(urlEqualTo("/health")));
    }

    @Test
    void goRetryTwoSendsThreeAttemptsWithIdenticalBodies() {
        wm.stubFor(post("/api/v1/push").willReturn(serverError().withBody("boom")));
        RetryPolicy go2 = RetryPolicy.fromGoRetryAttempts(2);
        try (QueenClient c = client(new RetryPolicy(go2.attempts(), 1), Retry429Policy.NONE)) {
            QueenException e = assertThrows(QueenException.class, () -> c.push("q", "p", utf8("{\"k\":1}"), 3));
            assertEquals(3, e.attempts());
            assertEquals("push request failed: request failed after 3 attempts: HTTP 500: boom", e.getMessage());
            assertEquals(2, c.stats().retries());
        }
        var bodies = requests().stream().map(r -> r.getBodyAsString()).toList();
        assertEquals(3, bodies.size());
        assertEquals(bodies.get(0), bodies.get(1));
        assertEquals(bodies.get(0), bodies.get(2));
    }

    @Test
    void retryRecoversAfterAConnectionResetAndReturnsTheSuccess() {
        wm.stubFor(post("/api/v1/push").inScenario("s").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)).willSetStateTo("ok"));
        wm.stubFor(post("/api/v1/push").inScenario("s").whenScenarioStateIs("ok")
                .willReturn(aResponse().withStatus(201).withBody("[{\"status\":\"queued\"}]")));
        try (QueenClient c = client(new RetryPolicy(2, 1), Retry429Policy.NONE)) {
            assertEquals(1, c.push("q", null, utf8("1"), 1).queued());
        }
        wm.verify(2, postRequestedFor(urlEqualTo("/api/v1/push")));
    }

    @Test
    void fourxxIsNeverRetriedByTheOuterLoop() {
        wm.stubFor(post("/api/v1/ack").willReturn(aResponse().withStatus(403).withBody("{\"code\":\"forbidden\"}")));
        try (QueenClient c = client(new RetryPolicy(4, 1), Retry429Policy.NONE)) {
            QueenException e = assertThrows(QueenException.class,
                    () -> c.ack(List.of(new AckItem("t", "p", null, "completed", null)), null));
            assertEquals(1, e.attempts());
            assertFalse(e.getMessage().contains("attempts"));
        }
        wm.verify(1, postRequestedFor(urlEqualTo("/api/v1/ack")));
    }

    @Test
    void retry429HonoursRetryAfterThenSurfacesTheLast429() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")
                .withBody("{\"code\":\"quota_exceeded\"}")));
        try (QueenClient c = client(new RetryPolicy(3, 1), Retry429Policy.of(3))) {
            QueenException e = assertThrows(QueenException.class, () -> c.push("q", null, utf8("1"), 2));
            assertEquals(ErrorKind.HTTP_429, e.kind());
            assertEquals("quota_exceeded", e.code());
            assertEquals(3, e.attempts());
            assertEquals(2, c.stats().retries429());
        }
        // An exhausted 429 is a 4xx: the outer 5xx loop does not run it again.
        wm.verify(3, postRequestedFor(urlEqualTo("/api/v1/push")));
        var bodies = requests().stream().map(r -> r.getBodyAsString()).distinct().toList();
        assertEquals(1, bodies.size());
    }

    @Test
    void retry429SucceedsWhenTheProxyLetsThrough() {
        wm.stubFor(post("/api/v1/push").inScenario("r").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0.01")).willSetStateTo("go"));
        wm.stubFor(post("/api/v1/push").inScenario("r").whenScenarioStateIs("go")
                .willReturn(okJson("[{\"status\":\"queued\"}]")));
        try (QueenClient c = client(RetryPolicy.NONE, Retry429Policy.goDefaults())) {
            assertEquals(1, c.push("q", null, utf8("1"), 1).queued());
        }
        wm.verify(2, postRequestedFor(urlEqualTo("/api/v1/push")));
    }

    @Test
    void popTimeoutIsNotRetried() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(aResponse().withStatus(204).withFixedDelay(3000)));
        try (QueenClient c = client(new RetryPolicy(3, 1), Retry429Policy.NONE)) {
            QueenException e = assertThrows(QueenException.class, () -> c.pop(PopRequest.of("q").withTimeoutMs(200)));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(1, e.attempts());
            assertTrue(e.getMessage().startsWith("pop request failed: "), e.getMessage());
        }
        wm.verify(1, getRequestedFor(urlPathEqualTo("/api/v1/pop/queue/q")));
    }

    @Test
    void cancelAllEndsARetryDelayPromptly() throws Exception {
        wm.stubFor(post("/api/v1/push").willReturn(serverError()));
        try (QueenClient c = client(new RetryPolicy(3, 600_000), Retry429Policy.NONE)) {
            AtomicReference<Throwable> err = new AtomicReference<>();
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    c.push("q", null, utf8("1"), 1);
                } catch (Throwable e) {
                    err.set(e);
                }
            });
            await(() -> c.stats().requests() == 1 && c.stats().retries() == 1, Duration.ofSeconds(10));
            c.cancelAll();
            t.join(Duration.ofSeconds(10));
            assertFalse(t.isAlive());
            assertEquals(ErrorKind.CANCELED, ((QueenException) err.get()).kind());
        }
    }

    @Test
    void goRetryAttemptsMapping() {
        assertEquals(3, RetryPolicy.fromGoRetryAttempts(2).attempts());
        assertEquals(4, RetryPolicy.fromGoRetryAttempts(0).attempts());
        assertEquals(1, RetryPolicy.fromGoRetryAttempts(-1).attempts());
        assertEquals(1000, RetryPolicy.fromGoRetryAttempts(2).baseDelayMillis());
        RetryPolicy p = RetryPolicy.fromGoRetryAttempts(3);
        assertEquals(List.of(1000L, 2000L, 4000L), List.of(p.delayMillis(0), p.delayMillis(1), p.delayMillis(2)));
        assertTrue(p.delayMillis(200) > 0);
    }

    @Test
    void retry429DelayRules() {
        assertEquals(7000, Retry429Policy.delayMillis(0, 7, 1.0));
        assertEquals(5600, Retry429Policy.delayMillis(3, 7, 0.8));
        assertEquals(500, Retry429Policy.delayMillis(0, Double.NaN, 1.0));
        assertEquals(2000, Retry429Policy.delayMillis(2, Double.NaN, 1.0));
        assertEquals(36_000, Retry429Policy.delayMillis(10, Double.NaN, 1.2));
        for (int i = 0; i < 1000; i++) {
            double j = Retry429Policy.jitter();
            assertTrue(j >= 0.8 && j <= 1.2);
        }
        assertEquals(0, Retry429Policy.goDefaults().limitFor(true));
        assertEquals(10, Retry429Policy.goDefaults().limitFor(false));
        assertEquals(1, Retry429Policy.NONE.limitFor(true));
    }
}
