package dev.goload.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okio.BufferedSink;

/**
 * JSON string escaping for the hand-written request bodies ({@link PushBody}, {@link AckBatchBody}), where a
 * generator per call would cost more. Stateless.
 */
final class JsonText {
    static final MediaType MEDIA_TYPE = MediaType.get("application/json");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonText() {
    }

    /** {@code s} as a quoted JSON string literal. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    // U+2028/2029 are legal JSON but break JavaScript consumers of logged bodies; escape them too.
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF])
                                .append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** Writes {@code s} as a quoted JSON string literal (UTF-8). */
    static void writeQuoted(BufferedSink sink, String s) throws IOException {
        if (plainAscii(s)) writePlain(sink, s);
        else sink.writeUtf8(quote(s));
    }

    /** Writes {@code s}, known to be {@link #plainAscii}, between quotes: no escaping to check. */
    static void writePlain(BufferedSink sink, String s) throws IOException {
        sink.writeByte('"');
        sink.writeUtf8(s);
        sink.writeByte('"');
    }

    /** Bytes {@link #writeQuoted} writes for {@code s}. */
    static long quotedLength(String s) {
        return plainAscii(s) ? s.length() + 2 : quote(s).getBytes(StandardCharsets.UTF_8).length;
    }

    /** True when the string needs no JSON escaping and is one byte per char in UTF-8 (every generated id). */
    static boolean plainAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') return false;
        }
        return true;
    }

    /**
     * {@link #plainAscii(String)} for a caller checking many strings: those up to {@code scratch.length} chars are
     * copied into it by the JDK's bulk copy and checked with no per-char String calls (their bounds and coder checks
     * were most of an ack body's cost), every char folded into one sign bit.
     */
    static boolean plainAscii(String s, char[] scratch) {
        int n = s.length();
        if (n > scratch.length) return plainAscii(s);
        s.getChars(0, n, scratch, 0);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            int c = scratch[i];
            // negative exactly when c < 0x20, c > 0x7E, c == '"' or c == '\\' (chars are 16 bits: no overflow)
            bad |= (c - 0x20) | (0x7E - c) | ((c ^ '"') - 1) | ((c ^ '\\') - 1);
        }
        return bad >= 0;
    }

    /**
     * Copies {@code s}, which must be {@link #plainAscii}, into {@code dst} at {@code at} without an intermediate
     * array; returns the index after it. (The deprecated {@code getBytes(int, int, byte[], int)} drops each char's
     * high byte: exact for ASCII, and the one copy that allocates nothing.)
     */
    @SuppressWarnings("deprecation")
    static int copyAscii(String s, byte[] dst, int at) {
        s.getBytes(0, s.length(), dst, at);
        return at + s.length();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
