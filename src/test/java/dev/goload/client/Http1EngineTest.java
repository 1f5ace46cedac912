package dev.goload.client;

import static dev.goload.client.RawHttpServer.answer;
import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static dev.goload.client.RawHttpServer.silence;
import static dev.goload.client.RawHttpServer.trickle;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.client.RawHttpServer.Received;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Engine} driven through {@link QueenClient} against a scripted raw-socket server: the exact request
 * bytes (compared with OkHttp's for the same calls), keep-alive reuse and retirement, answer framing, failure
 * classification (compared with OkHttp's), deadlines, cancellation, the idle probe and the idle cap.
 */
class Http1EngineTest {
    private static final String HEALTH = "{\"status\":\"healthy\",\"n\":[1,2,3],\"s\":\"ünïcødé ✓\"}";

    private RawHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = new RawHttpServer();
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    private QueenClient client(HttpEngine engine, UnaryOperator<ClientConfig> tweak) {
        QueenClient c = new QueenClient(tweak.apply(ClientConfig.of(server.url()).withHttpEngine(engine)));
        assertEquals(engine, c.engine(), "a proxy setting must not route the test through another engine");
        return c;
    }

    private QueenClient http1() {
        return client(HttpEngine.HTTP1, UnaryOperator.identity());
    }

    private static QueenException failure(Runnable call) {
        return assertThrows(QueenException.class, call::run);
    }

    // ---- 1. request bytes

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
        assertSameRequestsAsOkHttp(cfg -> cfg.withBaseUrl(server.url() + "/queen/"), Http1EngineTest::everyCall);
    }

    @Test
    void requestFramingIsExact() {
        List<Received> rs = requestsOf(HttpEngine.HTTP1, UnaryOperator.identity(), Http1EngineTest::everyCall);
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

    // ---- 2. keep-alive

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

    // ---- 3. framing

    /** {@code body} chunked at the given byte offsets, with chunk extensions, upper-case hex and trailers. */
    private static byte[] chunked(String body, int... cuts) {
        byte[] b = body.getBytes(UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(UTF_8));
        int from = 0;
        for (int i = 0; i <= cuts.length; i++) {
            int to = i < cuts.length ? cuts[i] : b.length;
            out.writeBytes(String.format("%X;name=\"v %d\"\r\n", to - from, i).getBytes(UTF_8));
            out.write(b, from, to - from);
            out.writeBytes("\r\n".getBytes(UTF_8));
            from = to;
        }
        out.writeBytes("0;last\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n".getBytes(UTF_8));
        return out.toByteArray();
    }

    private JsonNode healthAnsweredWith(QueenClient c, RawHttpServer.Reply reply) {
        server.script(reply);
        return c.health();
    }

    @Test
    void chunkedAnswerDecodesLikeContentLengthAndKeepsTheConnection() {
        server.otherwise(send(ok(HEALTH)));
        try (QueenClient c = http1()) {
            JsonNode plain = healthAnsweredWith(c, send(ok(HEALTH)));
            assertEquals("ünïcødé ✓", plain.path("s").asText());
            // cuts inside multi-byte characters and one chunk longer than 15 bytes (two hex digits)
            assertEquals(plain, healthAnsweredWith(c, send(chunked(HEALTH, 1, 2, 40, 41, 43))));
            assertEquals(plain, healthAnsweredWith(c, send(chunked(HEALTH))));
            assertEquals(plain, c.health(), "the connection still answers in step");
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void answersSplitIntoSingleByteWritesDecodeTheSame() {
        server.otherwise(send(ok(HEALTH)));
        try (QueenClient c = http1()) {
            JsonNode plain = healthAnsweredWith(c, send(ok(HEALTH)));
            assertEquals(plain, healthAnsweredWith(c, trickle(ok(HEALTH).getBytes(UTF_8))));
            assertEquals(plain, healthAnsweredWith(c, trickle(chunked(HEALTH, 3, 30))));
            assertEquals(plain, c.health());
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void bodiesLargerThanTheBuffersArriveWhole() {
        String big = "{\"s\":\"" + "x".repeat(3 * Http1Connection.READ_BUFFER + 7) + "\"}";
        try (QueenClient c = http1()) {
            assertEquals(big.length() - 8, healthAnsweredWith(c, send(ok(big))).path("s").asText().length());
            assertEquals(big.length() - 8, healthAnsweredWith(c, send(chunked(big, 5, 20_000, 20_001))).path("s").asText().length());
            String huge = "{\"s\":\"" + "y".repeat(2 * Http1Connection.FIRST_BODY_ARRAY + 3) + "\"}";
            assertEquals(huge.length() - 8, healthAnsweredWith(c, send(ok(huge))).path("s").asText().length());
            c.health();
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void readToEndAnswerWorksAndItsSocketIsNotReused() {
        server.script(sendAndClose("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + HEALTH));
        try (QueenClient c = http1()) {
            assertEquals("ünïcødé ✓", c.health().path("s").asText());
            assertEquals("{}", c.health().toString());
        }
        assertEquals(2, server.accepted());
        assertEquals(2, server.last().conn());
    }

    // ---- 4. status lines

    @Test
    void interimAnswersAreSkipped() {
        server.script(send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\nX-Progress: 1\r\n\r\n" + ok(HEALTH)));
        try (QueenClient c = http1()) {
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals("{}", c.health().toString());
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void statusLineWithoutReasonPhraseAndBareLineFeedsWork() {
        server.script(send("HTTP/1.1 200\r\nContent-Length: 2\r\n\r\n{}"),
                send("HTTP/1.1 200 OK\nContent-Length: 11\n\n{\"lf\":true}"),
                send("HTTP/1.1 429\r\nRetry-After: 3\r\nContent-Length: 0\r\n\r\n"));
        try (QueenClient c = http1()) {
            assertEquals("{}", c.health().toString());
            assertEquals("{\"lf\":true}", c.health().toString(), "bare LF line ends, as OkHttp reads them");
            QueenException e = failure(() -> c.deleteQueue("q"));
            assertEquals(429, e.status());
            assertEquals(3.0, e.retryAfterSeconds());
            c.health();
        }
        assertEquals(1, server.accepted());
    }

    // ---- 5. failures

    /** The failure {@code engine} reports for a delete answered with {@code reply}. */
    private QueenException failureOf(HttpEngine engine, RawHttpServer.Reply reply) {
        server.script(reply);
        try (QueenClient c = client(engine, UnaryOperator.identity())) {
            return failure(() -> c.deleteQueue("q"));
        }
    }

    private ErrorKind sameKindAsOkHttp(RawHttpServer.Reply reply) {
        QueenException okhttp = failureOf(HttpEngine.OKHTTP, reply);
        QueenException mine = failureOf(HttpEngine.HTTP1, reply);
        assertEquals(okhttp.kind(), mine.kind(), mine.getMessage() + " vs OkHttp's " + okhttp.getMessage());
        assertEquals(0, mine.status());
        return mine.kind();
    }

    @Test
    void closeBeforeAnyAnswerByteIsAConnErrorLikeOkHttp() {
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose("")));
    }

    @Test
    void closeMidBodyIsAConnErrorLikeOkHttpAndTheNextCallConnectsAfresh() {
        String shortBody = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"status\":";
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose(shortBody)));
        server.script(sendAndClose(shortBody));
        try (QueenClient c = http1()) {
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            int before = server.accepted();
            assertEquals("{}", c.health().toString());
            assertEquals(before + 1, server.accepted());
        }
    }

    @Test
    void announcedLengthFarBeyondTheBodyIsAConnErrorLikeOkHttp() {
        // a broken proxy's length must cost a failed call, not a gigabyte allocation
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose("HTTP/1.1 200 OK\r\nContent-Length: 2000000000\r\n\r\n{}")));
        assertEquals(ErrorKind.CONN, sameKindAsOkHttp(sendAndClose(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7FFFFF00\r\n{}")));
    }

    @Test
    void garbageStatusLineFailsLikeOkHttpAndRetiresTheSocket() throws InterruptedException {
        sameKindAsOkHttp(send("HELLO WORLD\r\n\r\n"));
        server.script(send("HELLO WORLD\r\n\r\n"));
        try (QueenClient c = http1()) {
            int before = server.accepted();
            assertNotEquals(ErrorKind.CONN, failure(c::health).kind());
            await("the client to drop the garbled connection", () -> server.closedByClient(before + 1));
            assertEquals("{}", c.health().toString());
            assertEquals(before + 2, server.accepted());
        }
    }

    @Test
    void bytesAfterACompleteAnswerRetireTheSocket() {
        // the stray bytes are a well-formed answer: reading it as the next call's answer would be silent corruption
        server.script(send(ok(HEALTH) + ok("{\"stray\":true}")));
        try (QueenClient c = http1()) {
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals("{}", c.health().toString());
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void unavailableWithRetryAfterMatchesOkHttpAndIsSentOnce() {
        for (String retryAfter : List.of("2", "0", "Wed, 21 Oct 2015 07:28:00 GMT")) {
            String reply = answer("503 Service Unavailable", "{\"error\":\"overloaded\",\"code\":\"broker_busy\"}",
                    "Retry-After: " + retryAfter, "Content-Type: application/json");
            int before = server.received().size();
            QueenException mine = failureOf(HttpEngine.HTTP1, send(reply));
            assertEquals(before + 1, server.received().size(), "Retry-After " + retryAfter + " re-sent the request");
            assertEquals(ErrorKind.HTTP_5XX, mine.kind());
            assertEquals(503, mine.status());
            assertEquals("broker_busy", mine.code());
            assertEquals(retryAfter.equals("2") ? 2.0 : retryAfter.equals("0") ? 0.0 : Double.NaN, mine.retryAfterSeconds());
            assertSameFailure(failureOf(HttpEngine.OKHTTP, send(reply)), mine);
            assertEquals(before + 2, server.received().size(), "OkHttp re-sent the request");
        }
    }

    private static void assertSameFailure(QueenException okhttp, QueenException mine) {
        assertEquals(okhttp.kind(), mine.kind());
        assertEquals(okhttp.status(), mine.status());
        assertEquals(okhttp.code(), mine.code());
        assertEquals(okhttp.retryAfterSeconds(), mine.retryAfterSeconds());
        assertEquals(okhttp.body(), mine.body());
        assertEquals(okhttp.getMessage(), mine.getMessage());
        assertEquals(okhttp.attempts(), mine.attempts());
    }

    @Test
    void clientErrorBodiesAndCodesMatchOkHttp() {
        String longText = "ошибка ".repeat(400); // > 2048 bytes, cut inside a two-byte character
        List<String> replies = List.of(
                answer("400 Bad Request", "bad queue name\n", "Content-Type: text/plain"),
                answer("429 Too Many Requests", "{\"error\":\"slow down\",\"code\":\"rate_limited\"}", "Retry-After: 1.5"),
                answer("403 Forbidden", "{\"code\":\"tenant_suspended\",\"error\":{\"why\":\"quota\"}}"),
                answer("409 Conflict", ""),
                answer("422 Unprocessable Entity", longText),
                new String(chunked("{\"code\":\"too_large\"}", 4), UTF_8).replace("200 OK", "413 Payload Too Large"));
        for (String reply : replies) {
            QueenException mine = failureOf(HttpEngine.HTTP1, send(reply));
            assertSameFailure(failureOf(HttpEngine.OKHTTP, send(reply)), mine);
        }
        QueenException e = failureOf(HttpEngine.HTTP1, send(replies.get(1)));
        assertEquals(ErrorKind.HTTP_429, e.kind());
        assertEquals("rate_limited", e.code());
        assertEquals(1.5, e.retryAfterSeconds());
        assertEquals("delete queue failed: HTTP 429 [rate_limited]: {\"error\":\"slow down\",\"code\":\"rate_limited\"}", e.getMessage());
    }

    @Test
    void errorAnswerWithACompleteBodyKeepsTheConnection() {
        server.script(send(answer("400 Bad Request", "{\"error\":\"no\"}")));
        try (QueenClient c = http1()) {
            assertEquals(400, failure(() -> c.deleteQueue("q")).status());
            c.health();
        }
        assertEquals(1, server.accepted());
    }

    // ---- 6. deadlines and cancellation

    @Test
    void silentServerTimesOutAndTheNextCallUsesANewConnection() throws InterruptedException {
        server.script(silence());
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withTimeoutMillis(300))) {
            long t0 = System.nanoTime();
            QueenException e = failure(c::health);
            long took = System.nanoTime() - t0;
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(0, e.status());
            assertTrue(took >= Duration.ofMillis(280).toNanos(), "cut before the deadline: " + took);
            assertTrue(took < Duration.ofSeconds(3).toNanos(), "the deadline did not cut the call: " + took);
            await("the timed-out connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
            assertEquals(2, server.accepted());
            assertEquals(1, c.stats().errors(ErrorKind.TIMEOUT));
        }
    }

    @Test
    void bodyThatStallsHalfwayTimesOut() throws InterruptedException {
        server.script(send("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"status\":"));
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withTimeoutMillis(300))) {
            assertEquals(ErrorKind.TIMEOUT, failure(c::health).kind());
            await("the stalled connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
        }
    }

    /** Starts a health call on a virtual thread that the server never answers; returns once it is blocked. */
    private Thread blockedCall(QueenClient c, AtomicReference<QueenException> failure) throws InterruptedException {
        server.script(silence());
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                c.health();
            } catch (QueenException e) {
                failure.set(e);
            }
        });
        server.awaitRequests(1);
        return t;
    }

    @Test
    void cancelAllAbortsABlockedCall() throws InterruptedException {
        try (QueenClient c = http1()) {
            AtomicReference<QueenException> failure = new AtomicReference<>();
            Thread t = blockedCall(c, failure);
            c.cancelAll();
            assertTrue(t.join(Duration.ofSeconds(5)), "cancelAll did not end the call");
            assertNotNull(failure.get(), "the canceled call returned");
            assertEquals(ErrorKind.CANCELED, failure.get().kind(), failure.get().getMessage());
            assertEquals("{}", c.health().toString(), "calls after cancelAll run normally");
            assertEquals(2, server.accepted());
        }
    }

    @Test
    void interruptingTheCallerCancelsItsCall() throws InterruptedException {
        try (QueenClient c = http1()) {
            AtomicReference<QueenException> failure = new AtomicReference<>();
            Thread t = blockedCall(c, failure);
            t.interrupt();
            assertTrue(t.join(Duration.ofSeconds(5)), "the interrupt did not end the call");
            assertNotNull(failure.get(), "the interrupted call returned");
            assertEquals(ErrorKind.CANCELED, failure.get().kind(), failure.get().getMessage());
            await("the interrupted connection to be closed", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString());
        }
    }

    // ---- 7. idle probe

    /** An HTTP/1 client whose idle connections are probed before every reuse. */
    private QueenClient probingClient() {
        long previous = Http1Engine.setProbeIdleNanosForTests(0);
        try {
            return http1();
        } finally {
            Http1Engine.setProbeIdleNanosForTests(previous);
        }
    }

    @Test
    void probeReplacesAnIdleSocketThePeerClosed() throws InterruptedException {
        server.script(sendAndClose(ok(HEALTH))); // no Connection: close: the client pools the socket
        try (QueenClient c = probingClient()) {
            c.health();
            await("the server to close", () -> server.closedByServer() == 1);
            assertEquals("{}", c.health().toString());
            assertEquals(0, c.stats().errors(ErrorKind.CONN));
        }
        assertEquals(2, server.accepted());
    }

    @Test
    void probeReplacesAnIdleSocketWithUnaskedBytes() throws InterruptedException {
        CountDownLatch answered = new CountDownLatch(1);
        CountDownLatch junkSent = new CountDownLatch(1);
        server.script((req, out) -> {
            out.write(ok(HEALTH).getBytes(UTF_8));
            out.flush();
            answered.await();
            out.write(ok("{\"stray\":true}").getBytes(UTF_8));
            out.flush();
            junkSent.countDown();
            return true;
        });
        try (QueenClient c = probingClient()) {
            c.health();
            answered.countDown();
            assertTrue(junkSent.await(5, TimeUnit.SECONDS));
            assertEquals("{}", c.health().toString(), "the probe let the stray answer through");
            assertEquals(2, server.accepted());
            assertEquals(2, server.last().conn());
        }
    }

    @Test
    void unprobedIdleSocketThePeerClosedFailsTheCall() throws InterruptedException {
        // The control for the probe tests: below the probe threshold the engine cannot notice (OkHttp cannot
        // either), and it never retries on its own: the failure is the caller's to count.
        server.script(sendAndClose(ok(HEALTH)));
        try (QueenClient c = http1()) {
            c.health();
            await("the server to close", () -> server.closedByServer() == 1);
            assertEquals(ErrorKind.CONN, failure(c::health).kind());
            assertEquals(2, c.stats().requests(), "no silent second attempt");
        }
        assertEquals(1, server.accepted());
    }

    // ---- 8. idle cap

    @Test
    void idleConnectionsBeyondTheCapAreClosed() throws InterruptedException {
        int calls = 5;
        CountDownLatch allArrived = new CountDownLatch(calls);
        server.otherwise((req, out) -> {
            allArrived.countDown();
            allArrived.await(5, TimeUnit.SECONDS);
            out.write(ok(HEALTH).getBytes(UTF_8));
            return true;
        });
        try (QueenClient c = client(HttpEngine.HTTP1, cfg -> cfg.withIdleConns(2))) {
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> error = new AtomicReference<>();
            for (int i = 0; i < calls; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        c.health();
                    } catch (RuntimeException e) {
                        error.set(e);
                    }
                }));
            }
            for (Thread t : threads) assertTrue(t.join(Duration.ofSeconds(10)));
            assertNull(error.get());
            assertEquals(calls, server.accepted(), "the calls ran concurrently");
            await("the surplus connections to be closed", () -> server.closedByClient() == calls - 2);
            server.otherwise(send(ok(HEALTH)));
            for (int i = 0; i < 4; i++) c.health();
            assertEquals(calls, server.accepted(), "the two kept connections are reused");
            assertEquals(calls - 2, server.closedByClient());
        }
        await("close() to release the kept connections", () -> server.closedByClient() == calls);
    }
}
