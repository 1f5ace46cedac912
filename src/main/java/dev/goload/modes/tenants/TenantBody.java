package dev.goload.modes.tenants;

import java.nio.charset.StandardCharsets;

/**
 * The tenants message body {@code {"t":N,"q":N,"seq":N,"ts":µs,"pad":"xxx…"}}. The pad and its closing brace are
 * encoded once per run; each body is then one array with the four numbers written straight into it, since every
 * producer builds one per push (no string concatenation, no intermediate arrays). Immutable and thread-safe.
 */
final class TenantBody {
    private static final byte[] T = ascii("{\"t\":");
    private static final byte[] Q = ascii(",\"q\":");
    private static final byte[] SEQ = ascii(",\"seq\":");
    private static final byte[] TS = ascii(",\"ts\":");
    private final byte[] padTail;

    TenantBody(int payloadBytes) {
        this.padTail = ascii(",\"pad\":\"" + "x".repeat(Math.max(0, payloadBytes)) + "\"}");
    }

    /** The body of one push; the numbers are non-negative. */
    byte[] of(int tenant, int qi, long seq, long tsMicros) {
        int len = T.length + digits(tenant) + Q.length + digits(qi) + SEQ.length + digits(seq) + TS.length
                + digits(tsMicros) + padTail.length;
        byte[] b = new byte[len];
        int at = put(T, b, 0);
        at = putLong(tenant, b, at);
        at = put(Q, b, at);
        at = putLong(qi, b, at);
        at = put(SEQ, b, at);
        at = putLong(seq, b, at);
        at = put(TS, b, at);
        at = putLong(tsMicros, b, at);
        put(padTail, b, at);
        return b;
    }

    private static int put(byte[] src, byte[] dst, int at) {
        System.arraycopy(src, 0, dst, at, src.length);
        return at + src.length;
    }

    private static int putLong(long v, byte[] dst, int at) {
        int end = at + digits(v);
        for (int i = end - 1; i >= at; i--) {
            dst[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end;
    }

    private static int digits(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
