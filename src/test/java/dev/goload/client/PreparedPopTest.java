package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A prepared pop ({@link QueenClient#prepare}) is the same call as {@link QueenClient#pop}, repeatable. */
class PreparedPopTest extends WireMockSupport {
    private static final String ANSWER = "{\"messages\":[{\"transactionId\":\"t1\",\"partitionId\":\"pid\","
            + "\"leaseId\":\"L\",\"partition\":\"p\",\"data\":{\"s\":1},\"createdAt\":\"2026-01-01T00:00:00Z\"}]}";

    @Test
    void sendsWhatPopSendsOnEveryCall() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).willReturn(okJson(ANSWER)));
        PopRequest r = new PopRequest("orders", null, 50, 0, true, 1000, "g1", null, true);
        try (QueenClient c = new QueenClient(config(baseUrl()).withTenantId("tenant-a"))) {
            c.pop(r);
            PreparedPop p = c.prepare(r);
            PopResult first = p.pop();
            PopResult second = p.pop();
            for (PopResult x : List.of(first, second)) {
                assertEquals(1, x.messages().size());
                assertEquals("t1", x.messages().getFirst().transactionId());
                assertEquals("L", x.leaseId());
            }
        }
        var sent = requests();
        assertEquals(3, sent.size());
        for (var s : sent) {
            assertEquals("/api/v1/pop/queue/orders?batch=50&consumerGroup=g1&timeout=1000&wait=true", s.getUrl());
            assertEquals("tenant-a", s.getHeader("x-queen-tenant"));
        }
    }

    @Test
    void anErrorAnswerIsThrownAsPopsIsAndTheNextCallStillWorks() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs("Started")
                .willReturn(aResponse().withStatus(400).withBody("{\"error\":\"bad\"}")).willSetStateTo("ok"));
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/q")).inScenario("s").whenScenarioStateIs("ok")
                .willReturn(aResponse().withStatus(204)));
        try (QueenClient c = client()) {
            PreparedPop p = c.prepare(PopRequest.of("q").withWait(true).withTimeoutMs(100));
            QueenException e = assertThrows(QueenException.class, p::pop);
            assertEquals(400, e.status());
            assertTrue(e.getMessage().startsWith("pop request failed: "), e.getMessage());
            assertTrue(p.pop().empty());
        }
    }
}
