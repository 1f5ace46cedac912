package dev.goload.broker;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** A parsed HTTP request as the routes see it. Immutable apart from the body array, which routes only read. */
record Request(String method, String path, String rawQuery, String tenant, byte[] body) {

    Map<String, String> query() {
        return query(rawQuery);
    }

    /** The decoded parameters of a raw query string; a repeated name keeps its last value. */
    static Map<String, String> query(String rawQuery) {
        Map<String, String> out = new HashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            out.put(decode(k), decode(v));
        }
        return out;
    }

    static String decode(String s) {
        return s.indexOf('%') < 0 && s.indexOf('+') < 0 ? s : URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    /** Path decoding: unlike form decoding, '+' is a literal plus. */
    static String decodeSegment(String s) {
        return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
