package dev.goload.modes.app;

import dev.goload.config.AppConfig;
import java.nio.charset.StandardCharsets;

/**
 * The simulated per-message processing time of {@code app} (goload-behavior.md §2.8): {@code process·(1 + u·jitter)}
 * with u uniform in (−1, 1), raised to {@code slow-msg-ms} for messages flagged slow and to {@code slow-part-ms}
 * on "stuck" partitions — those whose FNV-1a-32 name hash mod 100000 / 1000 is below {@code slow-part-pct}, a fixed
 * set for the whole run. Immutable.
 */
public record WorkModel(int processMs, double jitter, int slowMsgMs, double slowPartPct, int slowPartMs) {

    public static WorkModel of(AppConfig.Work w) {
        return new WorkModel(w.processMs(), w.jitter(), w.slowMsgMs(), w.slowPartPct(), w.slowPartMs());
    }

    /** Work time in ms; {@code u} in [−1, 1). */
    public long workMillis(boolean slowMessage, String partition, double u) {
        double ms = processMs * (1 + u * jitter);
        if (slowMessage) ms = Math.max(ms, slowMsgMs);
        if (slowPartPct > 0 && stuck(partition, slowPartPct)) ms = Math.max(ms, slowPartMs);
        return Math.max(0, Math.round(ms));
    }

    /** Whether {@code partition} is one of the stuck partitions for {@code pct} percent. */
    public static boolean stuck(String partition, double pct) {
        return Integer.toUnsignedLong(fnv1a32(partition)) % 100_000 / 1000.0 < pct;
    }

    /** FNV-1a-32 of the UTF-8 bytes; partition names are ASCII, hashed from the chars without encoding them. */
    static int fnv1a32(String s) {
        int h = 0x811c9dc5;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) return fnv1a32(s.getBytes(StandardCharsets.UTF_8));
            h ^= c;
            h *= 0x01000193;
        }
        return h;
    }

    private static int fnv1a32(byte[] utf8) {
        int h = 0x811c9dc5;
        for (byte b : utf8) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h;
    }
}
