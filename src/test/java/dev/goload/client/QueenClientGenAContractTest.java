package dev.goload.client;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Request shapes and decoding against the recorded generation-A (C++ broker 1.0.0) exchanges. */
class QueenClientGenAContractTest extends WireMockSupport {

    @Test
    void pushSendsItemsWithPartitionPayloadAndGeneratedUuid7AndCountsQueued() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson(genA("push-queued.json"))));
        try (QueenClient c = client()) {
            PushResult r = c.push("orders", "cust-1", utf8("{\"n\":1}"), 1);
            assertEquals(1, r.queued());
            assertEquals(1, r.accepted());
            assertEquals(ItemStatus.QUEUED, r.statuses()[0]);
            assertTrue(Uuid7.isUuid(r.transactionIds()[0]));
            wm.verify(1, postRequestedFor(urlEqualTo("/api/v1/push"))
                    .withHeader("Content-Type", containing("application/json"))
                    .withHeader("Accept", equalTo("application/json"))
                    .withoutHeader("Authorization")
                    .withoutHeader("x-queen-tenant")
                    .withRequestBody(equalToJson("{\"items\":[{\"queue\":\"orders\",\"partition\":\"cust-1\","
                            + "\"payload\":{\"n\":1},\"transactionId\":\"" + r.transactionIds()[0] + "\"}]}")));
        }
    }

    @Test
    void pushOfSeveralItemsMatchesResultsByPositionAndDefaultsPartition() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson(genA("push-five-items.json"))));
        try (QueenClient c = client()) {
            String trace = "0192f1d2-0000-7000-8000-000000000001";
            List<PushItem> items = List.of(
                    PushItem.of("orders", "cust-1", utf8("{\"n\":2}")),
                    PushItem.of("orders", "cust-1", utf8("{\"n\":3}")),
                    PushItem.of("orders", "cust-2", utf8("{\"n\":4}")),
                    new PushItem("orders", "cust-3", utf8("{\"n\":5}"), "caller-id", null),
                    new PushItem("orders", null, utf8("{\"n\":6}"), null, trace));
            PushResult r = c.push(items);
            assertEquals(5, r.queued());
            assertEquals("caller-id", r.transactionIds()[3]);
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/push"))
                    .withRequestBody(matchingJsonPath("$.items[4].partition", equalTo("Default")))
                    .withRequestBody(matchingJsonPath("$.items[4].traceId", equalTo(trace)))
                    .withRequestBody(matchingJsonPath("$.items[3].transactionId", equalTo("caller-id")))
                    .withRequestBody(matchingJsonPath("$.items[2].payload.n", equalTo("4")))
                    .withRequestBody(notContaining("\"traceId\":null")));
        }
    }

    @Test
    void duplicatePushIsAcceptedButNotQueued() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson(genA("push-duplicate.json"))));
        try (QueenClient c = client()) {
            PushResult r = c.push(List.of(new PushItem("orders", "cust-1", utf8("{\"n\":1}"), "ord-1", null)));
            assertEquals(0, r.queued());
            assertEquals(1, r.duplicate());
            assertEquals(1, r.accepted());
        }
    }

    @Test
    void pushOfNoItemsSendsNothing() {
        try (QueenClient c = client()) {
            PushResult r = c.push(List.of());
            assertEquals(0, r.size());
            assertEquals(0, wm.getAllServeEvents().size());
        }
    }

    @Test
    void popDecodesMessagesLeaseAndDataFromThePartitionRoute() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders/partition/cust-1"))
                .willReturn(okJson(genA("pop-partition-batch2.json"))));
        try (QueenClient c = client()) {
            PopResult r = c.pop(PopRequest.of("orders").withPartition("cust-1").withBatch(2).withCaptureData(true));
            assertFalse(r.empty());
            assertEquals(2, r.size());
            assertEquals("01a2290d-9dd9-7000-9b9a-fa31d4f91fb0", r.leaseId());
            Message m = r.messages().get(0);
            assertEquals("ord-1", m.transactionId());
            assertEquals("4718cfc5-da17-42ca-8377-c41bef03ce76", m.partitionId());
            assertEquals("01a2290d-9dd9-7000-9b9a-fa31d4f91fb0", m.leaseId());
            assertEquals("cust-1", m.partition());
            assertEquals("orders", m.queue());
            assertEquals("{\"n\":1}", new String(m.data(), StandardCharsets.UTF_8));
            assertEquals("{\"n\":2}", new String(r.messages().get(1).data(), StandardCharsets.UTF_8));
            wm.verify(getRequestedFor(urlEqualTo(
                    "/api/v1/pop/queue/orders/partition/cust-1?batch=2&timeout=30000&wait=false")));
        }
    }

    @Test
    void popWithoutCaptureKeepsNoData() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).willReturn(okJson(genA("pop-multi-partition.json"))));
        try (QueenClient c = client()) {
            PopResult r = c.pop(PopRequest.of("orders").withBatch(10).withPartitions(4));
            assertEquals(4, r.size());
            assertNull(r.messages().get(0).data());
            assertEquals(List.of("cust-1", "cust-3", "Default", "cust-9"),
                    r.messages().stream().map(Message::partition).toList());
            wm.verify(getRequestedFor(urlEqualTo("/api/v1/pop/queue/orders?batch=10&partitions=4&timeout=30000&wait=false")));
        }
    }

    @Test
    void everyRecordedEmptyPopBodyIsAnEmptyPop() {
        for (String f : List.of("pop-lease-held.json", "pop-no-available-partition.json",
                "pop-longpoll-timeout-empty.json", "pop-claimed-nothing-deliverable.json")) {
            wm.resetAll();
            wm.stubFor(get(urlPathMatching("/api/v1/pop/queue/.*")).willReturn(okJson(genA(f))));
            try (QueenClient c = client()) {
                PopResult r = c.pop(PopRequest.of("orders").withBatch(10));
                assertTrue(r.empty(), f);
                assertEquals(200, r.httpStatus(), f);
            }
        }
    }

    @Test
    void autoAckLongPollSendsSortedQueryAndKeepsEmptyLease() {
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).willReturn(okJson(genA("pop-longpoll-autoack.json"))));
        try (QueenClient c = client()) {
            PopResult r = c.pop(PopRequest.of("orders").withBatch(10).withWait(true).withTimeoutMs(5000)
                    .withAutoAck(true).withConsumerGroup("g 1"));
            assertEquals(1, r.size());
            assertEquals("", r.messages().get(0).leaseId());
            wm.verify(getRequestedFor(urlEqualTo(
                    "/api/v1/pop/queue/orders?autoAck=true&batch=10&consumerGroup=g%201&timeout=5000&wait=true")));
        }
    }

    @Test
    void popPathSegmentsAreEscaped() {
        wm.stubFor(get(urlPathMatching("/api/v1/pop/.*")).willReturn(aResponse().withStatus(204)));
        try (QueenClient c = client()) {
            assertTrue(c.pop(PopRequest.of("a/b c").withPartition("p?x")).empty());
            assertEquals("/api/v1/pop/queue/a%2Fb%20c/partition/p%3Fx?batch=1&timeout=30000&wait=false",
                    requests().getFirst().getUrl());
        }
    }

    @Test
    void singleAckPostsToAckAndDecodesSuccess() {
        wm.stubFor(post("/api/v1/ack").willReturn(okJson(genA("ack-single-ok.json"))));
        try (QueenClient c = client()) {
            AckItem a = new AckItem("ord-1", "4718cfc5-da17-42ca-8377-c41bef03ce76",
                    "01a2290d-9dd9-7000-9b9a-fa31d4f91fb0", "completed", null);
            AckResult r = c.ack(List.of(a), null);
            assertEquals(1, r.succeeded());
            assertTrue(r.itemSuccess()[0]);
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/ack")).withRequestBody(equalToJson(
                    "{\"transactionId\":\"ord-1\",\"partitionId\":\"4718cfc5-da17-42ca-8377-c41bef03ce76\","
                            + "\"leaseId\":\"01a2290d-9dd9-7000-9b9a-fa31d4f91fb0\",\"status\":\"completed\"}")));
        }
    }

    @Test
    void failedAckPastTheRetryLimitReportsItsDeadLettering() {
        wm.stubFor(post("/api/v1/ack/batch").willReturn(okJson("[{\"index\":0,\"transactionId\":\"a\","
                + "\"success\":true,\"error\":null,\"leaseReleased\":false,\"dlq\":true},{\"index\":1,"
                + "\"transactionId\":\"b\",\"success\":true,\"error\":null,\"leaseReleased\":true,\"dlq\":false}]")));
        try (QueenClient c = client()) {
            AckResult r = c.ack(List.of(new AckItem("a", "p", null, "failed", "x"),
                    new AckItem("b", "p", null, "failed", "x")), "g");
            assertEquals(2, r.succeeded());
            assertTrue(r.itemDlq()[0]);
            assertTrue(!r.itemDlq()[1]);
            assertEquals(1, r.deadLettered());
        }
    }

    @Test
    void ackWithErrorInItemIsAFailureDespiteHttp200() {
        for (String f : List.of("ack-single-invalid-lease.json", "ack-message-not-found.json")) {
            wm.resetAll();
            wm.stubFor(post("/api/v1/ack").willReturn(okJson(genA(f))));
            try (QueenClient c = client()) {
                AckResult r = c.ack(List.of(new AckItem("x", "p", null, "completed", null)), "g");
                assertEquals(0, r.succeeded(), f);
                assertEquals(1, r.failed(), f);
                assertNotNull(r.firstError(), f);
            }
        }
        wm.verify(postRequestedFor(urlEqualTo("/api/v1/ack"))
                .withRequestBody(matchingJsonPath("$.consumerGroup", equalTo("g")))
                .withRequestBody(notContaining("leaseId")));
    }

    @Test
    void ackErrorObjectOn200FailsEveryItem() {
        wm.stubFor(post("/api/v1/ack/batch").willReturn(okJson(genA("ack-error-object-on-200.json"))));
        try (QueenClient c = client()) {
            AckResult r = c.ack(List.of(new AckItem("x", "not-a-uuid", null, "completed", null),
                    new AckItem("y", "not-a-uuid", null, "completed", null)), null);
            assertEquals(2, r.failed());
            assertTrue(r.firstError().contains("invalid input syntax for type uuid"));
        }
    }

    @Test
    void batchAckPostsAcknowledgmentsAndCountsEachItem() {
        wm.stubFor(post("/api/v1/ack/batch").willReturn(okJson(genA("ack-batch-ok.json"))));
        wm.stubFor(get(urlPathEqualTo("/api/v1/pop/queue/orders")).willReturn(okJson(genA("pop-multi-partition.json"))));
        try (QueenClient c = client()) {
            PopResult p = c.pop(PopRequest.of("orders").withBatch(10).withPartitions(4));
            AckResult r = c.ackMessages(p.messages(), true, "__QUEUE_MODE__");
            assertEquals(4, r.succeeded());
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/ack/batch"))
                    .withRequestBody(matchingJsonPath("$.acknowledgments[3].transactionId", equalTo("ord-1")))
                    .withRequestBody(matchingJsonPath("$.acknowledgments[3].partitionId",
                            equalTo("b877711e-da79-400b-9ae4-b01216871eb1")))
                    .withRequestBody(matchingJsonPath("$.acknowledgments[0].leaseId",
                            equalTo("01a2290d-9fd2-7000-badd-5dfbc072171c")))
                    .withRequestBody(matchingJsonPath("$.acknowledgments[0].status", equalTo("completed")))
                    .withRequestBody(matchingJsonPath("$.consumerGroup", equalTo("__QUEUE_MODE__"))));
        }
    }

    @Test
    void batchAckWithTooFewResultsFailsEveryItem() {
        wm.stubFor(post("/api/v1/ack/batch").willReturn(okJson(genA("ack-single-ok.json"))));
        try (QueenClient c = client()) {
            AckResult r = c.ack(List.of(new AckItem("a", "p", null, "completed", null),
                    new AckItem("b", "p", null, "failed", "boom")), null);
            assertEquals(0, r.succeeded());
            assertEquals(2, r.failed());
        }
        wm.verify(postRequestedFor(urlEqualTo("/api/v1/ack/batch"))
                .withRequestBody(matchingJsonPath("$.acknowledgments[1].error", equalTo("boom"))));
    }

    @Test
    void configureSendsOptionsAndReturnsTheBody() {
        wm.stubFor(post("/api/v1/configure").willReturn(okJson(genA("configure-ok.json"))));
        try (QueenClient c = client()) {
            Map<String, Object> opts = new LinkedHashMap<>();
            opts.put("leaseTime", 5);
            opts.put("retentionEnabled", true);
            JsonNode n = c.configure("orders", opts, false);
            assertTrue(n.path("configured").asBoolean());
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/configure")).withRequestBody(equalToJson(
                    "{\"queue\":\"orders\",\"options\":{\"leaseTime\":5,\"retentionEnabled\":true}}")));
            c.configure("orders", opts, true);
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/configure"))
                    .withRequestBody(matchingJsonPath("$.mode", equalTo("replace"))));
            assertThrows(IllegalArgumentException.class, () -> c.configure("orders", Map.of(), false));
        }
    }

    @Test
    void configureErrorOn200RaisesOther() {
        wm.stubFor(post("/api/v1/configure").willReturn(okJson(genA("configure-error-on-200.json"))));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.configure("events", Map.of("leaseTime", 1), false));
            assertEquals(ErrorKind.OTHER, e.kind());
            assertEquals("create queue failed: [json.exception.type_error.306] cannot use value() with null", e.getMessage());
        }
    }

    @Test
    void transactionSuccessAndRolledBackFailure() {
        wm.stubFor(post("/api/v1/transaction").willReturn(okJson(genA("transaction-ok.json"))));
        try (QueenClient c = client()) {
            AckItem ack = new AckItem("0bd1824f-e7bc-449c-b6ff-6353bb73685d", "8af06227-a8f5-4432-a65f-4403e5d63f2a",
                    "01a2290d-cfe1-7000-88bb-6c200b9cbe68", "completed", null);
            TransactionResult ok = c.transaction(List.of(ack), List.of(PushItem.of("events", "from-tx", utf8("{\"step\":2}"))),
                    List.of("01a2290d-cfe1-7000-88bb-6c200b9cbe68"), "g");
            assertTrue(ok.success());
            assertEquals("e5c46b50-e1db-460a-9583-29d3b72a0a1b", ok.transactionId());
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/transaction"))
                    .withRequestBody(matchingJsonPath("$.operations[0].type", equalTo("ack")))
                    .withRequestBody(matchingJsonPath("$.operations[0].consumerGroup", equalTo("g")))
                    .withRequestBody(matchingJsonPath("$.operations[1].type", equalTo("push")))
                    .withRequestBody(matchingJsonPath("$.operations[1].items[0].payload.step", equalTo("2")))
                    .withRequestBody(matchingJsonPath("$.operations[1].items[0].transactionId",
                            equalTo(ok.pushTransactionIds()[0])))
                    .withRequestBody(matchingJsonPath("$.requiredLeases[0]", equalTo("01a2290d-cfe1-7000-88bb-6c200b9cbe68"))));

            wm.stubFor(post("/api/v1/transaction").willReturn(okJson(genA("transaction-failed.json"))));
            TransactionResult bad = c.transaction(List.of(new AckItem("nope", "p", null, "completed", null)), List.of(), null);
            assertFalse(bad.success());
            assertEquals("ACK operation failed: Message not found", bad.error());
        }
    }

    @Test
    void leaseExtendDecodesExpiryAndNotFound() {
        wm.stubFor(post(urlPathMatching("/api/v1/lease/01a2290d.*/extend")).willReturn(okJson(genA("lease-extend-ok.json"))));
        wm.stubFor(post(urlPathMatching("/api/v1/lease/0000.*/extend")).willReturn(okJson(genA("lease-extend-not-found.json"))));
        try (QueenClient c = client()) {
            LeaseExtendResult ok = c.extendLease("01a2290d-b42e-7000-9ff0-4bdf54b7a1ef", 3);
            assertTrue(ok.success());
            assertEquals("2026-11-29T20:44:58.684Z", ok.expiresAt());
            LeaseExtendResult nf = c.extendLease("00000000-0000-0000-0000-000000000000", 3);
            assertFalse(nf.success());
            assertEquals("Lease not found", nf.error());
            wm.verify(postRequestedFor(urlEqualTo("/api/v1/lease/01a2290d-b42e-7000-9ff0-4bdf54b7a1ef/extend"))
                    .withRequestBody(equalToJson("{\"seconds\":3}")));
        }
    }

    @Test
    void deleteQueueAndHealth() {
        wm.stubFor(delete("/api/v1/resources/queues/autocreated").willReturn(okJson(genA("delete-queue-ok.json"))));
        wm.stubFor(get("/health").willReturn(okJson(genA("health.json"))));
        try (QueenClient c = client()) {
            assertTrue(c.deleteQueue("autocreated"));
            assertEquals("healthy", c.health().path("status").asText());
        }
    }

    @Test
    void healthFallsBackToHealthzWhenHealthIs404() {
        wm.stubFor(get("/health").willReturn(aResponse().withStatus(404).withBody(genA("not-found-404.html"))));
        wm.stubFor(get("/healthz").willReturn(aResponse().withStatus(200).withBody("ok")));
        try (QueenClient c = client()) {
            assertEquals("ok", c.health().path("raw").asText());
        }
    }

    @Test
    void http400CarriesStatusBodyAndMessageInTheReferenceFormat() {
        wm.stubFor(post("/api/v1/push").willReturn(aResponse().withStatus(400).withBody(genA("push-400-invalid-json.json"))));
        try (QueenClient c = client()) {
            QueenException e = assertThrows(QueenException.class, () -> c.push("orders", null, utf8("{}"), 1));
            assertEquals(ErrorKind.HTTP_4XX, e.kind());
            assertEquals(400, e.status());
            assertEquals("", e.code());
            assertTrue(e.getMessage().startsWith("push request failed: HTTP 400: {\"error\":\"Invalid JSON"), e.getMessage());
            assertEquals(genA("push-400-invalid-json.json"), e.body());
            assertEquals(1, e.attempts());
        }
    }

    @Test
    void identityHeadersReachTheServerAndTokenStaysOutOfToString() {
        wm.stubFor(post("/api/v1/push").willReturn(okJson(genA("push-queued.json"))));
        ClientConfig cfg = config(baseUrl()).withBearerToken("qk_live_secret").withHostHeader("acme.cell.example")
                .withTenantId("11111111-2222-3333-4444-555555555555").withExtraHeaders(Map.of("X-Run", "r1"));
        assertFalse(cfg.toString().contains("qk_live_secret"));
        try (QueenClient c = new QueenClient(cfg)) {
            c.push("orders", "cust-1", utf8("{\"n\":1}"), 1);
        }
        LoggedRequest r = requests().getFirst();
        assertEquals("Bearer qk_live_secret", r.getHeader("Authorization"));
        assertEquals("acme.cell.example", r.getHeader("Host"));
        assertEquals("11111111-2222-3333-4444-555555555555", r.getHeader("x-queen-tenant"));
        assertEquals("r1", r.getHeader("X-Run"));
    }
}
