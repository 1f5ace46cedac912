package dev.goload.client;

import static dev.goload.client.RawHttpServer.await;
import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Engine} against RFC 9112 framing the peer could mean two ways: each such answer fails the call
 * (never a guessed body) and closes its socket; the next call connects afresh. Identical duplicate
 * Content-Length values are one length (RFC 9110 §8.6, as Go reads them).
 */
class Http1EngineFramingTest extends Http1EngineTestSupport {
    private static final String BODY = "{\"status\":\"healthy\"}";

    /**
     * The call answered with {@code head} + blank line + {@link #BODY} fails with a message naming
     * {@code reason}, and its socket is dropped.
     */
    private void assertRejected(String head, String reason) throws InterruptedException {
        server.script(send(head + "\r\n\r\n" + BODY));
        try (QueenClient c = http1()) {
            QueenException e = failure(c::health);
            assertEquals(0, e.status(), e.getMessage());
            await("the client to drop the socket", () -> server.closedByClient(1));
            assertEquals("{}", c.health().toString(), "the next call runs on a new socket");
            assertEquals(2, server.accepted());
            assertEquals(0, c.stats().reconnects(), "an answer arrived: never re-sent");
            assertTrue(e.getMessage().contains(reason), e.getMessage());
        }
    }

    @Test
    void contentLengthTogetherWithTransferEncodingIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: 20\r\nTransfer-Encoding: chunked", "both Content-Length and Transfer-Encoding");
    }

    @Test
    void conflictingContentLengthsAreRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: 20\r\nContent-Length: 21", "conflicting Content-Length");
    }

    @Test
    void conflictingContentLengthListIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: 20, 2", "conflicting Content-Length");
    }

    @Test
    void signedContentLengthIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: +20", "bad Content-Length");
    }

    @Test
    void identicalDuplicateContentLengthsAreOneLength() {
        server.script(send("HTTP/1.1 200 OK\r\nContent-Length: 20\r\nContent-Length: 20\r\n\r\n" + BODY),
                send("HTTP/1.1 200 OK\r\nContent-Length: 20, 20\r\n\r\n" + BODY));
        try (QueenClient c = http1()) {
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals("healthy", c.health().path("status").asText());
            assertEquals("{}", c.health().toString(), "the socket stayed in step");
        }
        assertEquals(1, server.accepted());
    }

    @Test
    void transferEncodingWhoseFinalCodingIsNotChunkedIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip", "unsupported Transfer-Encoding");
    }

    @Test
    void transferEncodingWithACodingBeforeChunkedIsRejected() throws InterruptedException {
        // the old check, contains("chunked"), took this and handed gzip bytes to the JSON decoder
        assertRejected("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked", "unsupported Transfer-Encoding");
    }

    @Test
    void transferEncodingSplitOverTwoLinesIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked", "unsupported Transfer-Encoding");
    }

    @Test
    void obsFoldLineIsRejectedNotReadAsAHeader() throws InterruptedException {
        // the folded line holds a colon: it used to become a header named "X-Fold"
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: 20\r\nX-Note: a\r\n X-Fold: b", "obsolete line folding");
    }

    @Test
    void obsFoldLineStartingWithATabIsRejected() throws InterruptedException {
        assertRejected("HTTP/1.1 200 OK\r\nContent-Length: 20\r\nX-Note: a\r\n\tcontinued", "obsolete line folding");
    }

    @Test
    void headerCountIsBounded() throws InterruptedException {
        StringBuilder h = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Length: 20");
        for (int i = 0; i < Http1Codec.MAX_HEADER_FIELDS; i++) h.append("\r\nX-").append(i).append(": v");
        assertRejected(h.toString(), "header fields");
    }

    @Test
    void headerCountAtTheBoundIsAccepted() {
        StringBuilder h = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Length: 20");
        for (int i = 1; i < Http1Codec.MAX_HEADER_FIELDS; i++) h.append("\r\nX-").append(i).append(": v");
        server.script(send(h + "\r\n\r\n" + BODY));
        try (QueenClient c = http1()) {
            assertEquals("healthy", c.health().path("status").asText());
        }
    }

    @Test
    void headerSectionSizeIsBounded() throws InterruptedException {
        StringBuilder h = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Length: 20");
        String value = "v".repeat(8_000); // each line fits the read buffer; nine of them do not fit the section
        for (int i = 0; i < 9; i++) h.append("\r\nX-").append(i).append(": ").append(value);
        assertRejected(h.toString(), "header section longer than");
    }

    @Test
    void readToCloseBodyIsBounded() throws InterruptedException {
        byte[] head = "HTTP/1.1 200 OK\r\n\r\n".getBytes(UTF_8);
        byte[] answer = Arrays.copyOf(head, head.length + Http1Connection.MAX_READ_TO_CLOSE_BODY + 1);
        Arrays.fill(answer, head.length, answer.length, (byte) ' ');
        server.script((req, out) -> {
            try {
                out.write(answer);
            } catch (java.io.IOException closedByTheClient) {
                // expected: the client stops reading at the bound
            }
            return false;
        });
        try (QueenClient c = http1()) {
            QueenException e = failure(c::health);
            assertTrue(e.getMessage().contains("body without length longer than"), e.getMessage());
            assertEquals("{}", c.health().toString());
        }
    }

    @Test
    void readToCloseBodyJustBelowTheBoundIsRead() {
        server.otherwise(send(ok("{}")));
        server.script(RawHttpServer.sendAndClose("HTTP/1.1 200 OK\r\n\r\n{\"s\":\"" + "x".repeat(3 * Http1Connection.READ_BUFFER) + "\"}"));
        try (QueenClient c = http1()) {
            assertEquals(3 * Http1Connection.READ_BUFFER, c.health().path("s").asText().length());
        }
    }
}
