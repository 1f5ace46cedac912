package dev.goload.endpoint;

import dev.goload.metrics.ProcessCpuClock;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * A Queen look-alike that answers at once with fixed bodies, so a benchmark measures the loader and not a
 * broker: {@code POST /api/v1/push} → 201 with a fixed N-item result array, {@code GET /api/v1/pop/…} → 200
 * with N messages, {@code POST /api/v1/ack/batch} → a fixed N-item success array, {@code /api/v1/ack},
 * {@code /api/v1/configure} and {@code /health} small bodies; {@code GET /bench/stats} reports its own CPU
 * time, request counts and RSS so the harness can subtract or compare the endpoint's share of the machine.
 *
 * <p>Run as its own JVM by {@code goload endpoint -port 0} (docs/endpoint.md): it prints
 * {@code goload endpoint listening on http://host:port} and serves until killed; the launcher's AOT training and
 * {@code scripts/bench} start it too. The push and ack answers do not depend on the request, so the loader's
 * {@code -push-batch} must equal {@code -push-items} and its pop batch {@code -ack-items}, or every item is
 * (correctly) reported failed.
 *
 * <p>Threading: {@link NioHttpServer}'s selector threads ({@code -threads}) call {@link #answer}, which is
 * stateless apart from {@link LongAdder} counters. Request bodies are discarded as they arrive, unparsed.
 */
public final class FixedEndpoint {
    private final FixedBodies bodies;
    private final LongAdder push = new LongAdder();
    private final LongAdder pop = new LongAdder();
    private final LongAdder ack = new LongAdder();
    private final LongAdder other = new LongAdder();
    private final ByteBuffer pushAnswer;
    private final ByteBuffer popAnswer;
    private final ByteBuffer ackBatchAnswer;
    private final ByteBuffer ackOneAnswer;
    private final ByteBuffer configureAnswer;
    private final ByteBuffer healthAnswer;
    private final ByteBuffer notFoundAnswer;

    FixedEndpoint(FixedBodies bodies) {
        this.bodies = bodies;
        this.pushAnswer = NioHttpServer.response(201, "Created", bodies.push);
        this.popAnswer = NioHttpServer.response(200, "OK", bodies.pop);
        this.ackBatchAnswer = NioHttpServer.response(200, "OK", bodies.ackBatch);
        this.ackOneAnswer = NioHttpServer.response(200, "OK", bodies.ackOne);
        this.configureAnswer = NioHttpServer.response(201, "Created", bodies.configure);
        this.healthAnswer = NioHttpServer.response(200, "OK", bodies.health);
        this.notFoundAnswer = NioHttpServer.response(404, "Not Found", bodies.notFound);
    }

    /**
     * The endpoint with its answers' shapes ({@code cli/EndpointCommand} parses them from flags).
     *
     * @param fullPushAnswer push result items with every field of both generations (the embedded broker's, ~4x
     *                       bytes) instead of generation B's {@code {"status","transactionId"}}
     */
    public static FixedEndpoint of(int pushItems, int popMessages, int ackItems, int payloadBytes,
                                   boolean fullPushAnswer) {
        return new FixedEndpoint(new FixedBodies(pushItems, popMessages, ackItems, payloadBytes,
                fullPushAnswer ? FixedBodies.PushAnswer.FULL : FixedBodies.PushAnswer.GENB));
    }

    /** A started endpoint: its port, and {@link #close()} stops it (its selector threads and its socket). */
    public static final class Serving implements AutoCloseable {
        private final NioHttpServer server;

        private Serving(NioHttpServer server) {
            this.server = server;
        }

        public int port() {
            return server.port();
        }

        /** Blocks until {@link #close()} (from another thread) has stopped the endpoint. */
        public void awaitClosed() throws InterruptedException {
            server.awaitClosed();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    /** Starts serving on {@code bind} until the returned handle is closed. */
    public Serving start(InetSocketAddress bind, int threads) throws IOException {
        return new Serving(serve(bind, threads));
    }

    /** Starts serving on {@code bind}; close the returned server to stop. */
    NioHttpServer serve(InetSocketAddress bind, int threads) throws IOException {
        NioHttpServer server = new NioHttpServer(bind, threads, this::answer);
        server.start();
        return server;
    }

    private ByteBuffer answer(String method, String path) {
        if (method.equals("POST") && path.equals("/api/v1/push")) {
            push.increment();
            return pushAnswer;
        }
        if (method.equals("GET") && path.startsWith("/api/v1/pop/")) {
            pop.increment();
            return popAnswer;
        }
        if (method.equals("POST") && path.equals("/api/v1/ack/batch")) {
            ack.increment();
            return ackBatchAnswer;
        }
        if (path.equals("/bench/stats")) {
            return NioHttpServer.response(200, "OK", stats().getBytes(StandardCharsets.US_ASCII));
        }
        other.increment();
        if (method.equals("POST") && path.equals("/api/v1/ack")) return ackOneAnswer;
        if (method.equals("POST") && path.equals("/api/v1/configure")) return configureAnswer;
        if (path.equals("/health")) return healthAnswer;
        return notFoundAnswer;
    }

    /** The endpoint's own resource use, for the harness's ratios. */
    String stats() {
        return "{\"cpuNanos\":" + ProcessCpuClock.nanos() + ",\"push\":" + push.sum() + ",\"pop\":" + pop.sum()
                + ",\"ack\":" + ack.sum() + ",\"other\":" + other.sum()
                + ",\"pushBodyBytes\":" + bodies.push.length + ",\"popBodyBytes\":" + bodies.pop.length
                + ",\"ackBodyBytes\":" + bodies.ackBatch.length + "}";
    }
}
