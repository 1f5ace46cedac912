package dev.goload.broker;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Forwards the proxy personality's admitted requests to a real (or another embedded) broker over HTTP, as the
 * cell proxy does (queen-wire.md §B.4): {@code Authorization} and {@code Host} are not forwarded, the resolved
 * tenant goes in {@code x-queen-tenant}, and each request gets an {@code x-queen-request-id}. No client-side
 * timeout: a long-poll is bounded by its own {@code timeout}, which the broker enforces. Broker answers pass
 * through unchanged; an unreachable broker is a 502, as a proxy answers.
 *
 * <p>Thread-safe (one JDK {@link HttpClient}, HTTP/1.1 keep-alive, called from request virtual threads).
 */
final class HttpUpstream implements Upstream {
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    HttpUpstream(URI base) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
    }

    @Override
    public Reply dispatch(Request r) throws IOException {
        String target = base + r.path() + (r.rawQuery() == null || r.rawQuery().isEmpty() ? "" : "?" + r.rawQuery());
        HttpRequest.BodyPublisher body = r.body() == null || r.body().length == 0
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(r.body());
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(target))
                .method(r.method(), body)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header(ProxyFront.REQUEST_ID_HEADER, Ids.uuidV7(System.currentTimeMillis()));
        if (r.tenant() != null) {
            b.header("x-queen-tenant", r.tenant());
        }
        try {
            HttpResponse<byte[]> resp = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            byte[] bytes = resp.body();
            return new Reply(resp.statusCode(), resp.statusCode() == 204 || bytes == null || bytes.length == 0
                    ? (resp.statusCode() == 204 ? null : new byte[0]) : bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while forwarding to " + base, e);
        } catch (IOException e) {
            return Reply.error(502, "upstream broker " + base + " unreachable: " + e.getMessage());
        }
    }
}
