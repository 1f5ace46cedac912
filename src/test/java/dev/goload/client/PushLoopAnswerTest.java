package dev.goload.client;

import static dev.goload.client.PushLoopDriver.ONE_QUEUED;
import static dev.goload.client.RawHttpServer.*;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The push loop reads answers as the blocking http1 engine does (framing, chunked, 1xx, limits) and fails exactly as
 * the blocking client fails: the same {@link QueenException} kind, status and message for the same scripted answer.
 */
class PushLoopAnswerTest extends Http1EngineTestSupport {
    private static final String ITEM = "[{\"index\":0,\"status\":\"queued\"}]";

    private PushResult pushOnLoop(UnaryOperator<ClientConfig> tweak) throws Exception {
        try (QueenClient c = client(HttpEngine.HTTP1, tweak); PushLoopDriver d = new PushLoopDriver(c, 1, true).start()) {
            return d.nextResult();
        }
    }

    @Test
    void contentLengthAnswerIsDecodedWithTheBlockingPathsDecoder() throws Exception {
        server.script(send(ONE_QUEUED));
        PushResult r = pushOnLoop(UnaryOperator.identity());
        assertEquals(1, r.accepted());
        assertEquals(201, r.httpStatus());
    }

    @Test
    void chunkedAnswerSplitAcrossOneByteReadsIsReadWhole() throws Exception {
        server.script(trickle(chunked(ITEM, 3, 10, 11)));
        assertEquals(1, pushOnLoop(UnaryOperator.identity()).accepted());
    }

    @Test
    void interimAnswersAreSkipped() throws Exception {
        server.script(send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n" + ONE_QUEUED));
        assertEquals(1, pushOnLoop(UnaryOperator.identity()).accepted());
        assertEquals(1, server.accepted());
    }

    @Test
    void readToCloseBodyEndsAtEof() throws Exception {
        server.script(sendAndClose("HTTP/1.1 200 OK\r\n\r\n" + ITEM));
        assertEquals(1, pushOnLoop(UnaryOperator.identity()).accepted());
    }

    @Test
    void identicalDuplicateContentLengthsAreOneLength() throws Exception {
        byte[] b = ITEM.getBytes(UTF_8);
        server.script(send("HTTP/1.1 200 OK\r\nContent-Length: " + b.length + "\r\nContent-Length: " + b.length + ", "
                + b.length + "\r\n\r\n" + ITEM));
        assertEquals(1, pushOnLoop(UnaryOperator.identity()).accepted());
    }

    static Stream<Arguments> failures() {
        String ok = ITEM;
        return Stream.of(
                Arguments.of("503 with a JSON code", send(answer("503 Service Unavailable", "{\"code\":\"busy\",\"error\":\"later\"}",
                        "Retry-After: 2"))),
                Arguments.of("429", send(answer("429 Too Many Requests", "slow down"))),
                Arguments.of("garbage status line", send("HTTX/1.1 200 OK\r\n\r\n")),
                Arguments.of("conflicting lengths", send("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")),
                Arguments.of("length and chunked", send("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n")),
                Arguments.of("gzip coding", send("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n")),
                Arguments.of("obs-fold", send("HTTP/1.1 200 OK\r\nX-A: 1\r\n  folded\r\nContent-Length: 0\r\n\r\n")),
                Arguments.of("bad chunk size", send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")),
                Arguments.of("chunk without CRLF", send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n")),
                Arguments.of("body cut short", sendAndClose("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n[{")),
                Arguments.of("EOF before the answer on a fresh socket", sendAndClose("")),
                Arguments.of("not JSON", send(answer("200 OK", "<html>"))),
                Arguments.of("fewer results than items", send(answer("200 OK", "[]"))),
                Arguments.of("line beyond the read buffer", send("HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(Http1Connection.READ_BUFFER) + "\r\n\r\n")),
                Arguments.of("too many fields", send("HTTP/1.1 200 OK\r\n" + "X-A: 1\r\n".repeat(Http1Codec.MAX_HEADER_FIELDS + 1) + "\r\n")),
                Arguments.of("ok for comparison", send(answer("200 OK", ok))));
    }

    /** Same failure, or same result, from the blocking client and from the loop, for each scripted answer. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void theLoopFailsExactlyAsTheBlockingClient(String what, Reply reply) throws Exception {
        server.script(reply);
        Object blocking;
        try (QueenClient c = http1()) {
            try {
                blocking = c.push("q", "p", PushLoopDriver.PAYLOAD, 1);
            } catch (QueenException e) {
                blocking = e;
            }
        }
        server.script(reply);
        Object looped;
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 1, true).start()) {
            looped = d.next();
            assertEquals(blockingErrors(blocking), c.stats().errorsByKind().entrySet().stream()
                    .filter(e -> e.getValue() > 0).map(e -> e.getKey()).toList(), "client error counters");
            assertEquals(1, c.stats().requests());
        }
        assertEquals(describe(blocking), describe(looped), what);
    }

    private static List<ErrorKind> blockingErrors(Object outcome) {
        return outcome instanceof QueenException e ? List.of(e.kind()) : List.of();
    }

    private static String describe(Object o) {
        if (o instanceof QueenException e) {
            return "failure kind=" + e.kind() + " status=" + e.status() + " retryAfter=" + e.retryAfterSeconds()
                    + " message=" + e.getMessage();
        }
        PushResult r = (PushResult) o;
        return "result status=" + r.httpStatus() + " accepted=" + r.accepted() + " failed=" + r.failed()
                + " unknown=" + r.unknown() + " firstError=" + r.firstError();
    }

    @Test
    void aRefusedConnectFailsAsTheBlockingClientsConnectFailure() throws Exception {
        // a port bound but not listening refuses connects, and stays ours: a closed server's port could be bound
        // again by another test's server in the meantime (seen once in a combined run)
        java.net.Socket holder = new java.net.Socket();
        holder.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0));
        String url = "http://127.0.0.1:" + holder.getLocalPort();
        try (holder) {
            refused(url);
        }
    }

    private void refused(String url) throws Exception {
        QueenException blocking;
        try (QueenClient c = new QueenClient(ClientConfig.of(url).withHttpEngine(HttpEngine.HTTP1))) {
            blocking = failure(() -> c.push("q", "p", PushLoopDriver.PAYLOAD, 1));
        }
        try (QueenClient c = new QueenClient(ClientConfig.of(url).withHttpEngine(HttpEngine.HTTP1));
             PushLoopDriver d = new PushLoopDriver(c, 1, true).start()) {
            QueenException looped = d.nextFailure();
            assertEquals(blocking.kind(), looped.kind());
            assertEquals(ErrorKind.CONN, looped.kind());
            assertEquals(blocking.getMessage(), looped.getMessage());
            assertEquals(0, c.stats().connections().opened());
        }
    }
}
