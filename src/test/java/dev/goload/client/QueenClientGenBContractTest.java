package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** Generation-B (Rust broker + queen_proxy) shapes, from queen-wire.md Part B. */
class QueenClientGenBContractTest extends WireMockSupport {

    @Test
    void push201WithPerItemFailedCountsFailuresNotSuccesses() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("[{\"status\":\"queued\",\"transactionId\":\"a\"},"
                        + "{\"status\":\"failed\",\"transactionId\":\"b\",\"error\":\"partition full\"},"
                        + "{\"status\":\"duplicate\",\"transactionId\":\"c\"}]")));
        try (QueenClient c = client()) {
            PushResult r = c.push("q", "p", utf8("{}"), 3);
            assertEquals(201, r.httpStatus());
            assertEquals(1, r.queued());
            assertEquals(1, r.failed());
            assertEquals(1, r.duplicate());
            assertEquals(2, r.accepted());
            assertEquals(ItemStatus.FAILED, r.statuses()[1]);
            assertEquals("partition full", r.firstError());
        }
    }

    @Test
    void pushWithWrongResultCountOrErrorObjectFailsEveryItem() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson("[{\"status\":\"queued\"}]")));
        try (QueenClient c = client()) {
            PushResult r = c.push("q", "p", utf8("{}"), 2);
            assertEquals(2, r.failed());
            assertEquals(0, r.accepted());
            wm.stubFor(post("/api/v1/push").willReturn(okJson("{\"error\":\"db down\"}")));
            PushResult e = c.push("q", "p", utf8("{}"), 2);
            assertEquals(2, e.failed());
            assertEquals("db down", e.firstError());
        }
    }

    @Test
    void bufferedItemsAreAcceptedButNotDurable() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson("[{\"queue\":\"c3\",\"status\":\"buffered\"}]")));
        try (QueenClient c = client()) {
            PushResult r = c.push("c3", null, utf8("1"), 1);
            assertEquals(1, r.buffered());
            assertEquals(1, r.accepted());
            assertEquals(0, r.durable());
        }
    }

    @Test
    void emptyPop204IsEmpty() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(aResponse().withStatus(204)));
        try (QueenClient c = client()) {
            PopResult r = c.pop(PopRequest.of("q").withWait(true).withTimeoutMs(100));
            assertTrue(r.empty());
            assertEquals(204, r.httpStatus());
        }
    }

    @Test
    void genBPopMessagesWithQueueFieldAndRetryCount() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(okJson(
                "{\"messages\":[{\"transactionId\":\"t1\",\"partitionId\":\"pid\",\"leaseId\":\"L\",\"queue\":\"q\","
                        + "\"partition\":\"p\",\"data\":{\"a\":[1,2,{\"b\":null}]},\"createdAt\":\"2026-01-01T00:00:00Z\","
                        + "\"retryCount\":2,\"errorMessage\":\"x\",\"producerSub\":null}],"
                        + "\"autopilot\":{\"partitions\":4,\"batch\":10,\"waitMs\":50}}")));
        try (QueenClient c = client()) {
            PopResult r = c.pop(PopRequest.of("q").withCaptureData(true));
            Message m = r.messages().getFirst();
            assertEquals(2, m.retryCount());
            assertEquals("L", r.leaseId());
            assertEquals("{\"a\":[1,2,{\"b\":null}]}", new String(m.data(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void autopilotOnSendsAutopilotAndOmitsUnsetKnobs() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).willReturn(aResponse().withStatus(204)));
        try (QueenClient c = new QueenClient(config(baseUrl()).withPopAutopilot(PopAutopilot.ON))) {
            c.pop(PopRequest.of("q").withBatch(10).withWait(true).withTimeoutMs(1000));
            c.pop(PopRequest.of("q"));
            c.pop(PopRequest.of("q").withBatch(10).withPartitions(4));
        }
        var urls = requests().stream().map(r -> r.getUrl()).toList();
        assertEquals("/api/v1/pop/queue/q?autopilot=true&batch=10&timeout=1000&wait=true", urls.get(0));
        assertEquals("/api/v1/pop/queue/q?autopilot=true&timeout=30000&wait=false", urls.get(1));
        assertEquals("/api/v1/pop/queue/q?batch=10&partitions=4&timeout=30000&wait=false", urls.get(2));
    }

    @Test
    void http429KeepsRetryAfterAndProxyCode() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(429).withHeader("Retry-After", "7")
                .withBody("{\"error\":\"rate limited\",\"code\":\"rate_limited\"}")));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.push("q", null, utf8("{}"), 1));
            assertEquals(ErrorKind.HTTP_429, e.kind());
            assertEquals("rate_limited", e.code());
            assertEquals(7.0, e.retryAfterSeconds());
            assertEquals("429/rate_limited", e.codeKey());
            assertEquals("push request failed: HTTP 429 [rate_limited]: {\"error\":\"rate limited\",\"code\":\"rate_limited\"}",
                    e.getMessage());
        }
    }

    @Test
    void http403ClusterSuspendedAnd421AndNonNumericRetryAfter() {
        wm.stubFor(post("/api/v1/ack").willReturn(aResponse().withStatus(403)
                .withBody("{\"error\":\"suspended\",\"code\":\"cluster_suspended\"}")));
        wm.stubFor(post("/api/v1/ack/batch").willReturn(aResponse().withStatus(421).withHeader("Retry-After",
                "Wed, 21 Oct 2015 07:28:00 GMT").withBody("{\"error\":\"unknown\",\"code\":\"cluster_unknown\"}")));
        try (QueenClient c = client()) {
            AckItem a = new AckItem("t", "p", null, "completed", null);
            QueenException e = assertThrows(QueenException.class, () -> c.ack(java.util.List.of(a), null));
            assertEquals(ErrorKind.HTTP_403, e.kind());
            assertEquals("cluster_suspended", e.code());
            assertTrue(e.getMessage().startsWith("ack request failed: HTTP 403 [cluster_suspended]"));
            assertTrue(Double.isNaN(e.retryAfterSeconds()));
            QueenException m = assertThrows(QueenException.class, () -> c.ack(java.util.List.of(a, a), null));
            assertEquals(ErrorKind.HTTP_4XX, m.kind());
            assertEquals(421, m.status());
            assertTrue(Double.isNaN(m.retryAfterSeconds()));
            assertTrue(m.getMessage().startsWith("batch ack request failed: HTTP 421 [cluster_unknown]"));
        }
    }

    @Test
    void http5xxWithPerItemFailedBodyIsAnError() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(503)
                .withBody("[{\"status\":\"failed\",\"error\":\"file buffer\"}]")));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.push("q", null, utf8("{}"), 1));
            assertEquals(ErrorKind.HTTP_5XX, e.kind());
            assertEquals(503, e.status());
            assertEquals("503", e.codeKey());
        }
    }

    @Test
    void genBLeaseExtendNewExpiresAt() {
        wm.stubFor(post("/api/v1/lease/L/extend").willReturn(okJson("{\"newExpiresAt\":\"2026-01-01T00:01:00Z\"}")));
        try (QueenClient c = client()) {
            LeaseExtendResult r = c.extendLease("L", 0);
            assertTrue(r.success());
            assertEquals("2026-01-01T00:01:00Z", r.expiresAt());
        }
        wm.verify(postRequestedFor(urlEqualTo("/api/v1/lease/L/extend")).withRequestBody(equalToJson("{}")));
    }
}
