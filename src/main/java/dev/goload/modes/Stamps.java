package dev.goload.modes;

import java.nio.charset.StandardCharsets;

/**
 * Reads the numeric stamp fields goload writes into its own message payloads ({@code "ts":<epoch ns>}) straight
 * from the raw JSON bytes, without a parser: the consumer hot path runs this once per popped message.
 * Only for payloads goload built itself (flat objects whose string values never contain {@code "key":}).
 */
public final class Stamps {
    private Stamps() {}

    /** The non-negative integer value of top-level field {@code key}, or -1 when absent or not an integer. */
    public static long readLong(byte[] json, String key) {
        if (json == null) {
            return -1;
        }
        byte[] k = ('"' + key + "\":").getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + k.length <= json.length; i++) {
            for (int j = 0; j < k.length; j++) {
                if (json[i + j] != k[j]) {
                    continue outer;
                }
            }
            int p = i + k.length;
            while (p < json.length && json[p] == ' ') {
                p++;
            }
            long v = 0;
            int digits = 0;
            while (p < json.length && json[p] >= '0' && json[p] <= '9' && digits < 19) {
                v = v * 10 + (json[p] - '0');
                p++;
                digits++;
            }
            return digits == 0 ? -1 : v;
        }
        return -1;
    }
}
