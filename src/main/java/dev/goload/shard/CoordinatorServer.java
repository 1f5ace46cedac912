package dev.goload.shard;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;

/**
 * The start barrier over HTTP ({@code -coordinate-listen ADDR}), served by shard 0 or by any process:
 * <ul>
 *   <li>{@code GET /v1/time} → {@code {"epochNanos": N}}: the coordinator's clock, for each shard's offset
 *       measurement ({@link CoordinatorClient});</li>
 *   <li>{@code POST /v1/ready} with a {@link StartBarrier.Hello} → held until every shard is ready, then
 *       {@code 200 {"t0EpochMs": T0, "shards": N}}, or {@code 409 {"error": "…"}} when the run must not start.</li>
 * </ul>
 * Loopback or a cluster network only: the barrier carries no secret (run id, shard index, a configuration
 * fingerprint), and nothing it answers lets a caller change a run.
 */
public final class CoordinatorServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long one ready request is held; shards whose barrier takes longer re-register (idempotent). */
    static final long HOLD_MILLIS = 30_000;

    private final HttpServer server;
    private final ExecutorService executor;
    private final StartBarrier barrier;
    private final LongSupplier epochNanos;

    private CoordinatorServer(HttpServer server, ExecutorService executor, StartBarrier barrier,
                              LongSupplier epochNanos) {
        this.server = server;
        this.executor = executor;
        this.barrier = barrier;
        this.epochNanos = epochNanos;
    }

    public static CoordinatorServer start(InetSocketAddress bind, StartBarrier barrier, LongSupplier epochNanos)
            throws IOException {
        HttpServer server = HttpServer.create(bind, 256);
        ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(ex);
        CoordinatorServer c = new CoordinatorServer(server, ex, barrier, epochNanos);
        server.createContext("/v1/time", c::time);
        server.createContext("/v1/ready", c::ready);
        server.start();
        return c;
    }

    public URI url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort());
    }

    public StartBarrier barrier() {
        return barrier;
    }

    private void time(HttpExchange x) throws IOException {
        try (x) {
            if (!"GET".equals(x.getRequestMethod())) {
                reply(x, 405, Map.of("error", "GET only"));
                return;
            }
            reply(x, 200, Map.of("epochNanos", epochNanos.getAsLong()));
        }
    }

    private void ready(HttpExchange x) throws IOException {
        try (x) {
            if (!"POST".equals(x.getRequestMethod())) {
                reply(x, 405, Map.of("error", "POST only"));
                return;
            }
            StartBarrier.Hello h;
            try {
                h = JSON.readValue(x.getRequestBody(), StartBarrier.Hello.class);
            } catch (IOException e) {
                reply(x, 400, Map.of("error", "not a shard hello: " + e.getMessage()));
                return;
            }
            StartBarrier.Decision d = barrier.register(h);
            if (d == null) {
                try {
                    d = barrier.await(HOLD_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    reply(x, 503, Map.of("error", "coordinator stopping"));
                    return;
                }
            }
            if (d == null) {
                reply(x, 202, Map.of("waiting", true)); // still waiting for other shards: the client asks again
            } else if (d.ok()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("t0EpochMs", d.t0EpochMs());
                m.put("shards", d.shards().size());
                reply(x, 200, m);
            } else {
                reply(x, 409, Map.of("error", d.error()));
            }
        }
    }

    private static void reply(HttpExchange x, int status, Map<String, ?> body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, b.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
