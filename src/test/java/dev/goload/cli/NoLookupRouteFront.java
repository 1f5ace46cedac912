package dev.goload.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A broker without the message look-up API, for tests: forwards every request to {@code upstream} except
 * {@code /api/v1/messages/…}, which it answers as the C++ broker answers an unknown path (404 with uWS's HTML page).
 * Loopback only; one virtual thread per exchange.
 */
final class NoLookupRouteFront implements AutoCloseable {
    private static final byte[] NOT_FOUND_PAGE =
            "<html><body><h1>File Not Found</h1><hr><i>uWebSockets/20 Server</i></body></html>"
                    .getBytes(StandardCharsets.UTF_8);
    private static final List<String> FORWARDED = List.of("Content-Type", "Accept", "Authorization", "x-queen-tenant");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String upstream;

    NoLookupRouteFront(String upstream) throws IOException {
        this.upstream = upstream;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body = ex.getRequestBody().readAllBytes();
            if (ex.getRequestURI().getRawPath().startsWith("/api/v1/messages/")) {
                reply(ex, 404, "text/html", NOT_FOUND_PAGE);
                return;
            }
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(upstream + ex.getRequestURI()))
                    .timeout(Duration.ofSeconds(60))
                    .method(ex.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (String h : FORWARDED) {
                String v = ex.getRequestHeaders().getFirst(h);
                if (v != null) b.header(h, v);
            }
            HttpResponse<byte[]> r;
            try {
                r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reply(ex, 503, "application/json", "{\"error\":\"front stopping\"}".getBytes(StandardCharsets.UTF_8));
                return;
            }
            reply(ex, r.statusCode(), r.headers().firstValue("Content-Type").orElse("application/json"), r.body());
        }
    }

    private static void reply(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream os = ex.getResponseBody()) {
                os.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
