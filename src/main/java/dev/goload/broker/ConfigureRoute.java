package dev.goload.broker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /api/v1/configure}: merges the given options into the queue's bag (generation B ≥ 1.6.0), or resets
 * unspecified ones to defaults with {@code "mode":"replace"}. Unknown options are kept and echoed (generation A drops
 * them; keeping them lets callers see what they sent). Not a hot path, so it reads a JSON tree. Thread-safe.
 */
final class ConfigureRoute {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Registry registry;

    ConfigureRoute(Registry registry) {
        this.registry = registry;
    }

    Reply handle(Request r) throws IOException {
        if (r.body().length == 0) {
            throw new BadRequest("Empty request body");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(r.body());
        } catch (JsonProcessingException e) {
            throw new BadRequest("Invalid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new BadRequest("Request body must be a JSON object");
        }
        JsonNode queueNode = root.get("queue");
        if (queueNode == null || !queueNode.isTextual() || queueNode.asText().isEmpty()) {
            throw new BadRequest("queue is required");
        }
        Map<String, Object> given = new LinkedHashMap<>();
        JsonNode options = root.get("options");
        if (options != null && options.isObject()) {
            options.properties().forEach(e -> given.put(e.getKey(), MAPPER.convertValue(e.getValue(), Object.class)));
        }
        boolean replace = "replace".equals(root.path("mode").asText(""));
        QueueState q = registry.queue(r.tenant(), queueNode.asText());
        QueueConfig next;
        synchronized (q) { // configure calls on one queue apply in some order, never interleaved
            try {
                next = q.config().apply(given, replace, registry.defaultConfig());
            } catch (IllegalArgumentException e) {
                throw new BadRequest(e.getMessage());
            }
            q.configure(next);
        }
        JsonOut out = new JsonOut(512).beginObject()
                .field("configured", true)
                .field("queue", q.name)
                .field("namespace", textOrNull(root.get("namespace")))
                .field("task", textOrNull(root.get("task")))
                .field("mode", replace ? "replace" : "merge");
        out.name("options").raw(MAPPER.writeValueAsBytes(next.options()));
        return Reply.json(200, out.endObject());
    }

    private static String textOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }
}
