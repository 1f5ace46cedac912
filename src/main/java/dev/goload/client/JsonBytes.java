package dev.goload.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The byte-level primitives of the answer scanners ({@link ResultScanner}, {@link PopScanner}): whitespace, plain
 * strings, numbers and literals per the JSON grammar, each returning the index after what it read or {@link #BAIL}
 * for anything it does not accept exactly as Jackson does (the scanners then decline and Jackson decodes). Stateless.
 *
 * <p>The text is {@code b[0, n)}: an answer is read into a pooled array longer than itself, whose bytes from
 * {@code n} on are an earlier answer's, so every bound is {@code n}, never the array's length.
 */
final class JsonBytes {
    static final int BAIL = -1;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private JsonBytes() {
    }

    static int ws(byte[] b, int n, int p) {
        // the usual case, a token right here (answers are compact): one comparison, small enough to inline
        return p < n && b[p] > ' ' ? p : skipWs(b, n, p);
    }

    private static int skipWs(byte[] b, int n, int p) {
        for (; p < n; p++) {
            byte c = b[p];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return p;
        }
        return p;
    }

    /** Shortest span {@link #same} leaves to the JDK's vectorised comparison (its call costs more below). */
    private static final int VECTOR_SPAN = 64;

    /**
     * True when {@code b[p, p + (to - from))} (within {@code b}) holds the bytes of {@code b[from, to)}: eight bytes
     * per step for the short spans of keys and ids, the JDK's vectorised comparison for long ones.
     */
    static boolean same(byte[] b, int from, int to, int p) {
        int n = to - from;
        if (n >= VECTOR_SPAN) return Arrays.equals(b, from, to, b, p, p + n);
        if (n < Long.BYTES) {
            if (n < Integer.BYTES) {
                for (int k = 0; k < n; k++) if (b[from + k] != b[p + k]) return false;
                return true;
            }
            int tail = n - Integer.BYTES; // two overlapping ints: a key of 4 to 7 bytes without a byte loop
            return (int) INTS.get(b, from) == (int) INTS.get(b, p)
                    && (int) INTS.get(b, from + tail) == (int) INTS.get(b, p + tail);
        }
        int last = n - Long.BYTES; // the last word overlaps the one before: no byte tail
        for (int k = 0; k < last; k += Long.BYTES) {
            if ((long) LONGS.get(b, from + k) != (long) LONGS.get(b, p + k)) return false;
        }
        return (long) LONGS.get(b, from + last) == (long) LONGS.get(b, p + last);
    }

    /**
     * The end of the span at {@code p} when it repeats {@code b[from, to)} (a span already validated: the scanners'
     * repeated keys and values), else -1; {@code to < 0}: no span remembered. The first byte is compared before the
     * call to {@link #same}.
     */
    static int repeats(byte[] b, int n, int from, int to, int p) {
        if (to < 0) return -1;
        int end = p + (to - from);
        return end <= n && b[p] == b[from] && same(b, from, to, p) ? end : -1;
    }

    /** Index of the closing quote of a string starting at {@code from} (after the opening quote); BAIL on escapes. */
    static int plainString(byte[] b, int n, int from) {
        int q = special(b, n, from, 0);
        return q < n && b[q] == '"' ? q : BAIL;
    }

    /**
     * As {@link #plainString}, and BAIL on any byte above 0x7F too: the text is then ASCII, so it is exactly its
     * Latin-1 decoding, and invalid UTF-8 (which Jackson rejects) never slips through.
     */
    static int asciiString(byte[] b, int n, int from) {
        int q = special(b, n, from, HIGHS);
        return q < n && b[q] == '"' ? q : BAIL;
    }

    /**
     * Index of the first '"', '\\', control byte or (with {@code alsoHigh}) byte above 0x7F from {@code from};
     * {@code n} when there is none.
     */
    static int special(byte[] b, int n, int from, boolean alsoHigh) {
        return special(b, n, from, alsoHigh ? HIGHS : 0);
    }

    private static int special(byte[] b, int n, int from, long alsoFlag) {
        int p = from;
        // Eight bytes at a time: answers are mostly UUIDs and names inside quotes, and a byte-by-byte loop over
        // them was a fifth of the loader's push CPU. The lowest flagged byte of a word is exact (SWAR flags can
        // only be spurious above a real match), so it locates the closing quote without a byte loop.
        for (int last = n - Long.BYTES; p <= last; p += Long.BYTES) {
            long w = (long) LONGS.get(b, p);
            long m = special(w) | (w & alsoFlag);
            if (m != 0) return p + (Long.numberOfTrailingZeros(m) >>> 3);
        }
        for (; p < n; p++) {
            byte c = b[p];
            if (c == '"' || c == '\\' || (c >= 0 && c < 0x20) || (alsoFlag != 0 && c < 0)) return p;
        }
        return p;
    }

    /** Non-zero when some byte of {@code w} is '"', '\\' or below 0x20 (SWAR; bytes ≥ 0x80 never match). */
    static long special(long w) {
        long quote = w ^ (ONES * '"');
        long slash = w ^ (ONES * '\\');
        return (zeroByte(quote) | zeroByte(slash) | ((w - ONES * 0x20) & ~w)) & HIGHS;
    }

    private static long zeroByte(long v) {
        return (v - ONES) & ~v;
    }

    /** End of a plain string, number or literal value at {@code p}; BAIL for anything else. */
    static int skipScalar(byte[] b, int n, int p) {
        byte c = b[p];
        if (c == '"') {
            int end = plainString(b, n, p + 1); // escapes are left to the full decoder, which validates them
            return end == BAIL ? BAIL : end + 1;
        }
        int end = booleanValue(b, n, p);
        return end != BAIL ? end : number(b, n, p);
    }

    /** A JSON number per the grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
    static int number(byte[] b, int n, int p) {
        int q = p;
        if (q < n && b[q] == '-') q++;
        if (q >= n || !digit(b[q])) return BAIL;
        if (b[q] == '0') q++;
        else while (q < n && digit(b[q])) q++;
        if (q < n && b[q] == '.') {
            q++;
            if (q >= n || !digit(b[q])) return BAIL;
            while (q < n && digit(b[q])) q++;
        }
        if (q < n && (b[q] == 'e' || b[q] == 'E')) {
            q++;
            if (q < n && (b[q] == '+' || b[q] == '-')) q++;
            if (q >= n || !digit(b[q])) return BAIL;
            while (q < n && digit(b[q])) q++;
        }
        return q;
    }

    static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** The end of a {@code true}, {@code false} or {@code null} value at {@code p}; BAIL for anything else. */
    static int booleanValue(byte[] b, int n, int p) {
        if (literal(b, n, p, "true") || literal(b, n, p, "null")) return p + 4;
        if (literal(b, n, p, "false")) return p + 5;
        return BAIL;
    }

    /** The literal at {@code p}, followed by a delimiter (so {@code nullx} is not {@code null}). */
    static boolean literal(byte[] b, int n, int p, String lit) {
        int end = p + lit.length();
        if (end > n) return false;
        for (int k = 0; k < lit.length(); k++) if (b[p + k] != lit.charAt(k)) return false;
        if (end == n) return true;
        byte c = b[end];
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    static boolean is(byte[] b, int from, int to, String s) {
        if (to - from != s.length()) return false;
        for (int k = 0; k < s.length(); k++) if (b[from + k] != s.charAt(k)) return false;
        return true;
    }

    /** Plain string bytes (no escapes) as text; UTF-8 so non-ASCII error texts survive. */
    static String utf8(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }
}
