package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/**
 * The message look-up call against the recorded C++ broker answers (200 for everything, "not found" in the body),
 * generation B's real 404, and a broker that does not serve the route.
 */
class QueenClientMessageLookupTest extends WireMockSupport {
    private static final String PID = "e506e017-48ba-446c-a151-b1652699f045";

    @Test
    void aRecordedPendingMessageIsFoundNotConsumedWithNoDeliveryField() {
        wm.stubFor(get("/api/v1/messages/" + PID + "/tx-attr-2").willReturn(okJson(genA("messages-pending.json"))));
        try (QueenClient c = client()) {
            MessageLookup r = c.lookupMessage(PID, "tx-attr-2");
            assertEquals(MessageLookup.Outcome.FOUND, r.outcome());
            assertEquals("pending", r.status());
            assertNull(r.retryCount());
            MessageLookup.Group g = r.group("__QUEUE_MODE__");
            assertFalse(g.consumed());
            assertNull(g.delivered(), "the C++ broker does not say");
            assertNull(g.leaseExpiresAt());
        }
    }

    @Test
    void aRecordedCompletedMessageIsConsumedByQueueMode() {
        wm.stubFor(get("/api/v1/messages/" + PID + "/tx-attr-1").willReturn(okJson(genA("messages-completed.json"))));
        try (QueenClient c = client()) {
            MessageLookup r = c.lookupMessage(PID, "tx-attr-1");
            assertEquals("completed", r.status());
            assertTrue(r.group("__QUEUE_MODE__").consumed());
            assertNull(r.group("workers"));
        }
    }

    @Test
    void notFoundIsAnAnswerInBothGenerations() {
        wm.stubFor(get("/api/v1/messages/" + PID + "/a").willReturn(okJson(genA("messages-not-found.json"))));
        wm.stubFor(get("/api/v1/messages/" + PID + "/b").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"error\":\"Message not found\"}")));
        try (QueenClient c = client()) {
            assertEquals(MessageLookup.Outcome.NOT_FOUND, c.lookupMessage(PID, "a").outcome(), "generation A: 200");
            assertEquals(MessageLookup.Outcome.NOT_FOUND, c.lookupMessage(PID, "b").outcome(), "generation B: 404");
        }
    }

    @Test
    void aBrokerWithoutTheRouteIsUnavailableNotAnError() {
        wm.stubFor(get(urlPathMatching("/api/v1/messages/.*")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "text/html").withBody(genA("not-found-404.html"))));
        try (QueenClient c = client()) {
            MessageLookup r = c.lookupMessage(PID, "tx");
            assertEquals(MessageLookup.Outcome.UNAVAILABLE, r.outcome());
            assertTrue(r.detail().contains("404"), r.detail());
        }
    }

    @Test
    void aServerErrorIsAFailedCall() {
        wm.stubFor(get(urlPathMatching("/api/v1/messages/.*")).willReturn(aResponse().withStatus(500)
                .withBody("{\"error\":\"db down\"}")));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.lookupMessage(PID, "tx"));
            assertEquals(ErrorKind.HTTP_5XX, e.kind());
        }
    }
}
