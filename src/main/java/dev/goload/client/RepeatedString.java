package dev.goload.client;

import java.nio.charset.StandardCharsets;

/**
 * The last String of one field, returned again while the bytes repeat (a batch's lease, partition, queue), for
 * {@link PopScanner}. Single use, not thread-safe.
 */
final class RepeatedString {
    /** The last string's span, its quotes included; {@code to < 0}: none yet. */
    private int from;
    private int to = -1;
    private String s;

    /**
     * The end (after the closing quote) of the string at {@code p} when it is the last one's bytes, else -1; the text
     * ends at {@code n} ({@link JsonBytes}).
     */
    int same(byte[] b, int n, int p) {
        return JsonBytes.repeats(b, n, from, to, p);
    }

    /** The String {@link #same} matched. */
    String last() {
        return s;
    }

    /** A String of {@code b[from, to)}, which {@link #same} did not match, remembered for the next ones. */
    String of(byte[] b, int from, int to) {
        this.from = from - 1;
        this.to = to + 1;
        return s = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
