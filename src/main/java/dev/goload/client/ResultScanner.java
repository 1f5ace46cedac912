package dev.goload.client;

/**
 * The fast path for the push and ack answers: a byte scanner for the common shape, an array of flat objects
 * whose values are scalars, reading only {@code status}, {@code error} and {@code success}. Jackson spends
 * about a microsecond per pushed message on the ~390-byte result items (field-name canonicalisation, one
 * token per value); this skims the bytes once.
 *
 * <p>It answers {@code null} whenever the input is anything else — a top-level object, an empty body, a
 * nested value, an escape in a field that matters, a malformed token — and the caller then runs the Jackson
 * decoder on the same bytes, so results and decode errors are exactly the streaming decoder's. Stateless.
 */
final class ResultScanner {
    private static final int BAIL = -1;

    private ResultScanner() {
    }

    /** Per-item statuses of a push answer, or null to fall back to the full decoder. */
    static PushResult push(int httpStatus, byte[] b, String[] ids) {
        int n = ids.length;
        ItemStatus[] st = new ItemStatus[n];
        String firstError = null;
        int i = 0;
        int p = ws(b, 0);
        if (p >= b.length || b[p] != '[') return null;
        p = ws(b, p + 1);
        if (p < b.length && b[p] == ']') return i == n ? PushResult.of(httpStatus, st, ids, null) : null;
        while (true) {
            if (p >= b.length || b[p] != '{') return null;
            ItemStatus status = null;
            boolean hasStatus = false;
            String err = null;
            p = ws(b, p + 1);
            if (p < b.length && b[p] == '}') {
                p++;
            } else {
                while (true) {
                    if (p >= b.length || b[p] != '"') return null;
                    int keyStart = p + 1;
                    int keyEnd = plainString(b, keyStart);
                    if (keyEnd == BAIL) return null;
                    p = ws(b, keyEnd + 1);
                    if (p >= b.length || b[p] != ':') return null;
                    p = ws(b, p + 1);
                    if (p >= b.length) return null;
                    int valueEnd;
                    if (is(b, keyStart, keyEnd, "status")) {
                        if (b[p] == '"') {
                            valueEnd = plainString(b, p + 1);
                            if (valueEnd == BAIL) return null;
                            status = statusOf(b, p + 1, valueEnd);
                            hasStatus = true;
                            valueEnd++;
                        } else if (literal(b, p, "null")) {
                            status = null;
                            hasStatus = false;
                            valueEnd = p + 4;
                        } else {
                            return null;
                        }
                    } else if (is(b, keyStart, keyEnd, "error")) {
                        if (b[p] == '"') {
                            valueEnd = plainString(b, p + 1);
                            if (valueEnd == BAIL) return null;
                            err = valueEnd == p + 1 ? null : ascii(b, p + 1, valueEnd);
                            valueEnd++;
                        } else if (literal(b, p, "null") || literal(b, p, "false")) {
                            err = null;
                            valueEnd = p + (b[p] == 'n' ? 4 : 5);
                        } else {
                            return null;
                        }
                    } else {
                        valueEnd = skipScalar(b, p);
                        if (valueEnd == BAIL) return null;
                    }
                    p = ws(b, valueEnd);
                    if (p >= b.length) return null;
                    if (b[p] == ',') {
                        p = ws(b, p + 1);
                    } else if (b[p] == '}') {
                        p++;
                        break;
                    } else {
                        return null;
                    }
                }
            }
            ItemStatus is = hasStatus ? status : (err != null ? ItemStatus.FAILED : ItemStatus.UNKNOWN);
            if (i < n) st[i] = is;
            if (firstError == null && err != null) firstError = err;
            i++;
            p = ws(b, p);
            if (p >= b.length) return null;
            if (b[p] == ']') break;
            if (b[p] != ',') return null;
            p = ws(b, p + 1);
        }
        if (i != n) return null; // the full decoder words the mismatch
        return PushResult.of(httpStatus, st, ids, firstError);
    }

    /** Per-item success of an ack/batch answer, or null to fall back to the full decoder. */
    static AckResult ack(int httpStatus, byte[] b, int n) {
        boolean[] ok = new boolean[n];
        boolean[] dlqs = new boolean[n];
        String firstError = null;
        int i = 0;
        int p = ws(b, 0);
        if (p >= b.length || b[p] != '[') return null;
        p = ws(b, p + 1);
        if (p < b.length && b[p] == ']') return n == 0 ? AckResult.of(httpStatus, ok, null) : null;
        while (true) {
            if (p >= b.length || b[p] != '{') return null;
            boolean success = false;
            boolean dlq = false;
            String err = null;
            p = ws(b, p + 1);
            if (p < b.length && b[p] == '}') {
                p++;
            } else {
                while (true) {
                    if (p >= b.length || b[p] != '"') return null;
                    int keyStart = p + 1;
                    int keyEnd = plainString(b, keyStart);
                    if (keyEnd == BAIL) return null;
                    p = ws(b, keyEnd + 1);
                    if (p >= b.length || b[p] != ':') return null;
                    p = ws(b, p + 1);
                    if (p >= b.length) return null;
                    int valueEnd;
                    if (is(b, keyStart, keyEnd, "success")) {
                        if (literal(b, p, "true")) {
                            success = true;
                            valueEnd = p + 4;
                        } else if (literal(b, p, "false") || literal(b, p, "null")) {
                            success = false;
                            valueEnd = p + (b[p] == 'n' ? 4 : 5);
                        } else {
                            return null;
                        }
                    } else if (is(b, keyStart, keyEnd, "dlq")) {
                        // a failed ack past the retry limit: the message was dead-lettered (generation A)
                        if (literal(b, p, "true")) {
                            dlq = true;
                            valueEnd = p + 4;
                        } else if (literal(b, p, "false") || literal(b, p, "null")) {
                            dlq = false;
                            valueEnd = p + (b[p] == 'n' ? 4 : 5);
                        } else {
                            return null;
                        }
                    } else if (is(b, keyStart, keyEnd, "error")) {
                        if (b[p] == '"') {
                            valueEnd = plainString(b, p + 1);
                            if (valueEnd == BAIL) return null;
                            err = valueEnd == p + 1 ? null : ascii(b, p + 1, valueEnd);
                            valueEnd++;
                        } else if (literal(b, p, "null") || literal(b, p, "false")) {
                            err = null;
                            valueEnd = p + (b[p] == 'n' ? 4 : 5);
                        } else {
                            return null;
                        }
                    } else {
                        valueEnd = skipScalar(b, p);
                        if (valueEnd == BAIL) return null;
                    }
                    p = ws(b, valueEnd);
                    if (p >= b.length) return null;
                    if (b[p] == ',') {
                        p = ws(b, p + 1);
                    } else if (b[p] == '}') {
                        p++;
                        break;
                    } else {
                        return null;
                    }
                }
            }
            boolean itemOk = success && err == null;
            if (i < n) {
                ok[i] = itemOk;
                dlqs[i] = dlq;
            }
            if (firstError == null && !itemOk) firstError = err != null ? err : "success=false";
            i++;
            p = ws(b, p);
            if (p >= b.length) return null;
            if (b[p] == ']') break;
            if (b[p] != ',') return null;
            p = ws(b, p + 1);
        }
        if (i != n) return null;
        return AckResult.of(httpStatus, ok, firstError, dlqs);
    }

    private static ItemStatus statusOf(byte[] b, int from, int to) {
        if (is(b, from, to, "queued")) return ItemStatus.QUEUED;
        return ItemStatus.parse(ascii(b, from, to));
    }

    private static int ws(byte[] b, int p) {
        while (p < b.length && (b[p] == ' ' || b[p] == '\n' || b[p] == '\r' || b[p] == '\t')) p++;
        return p;
    }

    /** Index of the closing quote of a string starting at {@code from} (after the opening quote); BAIL on escapes. */
    private static int plainString(byte[] b, int from) {
        int p = from;
        // Eight bytes at a time: answers are mostly UUIDs and names inside quotes, and a byte-by-byte loop over
        // them was a fifth of the loader's push CPU. The lowest flagged byte of a word is exact (SWAR flags can
        // only be spurious above a real match), so it locates the closing quote without a byte loop.
        for (int last = b.length - Long.BYTES; p <= last; p += Long.BYTES) {
            long m = special((long) LONGS.get(b, p));
            if (m != 0) {
                int q = p + (Long.numberOfTrailingZeros(m) >>> 3);
                return b[q] == '"' ? q : BAIL;
            }
        }
        for (; p < b.length; p++) {
            byte c = b[p];
            if (c == '"') return p;
            if (c == '\\' || (c >= 0 && c < 0x20)) return BAIL;
        }
        return BAIL;
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

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
    private static int skipScalar(byte[] b, int p) {
        byte c = b[p];
        if (c == '"') {
            int end = plainString(b, p + 1); // escapes are left to the full decoder, which validates them
            return end == BAIL ? BAIL : end + 1;
        }
        if (literal(b, p, "null") || literal(b, p, "true")) return p + 4;
        if (literal(b, p, "false")) return p + 5;
        return number(b, p);
    }

    /** A JSON number per the grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
    private static int number(byte[] b, int p) {
        int q = p;
        if (q < b.length && b[q] == '-') q++;
        if (q >= b.length || !digit(b[q])) return BAIL;
        if (b[q] == '0') q++;
        else while (q < b.length && digit(b[q])) q++;
        if (q < b.length && b[q] == '.') {
            q++;
            if (q >= b.length || !digit(b[q])) return BAIL;
            while (q < b.length && digit(b[q])) q++;
        }
        if (q < b.length && (b[q] == 'e' || b[q] == 'E')) {
            q++;
            if (q < b.length && (b[q] == '+' || b[q] == '-')) q++;
            if (q >= b.length || !digit(b[q])) return BAIL;
            while (q < b.length && digit(b[q])) q++;
        }
        return q;
    }

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** The literal at {@code p}, followed by a delimiter (so {@code nullx} is not {@code null}). */
    private static boolean literal(byte[] b, int p, String lit) {
        int end = p + lit.length();
        if (end > b.length) return false;
        for (int k = 0; k < lit.length(); k++) if (b[p + k] != lit.charAt(k)) return false;
        if (end == b.length) return true;
        byte c = b[end];
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean is(byte[] b, int from, int to, String s) {
        if (to - from != s.length()) return false;
        for (int k = 0; k < s.length(); k++) if (b[from + k] != s.charAt(k)) return false;
        return true;
    }

    /** Plain string bytes (no escapes) as text; UTF-8 so non-ASCII error texts survive. */
    private static String ascii(byte[] b, int from, int to) {
        return new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8);
    }
}
