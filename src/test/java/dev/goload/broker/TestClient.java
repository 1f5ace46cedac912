package dev.goload.broker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain java.net.http client for broker tests; one per test, thread-safe. */
final class TestClient {
    static final ObjectMapper JSON = new ObjectMapper();

    record Resp(int status, String body, JsonNode json) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String tenant;

    TestClient(String base) {
        this(base, null);
    }

    TestClient(String base, String tenant) {
        this.base = base;
        this.tenant = tenant;
    }

    TestClient forTenant(String t) {
        return new TestClient(base, t);
    }

    Resp post(String path, String body) {
        return send(builder(path).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A POST whose length is not declared, so the body goes chunked. */
    Resp postChunked(String path, String body) {
        byte[] b = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return send(builder(path).POST(HttpRequest.BodyPublishers.ofInputStream(
                () -> new java.io.ByteArrayInputStream(b))));
    }

    Resp get(String path) {
        return send(builder(path).GET());
    }

    Resp delete(String path) {
        return send(builder(path).DELETE());
    }

    Resp push(String queue, String partition, String payload) {
        return post("/api/v1/push", "{\"items\":[{\"queue\":\"" + queue + "\",\"partition\":\"" + partition
                + "\",\"payload\":" + payload + "}]}");
    }

    Resp pop(String queueAndQuery) {
        return get("/api/v1/pop/queue/" + queueAndQuery);
    }

    Resp ack(JsonNode message, String status) {
        return post("/api/v1/ack", "{\"transactionId\":\"" + message.get("transactionId").asText()
                + "\",\"partitionId\":\"" + message.get("partitionId").asText() + "\",\"leaseId\":\""
                + message.get("leaseId").asText() + "\",\"status\":\"" + status + "\"}");
    }

    private HttpRequest.Builder builder(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(40))
                .header("Content-Type", "application/json");
        if (tenant != null) {
            b.header("x-queen-tenant", tenant);
        }
        return b;
    }

    private Resp send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = MissingNode.getInstance();
            String body = r.body();
            if (body != null && !body.isEmpty() && (body.startsWith("{") || body.startsWith("["))) {
                json = JSON.readTree(body);
            }
            return new Resp(r.statusCode(), body, json);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
