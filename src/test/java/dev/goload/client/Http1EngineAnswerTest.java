package dev.goload.client;

import static dev.goload.client.RawHttpServer.answer;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static dev.goload.client.RawHttpServer.trickle;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Engine} answers: Content-Length, chunked and read-to-close bodies (split across reads, larger than
 * the buffers), interim and reason-less status lines, and error answers whose status, code, Retry-After, body and
 * message must match OkHttp's.
 */
class Http1EngineAnswerTest extends Http1EngineTestSupport {
    // ---- framing

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

    // ---- status lines

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

    // ---- error answers

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
}
