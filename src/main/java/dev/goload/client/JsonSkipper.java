package dev.goload.client;

import static dev.goload.client.JsonBytes.BAIL;
import static dev.goload.client.JsonBytes.asciiString;
import static dev.goload.client.JsonBytes.booleanValue;
import static dev.goload.client.JsonBytes.digit;
import static dev.goload.client.JsonBytes.number;
import static dev.goload.client.JsonBytes.special;
import static dev.goload.client.JsonBytes.ws;

/**
 * {@link PopScanner}'s validation of the values it does not read (and of {@code data} it keeps): each skipped as
 * Jackson would read it, or BAIL for anything Jackson might read otherwise (non-ASCII, too deep, too long).
 * Stateless.
 */
final class JsonSkipper {
    /** Deepest nesting scanned (Jackson's own limit is higher, so nothing it accepts is rejected here first). */
    static final int MAX_DEPTH = 100;
    /** Longest string or number scanned (far below Jackson's limits, which a longer one could hit). */
    static final int MAX_TOKEN = 1_000_000;
    private static final int MAX_NUMBER = 500;

    private JsonSkipper() {
    }

    /**
     * Skips the value at {@code p}, validating it as Jackson would; its end, or BAIL. {@code verbatim}: also BAIL
     * unless the bytes are exactly what Jackson's generator writes for it (no whitespace, no escapes, integers only),
     * so they can be kept as the captured {@code data}. The text ends at {@code n} ({@link JsonBytes}).
     */
    static int skip(byte[] b, int n, int p, int depth, boolean verbatim) {
        if (p >= n) return BAIL;
        byte c = b[p];
        if (c == '"') return verbatim ? verbatimString(b, n, p) : skipString(b, n, p);
        if (c == '{' || c == '[') {
            if (depth > MAX_DEPTH) return BAIL;
            byte close = c == '{' ? (byte) '}' : (byte) ']';
            p = gap(b, n, p + 1, verbatim);
            if (p == BAIL || p >= n) return BAIL;
            if (b[p] == close) return p + 1;
            while (true) {
                if (c == '{') {
                    if (b[p] != '"') return BAIL;
                    p = verbatim ? verbatimString(b, n, p) : skipString(b, n, p);
                    if (p == BAIL) return BAIL;
                    p = gap(b, n, p, verbatim);
                    if (p == BAIL || p >= n || b[p] != ':') return BAIL;
                    p = gap(b, n, p + 1, verbatim);
                    if (p == BAIL) return BAIL;
                }
                p = skip(b, n, p, depth + 1, verbatim);
                if (p == BAIL) return BAIL;
                p = gap(b, n, p, verbatim);
                if (p == BAIL || p >= n) return BAIL;
                if (b[p] == close) return p + 1;
                if (b[p] != ',') return BAIL;
                p = gap(b, n, p + 1, verbatim);
                if (p == BAIL) return BAIL;
            }
        }
        int literalEnd = booleanValue(b, n, p);
        if (literalEnd != BAIL) return literalEnd;
        int end = number(b, n, p);
        if (end == BAIL || end - p > MAX_NUMBER) return BAIL;
        if (verbatim && !plainInteger(b, p, end)) return BAIL;
        return end;
    }

    /** Jackson writes an integer as its value: the same digits, unless {@code -0}, a fraction, or an exponent. */
    private static boolean plainInteger(byte[] b, int from, int to) {
        if (to - from > 18) return false; // beyond a long Jackson's generator still writes the digits, but stay safe
        if (b[from] == '-' && to - from == 2 && b[from + 1] == '0') return false;
        for (int i = b[from] == '-' ? from + 1 : from; i < to; i++) if (!digit(b[i])) return false;
        return true;
    }

    /** A string at {@code p} of ASCII without escapes: its end (after the quote), or BAIL. */
    private static int verbatimString(byte[] b, int n, int p) {
        int end = asciiString(b, n, p + 1);
        return end == BAIL || end - p > MAX_TOKEN ? BAIL : end + 1;
    }

    /** A string at {@code p} of ASCII, valid escapes allowed: its end (after the quote), or BAIL. */
    private static int skipString(byte[] b, int n, int p) {
        int q = p + 1;
        while (true) {
            q = special(b, n, q, true);
            if (q >= n || q - p > MAX_TOKEN) return BAIL;
            if (b[q] == '"') return q + 1;
            if (b[q] != '\\' || q + 1 >= n) return BAIL;
            byte e = b[q + 1];
            if (e == 'u') {
                if (q + 5 >= n) return BAIL;
                for (int i = q + 2; i < q + 6; i++) if (Character.digit(b[i], 16) < 0) return BAIL;
                q += 6;
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                q += 2;
            } else {
                return BAIL;
            }
        }
    }

    /** Whitespace at {@code p}: skipped, or BAIL when {@code verbatim} (Jackson's compact text has none). */
    private static int gap(byte[] b, int n, int p, boolean verbatim) {
        int q = ws(b, n, p);
        return verbatim && q != p ? BAIL : q;
    }
}
