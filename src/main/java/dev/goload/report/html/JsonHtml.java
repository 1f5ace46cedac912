package dev.goload.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.config.SecretFlags;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Renders any JSON value as HTML tables: an object as name/value rows, an array of objects as one table with a column
 * per field (cloud's per-tenant rows, cm's stages), an array of scalars as a list. This is how a mode's
 * {@code section} appears without a renderer of its own. Values under a secret-looking name ({@link SecretFlags}) are
 * masked, in case a mode ever put one there. Stateless.
 */
final class JsonHtml {
    /** Rows shown per array; the rest stay in the record. */
    static final int MAX_ROWS = 500;

    private JsonHtml() {}

    static String render(JsonNode n) {
        StringBuilder b = new StringBuilder();
        render(n, b, 0);
        return b.toString();
    }

    private static void render(JsonNode n, StringBuilder b, int depth) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            b.append("");
        } else if (n.isObject()) {
            if (n.isEmpty()) return;
            b.append("<table>");
            n.properties().forEach(e -> {
                b.append("<tr><th>").append(Html.esc(e.getKey())).append("</th><td>");
                if (secret(e.getKey()) && e.getValue().isValueNode()) {
                    b.append("***");
                } else {
                    render(e.getValue(), b, depth + 1);
                }
                b.append("</td></tr>");
            });
            b.append("</table>");
        } else if (n.isArray()) {
            array(n, b, depth);
        } else {
            b.append(Html.esc(scalar(n)));
        }
    }

    private static void array(JsonNode n, StringBuilder b, int depth) {
        if (n.isEmpty()) {
            b.append("(none)");
            return;
        }
        boolean objects = true;
        for (JsonNode e : n) objects &= e.isObject();
        if (!objects) {
            List<String> items = new ArrayList<>();
            boolean scalars = true;
            for (JsonNode e : n) scalars &= e.isValueNode();
            if (scalars) {
                for (JsonNode e : n) items.add(scalar(e));
                b.append(Html.esc(String.join(", ", items)));
            } else {
                b.append("<ul>");
                int shown = 0;
                for (JsonNode e : n) {
                    if (shown++ == MAX_ROWS) break;
                    b.append("<li>");
                    render(e, b, depth + 1);
                    b.append("</li>");
                }
                b.append("</ul>");
                more(n.size(), b);
            }
            return;
        }
        Set<String> cols = new LinkedHashSet<>();
        for (JsonNode e : n) e.fieldNames().forEachRemaining(cols::add);
        b.append("<table><tr>");
        for (String c : cols) b.append("<th>").append(Html.esc(c)).append("</th>");
        b.append("</tr>");
        int shown = 0;
        for (JsonNode e : n) {
            if (shown++ == MAX_ROWS) break;
            b.append("<tr>");
            for (String c : cols) {
                JsonNode v = e.path(c);
                b.append(v.isNumber() ? "<td class=\"n\">" : "<td>");
                if (secret(c) && v.isValueNode()) {
                    b.append("***");
                } else {
                    render(v, b, depth + 1);
                }
                b.append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</table>");
        more(n.size(), b);
    }

    private static void more(int size, StringBuilder b) {
        if (size > MAX_ROWS) {
            b.append("<p class=\"note\">… ").append(size - MAX_ROWS).append(" more (in the run record)</p>");
        }
    }

    private static String scalar(JsonNode n) {
        if (n.isFloatingPointNumber()) return Html.num(n.asDouble());
        return n.asText();
    }

    private static boolean secret(String key) {
        return SecretFlags.isSecret(key.toLowerCase(Locale.ROOT));
    }
}
