package dev.goload.client;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the {@link Http1Engine} tests share: a fresh {@link RawHttpServer} per test, clients on either engine,
 * scripted answers and failure capture. Each test drives the engine through {@link QueenClient}.
 */
abstract class Http1EngineTestSupport {
    static final String HEALTH = "{\"status\":\"healthy\",\"n\":[1,2,3],\"s\":\"ünïcødé ✓\"}";

    RawHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = new RawHttpServer();
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    QueenClient client(HttpEngine engine, UnaryOperator<ClientConfig> tweak) {
        QueenClient c = new QueenClient(tweak.apply(ClientConfig.of(server.url()).withHttpEngine(engine)));
        assertEquals(engine, c.engine(), "a proxy setting must not route the test through another engine");
        return c;
    }

    QueenClient http1() {
        return client(HttpEngine.HTTP1, UnaryOperator.identity());
    }

    static QueenException failure(Runnable call) {
        return assertThrows(QueenException.class, call::run);
    }

    /** {@code body} chunked at the given byte offsets, with chunk extensions, upper-case hex and trailers. */
    static byte[] chunked(String body, int... cuts) {
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

    /** The failure {@code engine} reports for a delete answered with {@code reply}. */
    QueenException failureOf(HttpEngine engine, RawHttpServer.Reply reply) {
        server.script(reply);
        try (QueenClient c = client(engine, UnaryOperator.identity())) {
            return failure(() -> c.deleteQueue("q"));
        }
    }
}
