package dev.goload.client;

import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static dev.goload.client.RawHttpServer.sendAndClose;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The http1 engine reads each answer's body into an array it reuses for later answers ({@link AnswerBuffers}): what
 * a decoded answer returned must stay intact when the next answer overwrites the array, an array must not be reused
 * while its answer is being decoded, a shorter answer must never be read on into an earlier answer's bytes, and the
 * arrays kept are bounded. Driven through {@link Transport}, whose decoders see the array itself.
 */
class Http1EnginePooledBodyTest extends Http1EngineTestSupport {
    private static final String PID = "4718cfc5-da17-42ca-8377-c41bef03ce76";
    private static final String LEASE = "01a2290d-9dd9-7000-9b9a-fa31d4f91fb0";
    private static final Transport.CallSpec SPEC = new Transport.CallSpec("call failed: ", 10_000, false, false);

    private Transport transport;

    @BeforeEach
    void transport() {
        transport = new Transport(ClientConfig.of(server.url()).withHttpEngine(HttpEngine.HTTP1), new ClientStats());
        assertEquals(HttpEngine.HTTP1, transport.engine());
    }

    @AfterEach
    void closeTransport() {
        transport.close();
    }

    /** A pop answer of {@code n} messages whose ids start with {@code tag}, each with its own {@code data}. */
    private static String pop(String tag, int n) {
        StringBuilder b = new StringBuilder("{\"success\":true,\"queue\":\"q\",\"partition\":\"p0\",\"partitionId\":\"")
                .append(PID).append("\",\"leaseId\":\"").append(LEASE).append("\",\"messages\":[");
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            b.append("{\"transactionId\":\"").append(tag).append(i).append("\",\"partitionId\":\"").append(PID)
                    .append("\",\"leaseId\":\"").append(LEASE).append("\",\"queue\":\"q\",\"partition\":\"p0\",\"data\":{\"")
                    .append(tag).append("\":").append(i).append("},\"retryCount\":0}");
        }
        return b.append("]}").toString();
    }

    /** Asserts {@code ms} are exactly {@link #pop}'s {@code n} messages tagged {@code tag}. */
    private static void assertPopped(String tag, int n, List<Message> ms) {
        assertEquals(n, ms.size());
        for (int i = 0; i < n; i++) {
            Message m = ms.get(i);
            assertEquals(tag + i, m.transactionId());
            assertEquals("{\"" + tag + "\":" + i + "}", new String(m.data(), UTF_8), m.transactionId());
            assertEquals(PID, m.partitionId());
            assertEquals(LEASE, m.leaseId());
        }
    }

    private Request get() {
        return transport.request().url(server.url() + "/api/v1/pop/queue/q").get().build();
    }

    /** Pops once with the real decoder; {@code arrays} receives the array the answer's body was read into. */
    private PopResult pop(List<byte[]> arrays) {
        PopDecoder decoder = new PopDecoder(PopRequest.of("q").withBatch(10_000).withCaptureData(true));
        return transport.execute(get(), SPEC, (status, body) -> {
            arrays.add(body.array());
            return decoder.decode(status, body);
        });
    }

    @Test
    void aDecodedAnswerStaysIntactWhenTheNextAnswerReusesItsArray() {
        String a = pop("a", 40);
        String b = pop("b", 40);
        assertEquals(a.length(), b.length(), "the second answer overwrites every byte of the first");
        server.script(send(ok(a)), send(ok(b)), send(ok(pop("c", 3))));
        List<byte[]> arrays = new ArrayList<>();
        PopResult first = pop(arrays);
        PopResult second = pop(arrays);
        PopResult third = pop(arrays);
        assertSame(arrays.get(0), arrays.get(1), "one array for answers one after the other");
        assertSame(arrays.get(0), arrays.get(2));
        assertPopped("a", 40, first.messages());
        assertPopped("b", 40, second.messages());
        assertPopped("c", 3, third.messages());
        assertEquals(1, server.accepted());
    }

    @Test
    void anArrayIsNotReusedWhileItsAnswerIsBeingDecoded() {
        String outer = pop("o", 20);
        String inner = pop("i", 20);
        server.script(send(ok(outer)), send(ok(inner)));
        List<byte[]> arrays = new ArrayList<>();
        PopDecoder decoder = new PopDecoder(PopRequest.of("q").withBatch(100).withCaptureData(true));
        PopResult r = transport.execute(get(), SPEC, (status, body) -> {
            byte[] mine = body.array();
            int length = body.length();
            assertPopped("i", 20, pop(arrays).messages()); // another answer read and decoded meanwhile
            assertNotSame(mine, arrays.getFirst(), "an array in use is not lent to another answer");
            assertEquals(outer, new String(mine, 0, length, UTF_8), "this answer's bytes are still its own");
            return decoder.decode(status, body);
        });
        assertPopped("o", 20, r.messages());
    }

    /** How an answer's body is framed. */
    enum Framing {
        LENGTH(RawHttpServer::ok),
        CHUNKED(body -> new String(chunked(body, 7, body.length() / 2), UTF_8)),
        TO_CLOSE(body -> "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + body);

        final Function<String, String> answer;

        Framing(Function<String, String> answer) {
            this.answer = answer;
        }

        RawHttpServer.Reply reply(String body) {
            return this == TO_CLOSE ? sendAndClose(answer.apply(body)) : send(answer.apply(body));
        }
    }

    @ParameterizedTest
    @EnumSource(Framing.class)
    void aShorterAnswerIsNeverReadOnIntoAnEarlierAnswersBytes(Framing framing) {
        String whole = pop("t", 5);
        // the same bytes cut inside the third message: the array still holds the rest of the whole answer after them
        String cut = whole.substring(0, whole.indexOf("\"t2\"") + 6);
        server.script(framing.reply(whole), framing.reply(cut));
        List<byte[]> arrays = new ArrayList<>();
        assertPopped("t", 5, pop(arrays).messages());
        QueenException e = assertThrows(QueenException.class, () -> pop(arrays));
        assertEquals(ErrorKind.DECODE, e.kind(), e.getMessage());
        assertSame(arrays.get(0), arrays.get(1), "the cut answer was read into the whole one's array");
    }

    @ParameterizedTest
    @EnumSource(Framing.class)
    void aShorterAckAnswerIsNeverReadOnIntoAnEarlierAnswersBytes(Framing framing) {
        StringBuilder whole = new StringBuilder("[");
        for (int i = 0; i < 6; i++) {
            whole.append(i > 0 ? "," : "").append("{\"index\":").append(i)
                    .append(",\"success\":true,\"error\":null,\"dlq\":false}");
        }
        String all = whole.append(']').toString();
        // a whole answer of three items: the array then continues with the fourth item of the six
        String three = all.substring(0, all.indexOf(",{\"index\":3"));
        server.script(framing.reply(all), framing.reply(three), framing.reply(three + "]"));
        Request ack = transport.request().url(server.url() + "/api/v1/ack/batch").get().build();
        assertEquals(6, transport.execute(ack, SPEC, ResultDecoders.ack(6)).succeeded());
        QueenException e = assertThrows(QueenException.class, () -> transport.execute(ack, SPEC, ResultDecoders.ack(6)));
        assertEquals(ErrorKind.DECODE, e.kind(), "an answer cut before its bracket: " + e.getMessage());
        AckResult fewer = transport.execute(ack, SPEC, ResultDecoders.ack(6));
        assertEquals(0, fewer.succeeded(), "three results for six acks: every ack failed");
        assertTrue(fewer.firstError().contains("3 results for 6"), fewer.firstError());
    }

    @Test
    void answersLargerThanTheArrayGrowItAndAHugeOnesArrayIsNotKept() {
        int big = 3_000; // ~480 KB: more than the first answer's array
        int huge = 40_000; // ~6.5 MB: above what is kept
        server.script(send(ok(pop("s", 2))), send(ok(pop("b", big))), send(ok(pop("s", 2))),
                send(new String(chunked(pop("h", huge), 100, 70_000), UTF_8)), send(ok(pop("s", 2))));
        List<byte[]> arrays = new ArrayList<>();
        assertPopped("s", 2, pop(arrays).messages());
        assertPopped("b", big, pop(arrays).messages());
        assertPopped("s", 2, pop(arrays).messages());
        assertPopped("h", huge, pop(arrays).messages());
        assertPopped("s", 2, pop(arrays).messages());
        assertSame(arrays.get(1), arrays.get(2), "the grown array is the one kept");
        assertTrue(arrays.get(3).length > AnswerBuffers.MAX_KEPT, "the huge answer's array: " + arrays.get(3).length);
        assertNotSame(arrays.get(3), arrays.get(4), "the huge answer's array was not kept");
        assertTrue(arrays.get(4).length <= AnswerBuffers.MAX_KEPT);
    }

    @Test
    void anErrorAnswersBodyIsReadWithinItsLength() throws IOException {
        String longer = "{\"error\":\"" + "x".repeat(300) + "\"}";
        server.script(send(ok(longer)), send(RawHttpServer.answer("409 Conflict", "{\"code\":\"busy\"}")));
        Request r = get();
        assertEquals(longer, new String(transport.execute(r, SPEC, (status, body) -> body.bytes()), UTF_8));
        QueenException e = assertThrows(QueenException.class, () -> transport.execute(r, SPEC, (status, body) -> 0));
        assertEquals(409, e.status());
        assertEquals("{\"code\":\"busy\"}", e.body(), "the error's body is its own bytes only");
    }
}
