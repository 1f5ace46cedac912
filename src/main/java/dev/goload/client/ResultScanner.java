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
        PushItems r = new PushItems(ids.length);
        int items = walk(b, r);
        if (items != ids.length) return null; // BAIL, or a count mismatch the full decoder words
        return PushResult.of(httpStatus, r.statuses, ids, r.firstError);
    }

    /** Per-item success of an ack/batch answer, or null to fall back to the full decoder. */
    static AckResult ack(int httpStatus, byte[] b, int n) {
        AckItems r = new AckItems(n);
        int items = walk(b, r);
        if (items != n) return null;
        return AckResult.of(httpStatus, r.ok, r.firstError, r.dlq);
    }

    /** What one answer shape reads from each item; {@link #walk} does the rest. Single use, not thread-safe. */
    private abstract static class Items {
        /** Starts item {@code i}. */
        abstract void begin();

        /** Reads the value at {@code p} of the field named {@code b[keyStart, keyEnd)}; its end, or BAIL. */
        abstract int field(byte[] b, int keyStart, int keyEnd, int p);

        /** Ends item {@code i} (may be beyond the expected count: the caller then declines the answer). */
        abstract void end(int i);

        /** The current item's {@code error} text (null for absent, null, false or ""); reset by {@link #begin}. */
        String err;
        /** The answer's first error, as each shape words it in {@link #end}. */
        String firstError;

        /** Reads an {@code error} value into {@link #err}: a plain string, {@code null} or {@code false}; its end, or BAIL. */
        int errorValue(byte[] b, int p) {
            if (b[p] == '"') {
                int end = plainString(b, p + 1);
                if (end == BAIL) return BAIL;
                err = end == p + 1 ? null : ascii(b, p + 1, end);
                return end + 1;
            }
            if (literal(b, p, "null") || literal(b, p, "false")) {
                err = null;
                return p + (b[p] == 'n' ? 4 : 5);
            }
            return BAIL;
        }
    }

    /**
     * Walks a top-level array of flat objects whose values are scalars, handing every field to {@code r}.
     * Returns the number of items, or BAIL for any other shape (the caller falls back to the full decoder).
     */
    private static int walk(byte[] b, Items r) {
        int i = 0;
        int p = ws(b, 0);
        if (p >= b.length || b[p] != '[') return BAIL;
        p = ws(b, p + 1);
        if (p < b.length && b[p] == ']') return 0;
        while (true) {
            if (p >= b.length || b[p] != '{') return BAIL;
            r.begin();
            p = ws(b, p + 1);
            if (p < b.length && b[p] == '}') {
                p++;
            } else {
                while (true) {
                    if (p >= b.length || b[p] != '"') return BAIL;
                    int keyStart = p + 1;
                    int keyEnd = plainString(b, keyStart);
                    if (keyEnd == BAIL) return BAIL;
                    p = ws(b, keyEnd + 1);
                    if (p >= b.length || b[p] != ':') return BAIL;
                    p = ws(b, p + 1);
                    if (p >= b.length) return BAIL;
                    int valueEnd = r.field(b, keyStart, keyEnd, p);
                    if (valueEnd == BAIL) return BAIL;
                    p = ws(b, valueEnd);
                    if (p >= b.length) return BAIL;
                    if (b[p] == ',') {
                        p = ws(b, p + 1);
                    } else if (b[p] == '}') {
                        p++;
                        break;
                    } else {
                        return BAIL;
                    }
                }
            }
            r.end(i++);
            p = ws(b, p);
            if (p >= b.length) return BAIL;
            if (b[p] == ']') return i;
            if (b[p] != ',') return BAIL;
            p = ws(b, p + 1);
        }
    }

    /** Push result items: {@code status} (string or null) and {@code error} (string, null or false). */
    private static final class PushItems extends Items {
        final ItemStatus[] statuses;
        private ItemStatus status;
        private boolean hasStatus;

        PushItems(int n) {
            statuses = new ItemStatus[n];
        }

        @Override
        void begin() {
            status = null;
            hasStatus = false;
            err = null;
        }

        @Override
        int field(byte[] b, int keyStart, int keyEnd, int p) {
            if (is(b, keyStart, keyEnd, "status")) {
                if (b[p] == '"') {
                    int end = plainString(b, p + 1);
                    if (end == BAIL) return BAIL;
                    status = statusOf(b, p + 1, end);
                    hasStatus = true;
                    return end + 1;
                }
                if (literal(b, p, "null")) {
                    status = null;
                    hasStatus = false;
                    return p + 4;
                }
                return BAIL;
            }
            if (is(b, keyStart, keyEnd, "error")) return errorValue(b, p);
            return skipScalar(b, p);
        }

        @Override
        void end(int i) {
            ItemStatus is = hasStatus ? status : (err != null ? ItemStatus.FAILED : ItemStatus.UNKNOWN);
            if (i < statuses.length) statuses[i] = is;
            if (firstError == null && err != null) firstError = err;
        }
    }

    /** Ack result items: {@code success} and {@code dlq} (true, false or null) and {@code error}. */
    private static final class AckItems extends Items {
        final boolean[] ok;
        final boolean[] dlq;
        private boolean success;
        private boolean dead;

        AckItems(int n) {
            ok = new boolean[n];
            dlq = new boolean[n];
        }

        @Override
        void begin() {
            success = false;
            dead = false;
            err = null;
        }

        @Override
        int field(byte[] b, int keyStart, int keyEnd, int p) {
            if (is(b, keyStart, keyEnd, "success")) {
                int end = booleanValue(b, p);
                if (end != BAIL) success = b[p] == 't';
                return end;
            }
            if (is(b, keyStart, keyEnd, "dlq")) {
                // a failed ack past the retry limit: the message was dead-lettered (generation A)
                int end = booleanValue(b, p);
                if (end != BAIL) dead = b[p] == 't';
                return end;
            }
            if (is(b, keyStart, keyEnd, "error")) return errorValue(b, p);
            return skipScalar(b, p);
        }

        @Override
        void end(int i) {
            boolean itemOk = success && err == null;
            if (i < ok.length) {
                ok[i] = itemOk;
                dlq[i] = dead;
            }
            if (firstError == null && !itemOk) firstError = err != null ? err : "success=false";
        }
    }

    /** The end of a {@code true}, {@code false} or {@code null} value at {@code p}; BAIL for anything else. */
    private static int booleanValue(byte[] b, int p) {
        if (literal(b, p, "true") || literal(b, p, "null")) return p + 4;
        if (literal(b, p, "false")) return p + 5;
        return BAIL;
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
