package dev.goload.modes;

/**
 * Reads the numeric stamp fields goload writes into its own message payloads ({@code "ts":<epoch ns>}) straight
 * from the raw JSON bytes, without a parser: the consumer hot path runs this once per popped message.
 * Only for payloads goload built itself (flat objects whose string values never contain {@code "key":}).
 */
public final class Stamps {
    private Stamps() {}

    /**
     * The non-negative integer value of top-level field {@code key} (ASCII), or -1 when absent or not an integer.
     * The key is compared in place, char against byte: this runs per popped message, so it allocates nothing.
     */
    public static long readLong(byte[] json, String key) {
        if (json == null) {
            return -1;
        }
        int kl = key.length();
        outer:
        for (int i = 0; i + kl + 3 <= json.length; i++) {
            if (json[i] != '"' || json[i + kl + 1] != '"' || json[i + kl + 2] != ':') {
                continue;
            }
            for (int j = 0; j < kl; j++) {
                if (json[i + 1 + j] != key.charAt(j)) {
                    continue outer;
                }
            }
            int p = i + kl + 3;
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
