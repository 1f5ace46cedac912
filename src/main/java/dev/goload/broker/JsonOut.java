package dev.goload.broker;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A minimal JSON writer into a growable byte array. It exists because response bodies embed stored payloads
 * verbatim (raw bytes), which Jackson's generator can only do through a String copy. The caller is responsible
 * for well-formed nesting; the writer only inserts commas.
 *
 * <p>Not thread-safe: one instance per response.
 */
final class JsonOut {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private byte[] buf;
    private int len;
    /** True when the next value in the current container needs a leading comma. */
    private boolean needComma;

    JsonOut(int initialCapacity) {
        buf = new byte[Math.max(64, initialCapacity)];
    }

    JsonOut beginObject() {
        comma();
        put((byte) '{');
        needComma = false;
        return this;
    }

    JsonOut endObject() {
        put((byte) '}');
        needComma = true;
        return this;
    }

    JsonOut beginArray() {
        comma();
        put((byte) '[');
        needComma = false;
        return this;
    }

    JsonOut endArray() {
        put((byte) ']');
        needComma = true;
        return this;
    }

    /** Writes {@code "name":} so the next call writes the value. */
    JsonOut name(String name) {
        comma();
        string0(name);
        put((byte) ':');
        needComma = false;
        return this;
    }

    JsonOut value(String s) {
        comma();
        if (s == null) {
            ascii("null");
        } else {
            string0(s);
        }
        needComma = true;
        return this;
    }

    JsonOut value(long v) {
        comma();
        ascii(Long.toString(v));
        needComma = true;
        return this;
    }

    JsonOut value(boolean v) {
        comma();
        ascii(v ? "true" : "false");
        needComma = true;
        return this;
    }

    JsonOut nullValue() {
        comma();
        ascii("null");
        needComma = true;
        return this;
    }

    /** Writes already-serialized JSON as one value. */
    JsonOut raw(byte[] json) {
        comma();
        ensure(json.length);
        System.arraycopy(json, 0, buf, len, json.length);
        len += json.length;
        needComma = true;
        return this;
    }

    JsonOut field(String name, String v) {
        return name(name).value(v);
    }

    JsonOut field(String name, long v) {
        return name(name).value(v);
    }

    JsonOut field(String name, boolean v) {
        return name(name).value(v);
    }

    byte[] toBytes() {
        return Arrays.copyOf(buf, len);
    }

    /** The bytes written so far are {@code buffer()[0, length())}; the array is the writer's own. */
    byte[] buffer() {
        return buf;
    }

    int length() {
        return len;
    }

    private void comma() {
        if (needComma) {
            put((byte) ',');
        }
    }

    private void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    private void string0(String s) {
        int n = s.length();
        ensure(n + 2);
        byte[] b = buf;
        int at = len;
        b[at++] = '"';
        int i = 0;
        // Plain ASCII (nearly every id, name and timestamp) needs one byte per char: the room was ensured above.
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                break;
            }
            b[at++] = (byte) c;
        }
        len = at;
        if (i < n) {
            escapedTail(s, i);
        }
        put((byte) '"');
    }

    private void escapedTail(String s, int from) {
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                put((byte) c);
            } else if (c == '"' || c == '\\') {
                ensure(2);
                buf[len++] = '\\';
                buf[len++] = (byte) c;
            } else if (c < 0x20) {
                control(c);
            } else {
                // Non-ASCII (incl. surrogate pairs): let the JDK do the UTF-8 encoding of the rest.
                utf8Tail(s.substring(i).getBytes(StandardCharsets.UTF_8));
                return;
            }
        }
    }

    /** Escapes the UTF-8 bytes of a string's remainder; multi-byte sequences never contain ASCII bytes. */
    private void utf8Tail(byte[] utf8) {
        for (byte b : utf8) {
            int c = b & 0xFF;
            if (c == '"' || c == '\\') {
                ensure(2);
                buf[len++] = '\\';
                buf[len++] = b;
            } else if (c < 0x20) {
                control(c);
            } else {
                put(b);
            }
        }
    }

    private void control(int c) {
        ensure(6);
        buf[len++] = '\\';
        buf[len++] = 'u';
        buf[len++] = '0';
        buf[len++] = '0';
        buf[len++] = HEX[c >> 4];
        buf[len++] = HEX[c & 0xF];
    }

    private void put(byte b) {
        ensure(1);
        buf[len++] = b;
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }
}
