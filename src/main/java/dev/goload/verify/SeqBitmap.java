package dev.goload.verify;

import java.util.Arrays;

/**
 * A growable bitmap of 1-based sequence numbers: bit {@code s-1} stands for seq {@code s}. Words double when a
 * higher seq arrives, so memory is one bit per sequence number ever seen (1M messages ≈ 125 KB), never one object
 * per message. Sequence numbers are dense per tenant, which is what makes a bitmap the right shape.
 *
 * <p>Not thread-safe: its owner ({@link TenantLedger}) serializes access.
 */
final class SeqBitmap {
    /** One past the highest seq a bitmap can hold (the word array is indexed by int). */
    static final long MAX_SEQ = (long) Integer.MAX_VALUE * 64;

    private long[] words;

    SeqBitmap() {
        this(16);
    }

    /** @param initialWords 64-seq words allocated up front (the array doubles as higher seqs arrive) */
    SeqBitmap(int initialWords) {
        words = new long[Math.max(1, initialWords)];
    }

    /** Sets seq {@code s} (≥ 1); returns whether it was already set. */
    boolean set(long s) {
        long bit = s - 1;
        int w = wordIndex(bit);
        ensure(w);
        long mask = 1L << bit;
        boolean was = (words[w] & mask) != 0;
        words[w] |= mask;
        return was;
    }

    boolean get(long s) {
        long bit = s - 1;
        int w = wordIndex(bit);
        return w < words.length && (words[w] & (1L << bit)) != 0;
    }

    /** Seqs set here and in neither {@code not1} nor {@code not2} (either may be null). */
    long countAndNot(SeqBitmap not1, SeqBitmap not2) {
        long n = 0;
        for (int i = 0; i < words.length; i++) {
            n += Long.bitCount(words[i] & ~word(not1, i) & ~word(not2, i));
        }
        return n;
    }

    /** Seqs set here and in {@code and}, but not in {@code not}. */
    long countAndAndNot(SeqBitmap and, SeqBitmap not) {
        long n = 0;
        for (int i = 0; i < words.length; i++) {
            n += Long.bitCount(words[i] & word(and, i) & ~word(not, i));
        }
        return n;
    }

    /** Up to {@code max} seqs set here and not in {@code not}, ascending. */
    long[] firstAndNot(SeqBitmap not, int max) {
        long[] out = new long[max];
        int k = 0;
        for (int i = 0; i < words.length && k < max; i++) {
            long w = words[i] & ~word(not, i);
            while (w != 0 && k < max) {
                int b = Long.numberOfTrailingZeros(w);
                out[k++] = (long) i * 64 + b + 1;
                w &= w - 1;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** Seqs set in {@code [lo, hi]} (1-based, inclusive). */
    long countBetween(long lo, long hi) {
        long from = Math.max(1, lo) - 1;
        long to = Math.min(hi, (long) words.length * 64) - 1;
        long n = 0;
        for (long bit = from; bit <= to; ) {
            int w = (int) (bit >>> 6);
            long mask = -1L << (bit & 63);
            long lastInWord = (long) w * 64 + 63;
            if (to < lastInWord) mask &= -1L >>> (63 - (to & 63));
            n += Long.bitCount(words[w] & mask);
            bit = lastInWord + 1;
        }
        return n;
    }

    long cardinality() {
        return countAndNot(null, null);
    }

    /** Bytes held by the word array (for the memory claim in the docs and tests). */
    long sizeBytes() {
        return (long) words.length * Long.BYTES;
    }

    private static long word(SeqBitmap b, int i) {
        return b == null || i >= b.words.length ? 0 : b.words[i];
    }

    private static int wordIndex(long bit) {
        if (bit < 0 || bit >= MAX_SEQ) {
            throw new IllegalArgumentException("sequence number out of range: " + (bit + 1));
        }
        return (int) (bit >>> 6);
    }

    private void ensure(int w) {
        if (w < words.length) {
            return;
        }
        int n = words.length;
        while (n <= w) {
            n = n > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE - 8 : n * 2;
        }
        words = Arrays.copyOf(words, n);
    }
}
