package dev.goload.client;

import java.util.Objects;

/**
 * The previous item's rests, for {@link ResultScanner}'s walk over an array of flat objects: per field position, how
 * many bytes there are from the field's key (its opening quote) to after the item's closing brace, and the item's
 * state there. An answer's items mostly differ only in their first fields (index, transaction id); a rest whose bytes
 * equal the previous item's rest from the same field was already read in the same context (a key inside an item), so
 * it is valid the same way and, entered in the same state, leaves the state the previous item ended in: one
 * vectorised comparison instead of reading those fields again. An item's state is a number and an error text, as the
 * scanner's item shapes define them. Single use, not thread-safe.
 */
final class ItemRests {
    /** Field positions remembered per item; an item with more reads the rest of its fields as before. */
    static final int MAX = 32;

    private static final int[] NO_INTS = {};
    private static final String[] NO_STRINGS = {};
    private static final boolean[] NO_FLAGS = {};

    private final byte[] b;
    /** The answer's end in {@link #b} ({@link JsonBytes}: the array may be longer). */
    private final int length;
    private final int[] restLength;
    private final int[] codes;
    private final String[] errs;
    /** The current item's key offsets (absolute) until {@link #item} turns them into rests. */
    private final int[] starts;
    /** Fields of the previous item whose rests are known, the offset after its brace, its final state. */
    private int fields;
    /**
     * Per field position: the last comparison of a rest from there, entered in the same state, found other bytes
     * (the index and transaction id every item has its own). Such a rest is not compared again, but for every
     * {@value #REPROBE}th item, so rests that start repeating from there are taken again.
     */
    private final boolean[] differs;
    /** Items ended so far ({@link #item}). */
    private int items;
    /** Every how many items a rest that differed is compared again (a power of two). */
    static final int REPROBE = 16;
    /** Comparisons made (tests: a rest that keeps differing is not compared per item). */
    private int comparisons;
    private int end;
    private int endCode;
    private String endErr;

    /**
     * {@code items}: how many the answer should hold; for one (a push of one message: an answer per request) there
     * is nothing to repeat, and no field is remembered (no arrays made).
     */
    ItemRests(byte[] b, int length, int items) {
        this.b = b;
        this.length = length;
        boolean remember = items > 1;
        restLength = remember ? new int[MAX] : NO_INTS;
        codes = remember ? new int[MAX] : NO_INTS;
        errs = remember ? new String[MAX] : NO_STRINGS;
        starts = remember ? new int[MAX] : NO_INTS;
        differs = remember ? new boolean[MAX] : NO_FLAGS;
    }

    /**
     * The end of the current item (after its brace) when its rest from field {@code k}'s key at {@code p}, entered
     * in state ({@code code}, {@code err}), repeats the previous item's rest from the same field entered in the same
     * state; the item then ends in {@link #endCode()}, {@link #endErr()}. Else -1 (also, without comparing, for a
     * rest that differed the last time it was compared, except every {@value #REPROBE}th item).
     */
    int same(int k, int p, int code, String err) {
        if (k >= fields || codes[k] != code || !Objects.equals(errs[k], err)) return -1;
        if (differs[k] && (items & (REPROBE - 1)) != 0) return -1; // read it: it differed the last time
        comparisons++;
        int n = restLength[k];
        int same = JsonBytes.repeats(b, length, end - n, end, p);
        differs[k] = same < 0;
        return same;
    }

    /** Tests only: the comparisons {@link #same} made so far. */
    int comparisons() {
        return comparisons;
    }

    /** The state the previous item ended in (valid after {@link #same} matched). */
    int endCode() {
        return endCode;
    }

    String endErr() {
        return endErr;
    }

    /** Field {@code k} of the current item, read one by one, starts at {@code p} in state ({@code code}, {@code err}). */
    void field(int k, int p, int code, String err) {
        if (k >= starts.length) return;
        starts[k] = p;
        codes[k] = code;
        errs[k] = err;
    }

    /**
     * The current item ended at {@code after} (after its brace) in state ({@code code}, {@code err}), its first
     * {@code read} fields read one by one; {@code repeated}: the rest from field {@code read} on was the previous
     * item's, whose rests from there on hold for this item too.
     */
    void item(int read, boolean repeated, int after, int code, String err) {
        int n = Math.min(read, starts.length);
        for (int j = 0; j < n; j++) restLength[j] = after - starts[j];
        if (!repeated) fields = n;
        end = after;
        endCode = code;
        endErr = err;
        items++;
    }
}
