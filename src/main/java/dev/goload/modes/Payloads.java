package dev.goload.modes;

import java.nio.charset.StandardCharsets;

/**
 * The message bodies goload pushes: {@code {"data":"xxx…","src":"<src>"}} with {@code data} of the configured
 * size, one shared byte array for every message (the reference shares one object too). With {@code -e2e}
 * each request gets its own copy stamped with {@code "ts":<epoch ns of the scheduled instant>}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Payloads {
    private final byte[] plain;
    private final byte[] stampPrefix;

    public Payloads(int dataBytes, String src) {
        String data = "x".repeat(Math.max(0, dataBytes));
        this.plain = ("{\"data\":\"" + data + "\",\"src\":\"" + src + "\"}").getBytes(StandardCharsets.UTF_8);
        this.stampPrefix = ("{\"data\":\"" + data + "\",\"src\":\"" + src + "\",\"ts\":")
                .getBytes(StandardCharsets.UTF_8);
    }

    public byte[] plain() {
        return plain;
    }

    /** A payload carrying the scheduled instant {@code ts} (epoch ns). */
    public byte[] stamped(long ts) {
        byte[] digits = Long.toString(ts).getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[stampPrefix.length + digits.length + 1];
        System.arraycopy(stampPrefix, 0, b, 0, stampPrefix.length);
        System.arraycopy(digits, 0, b, stampPrefix.length, digits.length);
        b[b.length - 1] = '}';
        return b;
    }
}
