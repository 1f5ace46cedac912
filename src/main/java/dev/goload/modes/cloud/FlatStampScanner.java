package dev.goload.modes.cloud;

/**
 * The parser-free fast path of {@link CloudStamps#decode}: reads the stamp of a flat JSON object whose strings are
 * plain ASCII (no escapes or control characters, keys up to 256 bytes) and whose numbers are plain non-negative integers of at most 18 digits, with
 * JSON whitespace anywhere between tokens — goload's own body in any key order, as a broker may re-serialize it.
 * On anything else it answers {@link Result#UNSURE} and the caller runs the Jackson decoder, so for every input it
 * does answer, the result is the one Jackson's would be (a property {@code CloudStampsTest} checks on mutated
 * bodies). Like the Jackson pass, it stops at the object's closing brace and the last of repeated keys wins.
 *
 * <p>One instance per body; not thread-safe.
 */
final class FlatStampScanner {
    /** The outcome of {@link #scan()}. */
    enum Result { STAMP, NO_STAMP, UNSURE }

    private static final int OTHER = 0, T = 1, S = 2, TS = 3, TA = 4;
    /** A string value: not a number. */
    private static final long NOT_A_NUMBER = -1;
    private static final int MAX_DIGITS = 18;
    /** Far below Jackson's name-length limit, so a key Jackson would refuse is never accepted here. */
    private static final int MAX_KEY = 256;

    private final byte[] b;
    private int i;
    private long t = -1, s = -1, ts, ta;

    FlatStampScanner(byte[] body) {
        this.b = body;
    }

    long tenant() {
        return t;
    }

    long seq() {
        return s;
    }

    long tsMicros() {
        return ts;
    }

    long taMicros() {
        return ta;
    }

    Result scan() {
        if (!skipWsTo('{')) {
            return Result.UNSURE;
        }
        i++;
        if (!skipWs()) {
            return Result.UNSURE;
        }
        if (b[i] != '}') {
            while (true) {
                if (b[i] != '"') {
                    return Result.UNSURE;
                }
                int keyStart = i + 1;
                int keyEnd = stringEnd(keyStart);
                if (keyEnd < 0 || keyEnd - keyStart > MAX_KEY) {
                    return Result.UNSURE;
                }
                int key = key(keyStart, keyEnd - keyStart);
                i = keyEnd + 1;
                if (!skipWsTo(':')) {
                    return Result.UNSURE;
                }
                i++;
                if (!skipWs()) {
                    return Result.UNSURE;
                }
                long v = value();
                if (v < NOT_A_NUMBER) {
                    return Result.UNSURE;
                }
                switch (key) {
                    case T -> t = v;
                    case S -> s = v;
                    case TS -> ts = Math.max(0, v);
                    case TA -> ta = Math.max(0, v);
                    default -> { }
                }
                if (!skipWs()) {
                    return Result.UNSURE;
                }
                if (b[i] == '}') {
                    break;
                }
                if (b[i] != ',') {
                    return Result.UNSURE;
                }
                i++;
                if (!skipWs()) {
                    return Result.UNSURE;
                }
            }
        }
        return t >= 0 && s >= 0 ? Result.STAMP : Result.NO_STAMP;
    }

    /** The value at {@code i}: a plain integer, {@link #NOT_A_NUMBER} for a plain string, below that: unsure. */
    private long value() {
        byte c = b[i];
        if (c == '"') {
            int end = stringEnd(i + 1);
            if (end < 0) {
                return -2;
            }
            i = end + 1;
            return NOT_A_NUMBER;
        }
        if (c < '0' || c > '9') {
            return -2; // negative, literal, object, array, or not JSON
        }
        int start = i;
        long v = 0;
        while (i < b.length && b[i] >= '0' && b[i] <= '9') {
            v = v * 10 + (b[i++] - '0');
        }
        int n = i - start;
        if (n > MAX_DIGITS || (n > 1 && c == '0') || i == b.length) {
            return -2; // overflow, a leading zero (invalid JSON), or truncated
        }
        byte next = b[i];
        return next == ',' || next == '}' || ws(next) ? v : -2; // a fraction or exponent is Jackson's to judge
    }

    /** Index of the closing quote of a plain string starting at {@code from}, or -1 (escape, non-ASCII, end). */
    private int stringEnd(int from) {
        for (int j = from; j < b.length; j++) {
            byte c = b[j];
            if (c == '"') {
                return j;
            }
            if (c < 0x20 || c == '\\') { // bytes ≥ 0x80 are negative
                return -1;
            }
        }
        return -1;
    }

    private int key(int from, int len) {
        if (len == 1) {
            return b[from] == 't' ? T : b[from] == 's' ? S : OTHER;
        }
        if (len == 2 && b[from] == 't') {
            return b[from + 1] == 's' ? TS : b[from + 1] == 'a' ? TA : OTHER;
        }
        return OTHER;
    }

    /** Skips whitespace; false at the end of the body. */
    private boolean skipWs() {
        while (i < b.length && ws(b[i])) {
            i++;
        }
        return i < b.length;
    }

    private boolean skipWsTo(char c) {
        return skipWs() && b[i] == c;
    }

    private static boolean ws(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }
}
