package dev.goload.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a message look-up answer in both generations: the C++ broker answers 200 for everything, "not found" being
 * {@code {"error":"Message not found"}}; generation B (and the embedded broker) answers that body with a real 404.
 * Any other 404/405/501, or a body without the message's fields, means the route is not served here (an older
 * broker, a proxy that does not forward it): {@link MessageLookup.Outcome#UNAVAILABLE}. Stateless.
 */
final class MessageLookupDecoder {
    private static final String NOT_FOUND = "message not found";

    private MessageLookupDecoder() {
    }

    static MessageLookup decode(int status, byte[] body) {
        JsonNode n;
        try {
            n = RequestBodies.MAPPER.readTree(body);
        } catch (IOException e) {
            n = null;
        }
        if (n == null || !n.isObject()) {
            return MessageLookup.unavailable("HTTP " + status + ": " + snippet(body));
        }
        JsonNode err = n.get("error");
        if (err != null && err.isTextual() && !err.asText().isEmpty()) {
            return err.asText().toLowerCase(java.util.Locale.ROOT).contains(NOT_FOUND) ? MessageLookup.notFound()
                    : MessageLookup.unavailable("HTTP " + status + ": " + snippet(body));
        }
        if (!n.has("transactionId") && !n.has("consumerGroups")) {
            return MessageLookup.unavailable("HTTP " + status + ": answer without the message's fields");
        }
        List<MessageLookup.Group> groups = new ArrayList<>();
        for (JsonNode g : n.path("consumerGroups")) {
            groups.add(new MessageLookup.Group(g.path("name").asText(""), g.path("consumed").asBoolean(false),
                    bool(g.get("delivered")), bool(g.get("acked")), text(g.get("leaseExpiresAt"))));
        }
        JsonNode rc = n.get("retryCount");
        return new MessageLookup(MessageLookup.Outcome.FOUND, text(n.get("status")),
                rc == null || !rc.isNumber() ? null : rc.asInt(), text(n.get("leaseExpiresAt")), List.copyOf(groups),
                null);
    }

    /** A failed call's answer: 404/405/501 are decoded (a "not found" body is an answer), else null. */
    static MessageLookup fromError(QueenException e) {
        int s = e.status();
        if (s != 404 && s != 405 && s != 501) return null;
        String b = e.body() == null ? "" : e.body();
        return decode(s, b.getBytes(StandardCharsets.UTF_8));
    }

    private static Boolean bool(JsonNode v) {
        return v == null || !v.isBoolean() ? null : v.asBoolean();
    }

    private static String text(JsonNode v) {
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String snippet(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8).strip();
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
