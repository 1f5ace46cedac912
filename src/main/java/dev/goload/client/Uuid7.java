package dev.goload.client;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * UUIDv7 (RFC 9562) transaction ids: 48-bit Unix milliseconds, version 7, 74 random bits, variant {@code 10}.
 * Thread-safe and lock-free: randomness comes from {@link ThreadLocalRandom}, so ids are ordered by millisecond
 * (not within one) — enough for the broker's dedup index, which only needs uniqueness.
 */
public final class Uuid7 {
    /** Characters (ASCII bytes) of the canonical form. */
    static final int LENGTH = 36;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private Uuid7() {
    }

    /** A fresh UUIDv7 in canonical lower-case form. */
    public static String next() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return format(msb(System.currentTimeMillis(), r.nextInt()), lsb(r.nextLong()));
    }

    /**
     * Writes {@code count} fresh UUIDv7s of one millisecond into {@code dst}, {@value #LENGTH} ASCII bytes each, back
     * to back: one clock read for a whole push, and the push body copies them from there, with no String per id.
     */
    static void fill(byte[] dst, int count) {
        long now = System.currentTimeMillis();
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < count; i++) format(msb(now, r.nextInt()), lsb(r.nextLong()), dst, i * LENGTH);
    }

    static long msb(long unixMillis, int random) {
        return (unixMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | (random & 0x0FFFL);
    }

    static long lsb(long random) {
        return (random & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    }

    static String format(long msb, long lsb) {
        byte[] b = new byte[LENGTH];
        format(msb, lsb, b, 0);
        // Latin-1 keeps the String compact and the constructor a plain copy.
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static void format(long msb, long lsb, byte[] b, int at) {
        hex(b, at, msb >>> 32, 8);
        b[at + 8] = '-';
        hex(b, at + 9, msb >>> 16, 4);
        b[at + 13] = '-';
        hex(b, at + 14, msb, 4);
        b[at + 18] = '-';
        hex(b, at + 19, lsb >>> 48, 4);
        b[at + 23] = '-';
        hex(b, at + 24, lsb, 12);
    }

    private static void hex(byte[] b, int off, long v, int digits) {
        for (int i = digits - 1; i >= 0; i--) {
            b[off + i] = HEX[(int) (v & 0xF)];
            v >>>= 4;
        }
    }

    /** True for the canonical 8-4-4-4-12 hex form (any version). */
    public static boolean isUuid(String s) {
        if (s == null || s.length() != LENGTH) return false;
        for (int i = 0; i < LENGTH; i++) {
            char c = s.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : Character.digit(c, 16) < 0) return false;
        }
        return true;
    }
}
