package dev.goload.client;

import static dev.goload.client.RawHttpServer.answer;
import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import dev.goload.client.RawHttpServer.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Engine} requests and keep-alive: the exact request bytes (compared with OkHttp's for the same calls),
 * connection reuse, and retirement after {@code Connection: close} or HTTP/1.0 answers.
 */
class Http1EngineRequestTest extends Http1EngineTestSupport {
    // ---- request bytes

    /** Every client call the loader makes, each answered with the server's default {@code {}}. */
    private static void everyCall(QueenClient c) {
        byte[] big = ("\"" + "é".repeat(70_000) + "\"").getBytes(UTF_8); // beyond the 64 KiB write buffer
        List<Runnable> calls = List.of(
                () -> c.push(List.of(new PushItem("q", "p", "{\"a\":1}".getBytes(UTF_8), "id-1", null),
                        new PushItem("q2", null, "\"ü\"".getBytes(UTF_8), "id-2", "0190a5b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"))),
                () -> c.push(List.of(new PushItem("q", null, big, "id-3", null))),
                () -> c.ack(List.of(new AckItem("t1", "p1", "l1", "completed", null)), null),
                () -> c.ack(List.of(new AckItem("t1", "p1", "l1", "completed", null),
                        new AckItem("t2", "p1", null, "failed", "boom")), "g"),
                () -> c.configure("q", Map.of("leaseTime", 30), false),
                () -> c.transaction(List.of(new AckItem("t1", "p1", "l1", "completed", null)),
                        List.of(new PushItem("q", null, "{}".getBytes(UTF_8), "tx-1", null)), List.of("l1")),
                () -> c.extendLease("lease 1/x", 30),
                () -> c.extendLease("l2", 0),
                () -> c.deleteQueue("q"),
                () -> c.pop(PopRequest.of("q").withBatch(10).withPartition("p 1").withConsumerGroup("g")),
                c::health);
        for (Runnable call : calls) {
            try {
                call.run();
            } catch (QueenException ignored) {
                // only the request bytes matter here
            }
        }
    }

    private List<Received> requestsOf(HttpEngine engine, UnaryOperator<ClientConfig> tweak, Consumer<QueenClient> calls) {
        int before = server.received().size();
        try (QueenClient c = client(engine, tweak)) {
            calls.accept(c);
        }
        List<Received> all = server.received();
        return all.subList(before, all.size());
    }

    /** Header lines as OkHttp and goload must both send them: names lower-cased, sorted, OkHttp's extras left out. */
    private static List<String> comparable(Received r) {
        List<String> out = new ArrayList<>();
        for (String l : r.headerLines()) {
            int colon = l.indexOf(':');
            String name = l.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            if (!List.of("user-agent", "accept-encoding", "connection").contains(name)) {
                out.add(name + ": " + l.substring(colon + 1).strip());
            }
        }
        out.sort(null);
        return out;
    }

    private void assertSameRequestsAsOkHttp(UnaryOperator<ClientConfig> tweak, Consumer<QueenClient> calls) {
        List<Received> mine = requestsOf(HttpEngine.HTTP1, tweak, calls);
        List<Received> okhttp = requestsOf(HttpEngine.OKHTTP, tweak, calls);
        assertEquals(okhttp.size(), mine.size(), "request count");
        for (int i = 0; i < mine.size(); i++) {
            Received a = mine.get(i);
            Received b = okhttp.get(i);
            assertEquals(b.requestLine(), a.requestLine());
            assertEquals(comparable(b), comparable(a), a.requestLine());
            assertArrayEquals(b.body(), a.body(), a.requestLine());
        }
    }

    @Test
    void everyCallSendsTheSameRequestLineHeadersAndBodyAsOkHttp() {
        assertSameRequestsAsOkHttp(cfg -> cfg.withBaseUrl(server.url() + "/queen/"), Http1EngineRequestTest::everyCall);
    }

    @Test
    void requestFramingIsExact() {
        List<Received> rs = requestsOf(HttpEngine.HTTP1, UnaryOperator.identity(), Http1EngineRequestTest::everyCall);
        assertEquals(11, rs.size());
        for (Received r : rs) {
            String method = r.requestLine().substring(0, r.requestLine().indexOf(' '));
            assertTrue(r.requestLine().endsWith(" HTTP/1.1"), r.requestLine());
            assertEquals("127.0.0.1:" + server.port(), r.header("Host"));
            assertEquals("goload", r.header("User-Agent"));
            assertEquals("application/json", r.header("Content-Type"));
            assertEquals("application/json", r.header("Accept"));
            assertNull(r.header("Accept-Encoding"), "an Accept-Encoding would invite gzip the engine cannot read");
            assertNull(r.header("Transfer-Encoding"), r.requestLine());
            switch (method) {
                case "GET" -> {
                    assertNull(r.header("Content-Length"), r.requestLine());
                    assertEquals(0, r.body().length);
                }
                case "DELETE" -> assertEquals("0", r.header("Content-Length"));
                default -> {
                    assertEquals("POST", method);
                    assertTrue(r.body().length > 0, r.requestLine());
                    assertEquals(Integer.toString(r.body().length), r.header("Content-Length"), r.requestLine());
                }
            }
        }
        assertEquals("POST /api/v1/push HTTP/1.1", rs.getFirst().requestLine());
        assertEquals("DELETE /api/v1/resources/queues/q HTTP/1.1", rs.get(8).requestLine());
        assertTrue(new String(rs.get(1).body(), UTF_8).contains("\"" + "é".repeat(70_000) + "\""), "the 140 KB payload arrives whole");
    }

    @Test
    void tokenHostTenantAndExtraHeadersAppearExactlyOnce() {
        UnaryOperator<ClientConfig> tweak = cfg -> cfg.withBearerToken("tok-123").withHostHeader("tenant-a.queen.example")
                .withTenantId("t1").withExtraHeaders(Map.of("X-Trace", "abc", "accept", "text/plain"));
        Consumer<QueenClient> calls = c -> {
            c.push(List.of(new PushItem("q", null, "1".getBytes(UTF_8), "id-1", null)));
            c.health();
        };
        for (Received r : requestsOf(HttpEngine.HTTP1, tweak, calls)) {
            assertEquals("Bearer tok-123", r.header("Authorization"));
            assertEquals("tenant-a.queen.example", r.header("Host"));
            assertEquals("t1", r.header("x-queen-tenant"));
            assertEquals("abc", r.header("X-Trace"));
            assertEquals("text/plain", r.header("Accept"), "an extra header replaces the default one");
        }
        assertSameRequestsAsOkHttp(tweak, calls);
    }

    // ---- keep-alive

    @Test
    void sequentialCallsShareOneConnection() {
        server.otherwise(send(ok(HEALTH)));
        try (QueenClient c = http1()) {
            for (int i = 0; i < 5; i++) assertEquals("healthy", c.health().path("status").asText());
            c.push(List.of(new PushItem("q", null, "1".getBytes(UTF_8), "id-1", null)));
            server.script(send("HTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n"));
            assertTrue(c.deleteQueue("q"), "204 has no body whatever its Content-Length says");
            c.health();
        }
        assertEquals(1, server.accepted());
        assertTrue(server.received().stream().allMatch(r -> r.conn() == 1));
    }

    private void assertNotReusedAfter(RawHttpServer.Reply reply) throws InterruptedException {
        server.script(reply);
        try (QueenClient c = http1()) {
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals(2, server.accepted());
            assertEquals(2, server.last().conn());
            await("the client to close the retired connection", () -> server.closedByClient(1));
        }
    }

    @Test
    void connectionCloseAnswerRetiresTheSocket() throws InterruptedException {
        server.otherwise(send(ok(HEALTH)));
        assertNotReusedAfter(send(answer("200 OK", HEALTH, "Connection: close")));
    }

    @Test
    void http10AnswerWithoutKeepAliveIsNotReused() throws InterruptedException {
        server.otherwise(send(ok(HEALTH)));
        assertNotReusedAfter(send(ok(HEALTH).replace("HTTP/1.1", "HTTP/1.0")));
    }

    @Test
    void http10AnswerWithKeepAliveIsReused() {
        server.otherwise(send(answer("200 OK", HEALTH, "Connection: keep-alive").replace("HTTP/1.1", "HTTP/1.0")));
        try (QueenClient c = http1()) {
            c.health();
            c.health();
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void concurrentCallsOnReusedConnectionsEachGetTheirOwnAnswer() {
        // echo the request body; every 7th answer chunked, every 11th closes: reuse and retirement interleave
        AtomicInteger n = new AtomicInteger();
        server.otherwise((req, out) -> {
            String echo = "{\"echo\":" + new String(req.body(), UTF_8) + "}";
            int i = n.incrementAndGet();
            if (i % 11 == 0) {
                out.write(answer("200 OK", echo, "Connection: close").getBytes(UTF_8));
                return false;
            }
            out.write(i % 7 == 0 ? chunked(echo, 3) : ok(echo).getBytes(UTF_8));
            return true;
        });
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withIdleConns(4))) {
            List<Thread> threads = new ArrayList<>();
            List<String> wrong = new java.util.concurrent.CopyOnWriteArrayList<>();
            for (int t = 0; t < 16; t++) {
                int thread = t;
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int k = 0; k < 25; k++) {
                        String q = "q-" + thread + "-" + k;
                        try {
                            String got = c.configure(q, Map.of("leaseTime", k), false).path("echo").path("queue").asText();
                            if (!q.equals(got)) wrong.add(q + " got " + got);
                        } catch (QueenException e) {
                            wrong.add(q + " failed: " + e.getMessage());
                        }
                    }
                }));
            }
            for (Thread t : threads) assertTrue(assertDoesNotThrow(() -> t.join(Duration.ofSeconds(20))));
            assertEquals(List.of(), wrong);
            assertEquals(400, c.stats().requests());
            assertEquals(0, c.stats().errors(ErrorKind.CONN) + c.stats().errors(ErrorKind.OTHER));
        }
        assertEquals(400, server.received().size());
        assertTrue(server.accepted() < 400 && server.accepted() >= 400 / 11, "accepted " + server.accepted());
    }
}
