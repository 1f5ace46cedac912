package dev.goload.client;

import java.util.Arrays;

/**
 * The previous message's fields as one contiguous run, for {@link PopScanner}: a batch's messages mostly differ in
 * a few fields (id, transaction id, creation time) and repeat the ones between byte for byte. From a field's key, the
 * previous message's bytes from the same field on are compared with one vectorised mismatch; every whole field
 * before the first differing byte (key, value and the delimiter up to the next key, or the closing brace) was
 * already read in the same context, so it is valid the same way and reads the same value: the scanner takes the
 * value the previous message read there (its String, its number, or its {@code data} span at the same offset) instead
 * of reading the field again. Per field position: where its key starts (the previous message, or the current one
 * once read), and, relative to that, where its value starts and ends and where the next key (or the message's end)
 * is. Single use, not thread-safe.
 */
final class MessageRuns {
    /** Fields tracked per message (as {@link SeenFields}); a message with more reads the rest as before. */
    static final int MAX = SeenFields.MAX;

    private final byte[] b;
    /** The answer's end in {@link #b} ({@link JsonBytes}: the array may be longer). */
    private final int end;
    private final int[] at = new int[MAX];
    private final int[] valueOff = new int[MAX];
    private final int[] valueLen = new int[MAX];
    private final int[] nextOff = new int[MAX];
    private final int[] kinds = new int[MAX];
    private final Object[] values = new Object[MAX];
    private final int[] ints = new int[MAX];
    /** Fields of the previous message (all of them when {@link #closed}: its last one ends at its brace). */
    private int count;
    private boolean closed;
    /**
     * Per position: the last comparison from there found the field itself different (an id, a transaction id, a
     * creation time: every message's own). Such a field is read without comparing it first, but for every
     * {@value #REPROBE}th message, which compares it again, so a field that starts repeating is taken again.
     */
    private final boolean[] differs = new boolean[MAX];
    /** Messages ended so far ({@link #ended}). */
    private int messages;
    /** Every how many messages a field that differed is compared again (a power of two). */
    static final int REPROBE = 16;
    /** Comparisons made (tests: a field that keeps differing is not compared per message). */
    private int comparisons;

    MessageRuns(byte[] b, int end) {
        this.b = b;
        this.end = end;
    }

    /**
     * How many whole fields from field {@code i} on, its key at {@code p}, repeat the previous message's from the
     * same position; 0 for none (also, without comparing, for a field that differed the last time it was compared,
     * except every {@value #REPROBE}th message: it is then read as any differing field is). Their values are then {@link #kind}, {@link #value}, {@link #number},
     * {@link #valueFrom}; {@link #moved} makes them the current message's.
     */
    int run(int i, int p) {
        if (i >= count) return 0;
        if (differs[i] && (messages & (REPROBE - 1)) != 0) return 0; // read it: it differed the last time
        comparisons++;
        int from = at[i];
        int last = count - 1;
        int n = Math.min(at[last] + nextOff[last] - from, end - p);
        int m = Arrays.mismatch(b, from, from + n, b, p, p + n);
        int equal = m < 0 ? n : m;
        int j = i;
        while (j <= last && at[j] + nextOff[j] - from <= equal) j++;
        differs[i] = j == i;
        return j - i;
    }

    /** Where field {@code i}'s key starts (in the previous message until {@link #moved}). */
    int keyAt(int i) {
        return at[i];
    }

    int kind(int i) {
        return kinds[i];
    }

    /** The String field {@code i} read (a lease, partition, queue, id or time; null for a JSON null). */
    Object value(int i) {
        return values[i];
    }

    /** The number field {@code i} read (retryCount). */
    int number(int i) {
        return ints[i];
    }

    /** Where field {@code i}'s value starts and ends once {@link #moved} to the current message. */
    int valueFrom(int i) {
        return at[i] + valueOff[i];
    }

    int valueTo(int i) {
        return at[i] + valueOff[i] + valueLen[i];
    }

    /** Field {@code i} repeated, {@code delta} bytes later in the current message; the offset of what follows it. */
    int moved(int i, int delta) {
        at[i] += delta;
        return at[i] + nextOff[i];
    }

    /** True when field {@code i} was the previous message's last (what follows it is the message's end). */
    boolean ends(int i) {
        return closed && i == count - 1;
    }

    /**
     * Field {@code i} of the current message, read: key at {@code key}, value {@code b[from, to)} of {@code kind}
     * ({@code value}/{@code number}: what was read), what follows it at {@code next}.
     */
    void read(int i, int key, int kind, int from, int to, int next, Object value, int number) {
        if (i >= MAX) return;
        at[i] = key;
        kinds[i] = kind;
        valueOff[i] = from - key;
        valueLen[i] = to - from;
        nextOff[i] = next - key;
        values[i] = value;
        ints[i] = number;
    }

    /** The current message ended after {@code fields} fields: it is the previous one from now on. */
    void ended(int fields) {
        count = Math.min(fields, MAX);
        closed = fields <= MAX;
        messages++;
    }

    /** Tests only: the comparisons {@link #run} made so far. */
    int comparisons() {
        return comparisons;
    }
}
