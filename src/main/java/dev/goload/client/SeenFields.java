package dev.goload.client;

import java.util.Arrays;

/**
 * The previous message's fields by position, for {@link PopScanner}: a batch's messages carry the same keys in the
 * same order, and most of their values ({@code data}, {@code consumerGroup}, {@code traceId}) byte for byte again.
 * Bytes equal to a span already validated in the same context are valid the same way and end at the same offset
 * (the span runs from the opening quote to the closing quote or bracket inclusive), so a match, one vectorised
 * comparison, replaces the byte-by-byte scan. Anything else is scanned as before and becomes the new span.
 * Single use, not thread-safe.
 */
final class SeenFields {
    /** Fields remembered per message; a message with more scans the rest as before. */
    static final int MAX = 32;

    private final byte[] b;
    /** The answer's end in {@link #b} ({@link JsonBytes}: the array may be longer). */
    private final int n;
    /** Per position: the key's span [from, to) (quotes included), its kind, and the value's span. */
    private final int[] keyFrom = new int[MAX];
    private final int[] keyTo = new int[MAX];
    private final int[] kinds = new int[MAX];
    private final int[] valueFrom = new int[MAX];
    private final int[] valueTo = new int[MAX];

    SeenFields(byte[] b, int n) {
        this.b = b;
        this.n = n;
        Arrays.fill(keyTo, -1);
        Arrays.fill(valueTo, -1);
    }

    /** The end of field {@code i}'s key at {@code p} (after its closing quote) when it repeats, else -1. */
    int sameKey(int i, int p) {
        return i < MAX ? same(keyFrom[i], keyTo[i], p) : -1;
    }

    /** The kind remembered with field {@code i}'s key (valid after {@link #sameKey} matched). */
    int kind(int i) {
        return kinds[i];
    }

    /** Remembers field {@code i}'s key {@code b[from, to)} and its kind; forgets the value seen under the old key. */
    void key(int i, int from, int to, int kind) {
        if (i >= MAX) return;
        keyFrom[i] = from;
        keyTo[i] = to;
        kinds[i] = kind;
        valueTo[i] = -1;
    }

    /** The end of field {@code i}'s value at {@code p} when it repeats the previous message's, else -1. */
    int sameValue(int i, int p) {
        return i < MAX ? same(valueFrom[i], valueTo[i], p) : -1;
    }

    /** Remembers field {@code i}'s value {@code b[from, to)}, validated as the key's kind requires. */
    void value(int i, int from, int to) {
        if (i >= MAX) return;
        valueFrom[i] = from;
        valueTo[i] = to;
    }

    private int same(int from, int to, int p) {
        return JsonBytes.repeats(b, n, from, to, p);
    }
}
