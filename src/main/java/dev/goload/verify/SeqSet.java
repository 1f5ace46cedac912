package dev.goload.verify;

import java.util.HashSet;
import java.util.Set;

/**
 * The set of sequence numbers seen for one property in one stage: a dense bitmap (1 bit per sequence, grown by
 * doubling) for the expected range, and a small overflow set for values far beyond it (a corrupted log line
 * must not make the verifier allocate gigabytes). Not thread-safe.
 */
final class SeqSet {
    private static final long DENSE_SLACK = 1 << 16;

    private final long denseLimit;
    private long[] words = new long[1];
    private Set<Long> overflow;
    private long size;

    /** @param expectedMax the highest sequence expected (the produced maximum); the bitmap may grow past it */
    SeqSet(long expectedMax) {
        this.denseLimit = Math.max(0, expectedMax) + DENSE_SLACK;
    }

    /** Adds {@code seq} (≥ 0); returns false if it was already present. */
    boolean add(long seq) {
        if (seq > denseLimit || seq >= (long) Integer.MAX_VALUE * 64) {
            if (overflow == null) overflow = new HashSet<>();
            boolean added = overflow.add(seq);
            if (added) size++;
            return added;
        }
        int w = (int) (seq >>> 6);
        if (w >= words.length) {
            int n = words.length;
            while (n <= w) n <<= 1;
            words = java.util.Arrays.copyOf(words, n);
        }
        long bit = 1L << (seq & 63);
        if ((words[w] & bit) != 0) return false;
        words[w] |= bit;
        size++;
        return true;
    }

    boolean contains(long seq) {
        if (seq < 0) return false;
        int w = (int) Math.min(Integer.MAX_VALUE, seq >>> 6);
        if (seq <= denseLimit && w < words.length) return (words[w] & (1L << (seq & 63))) != 0;
        return overflow != null && overflow.contains(seq);
    }

    long size() {
        return size;
    }

    /** Distinct members in {@code [lo, hi]}. */
    long countBetween(long lo, long hi) {
        if (lo > hi) return 0;
        long n = 0;
        long denseHi = Math.min(hi, (long) words.length * 64 - 1);
        for (long s = lo; s <= denseHi; ) {
            if ((s & 63) == 0 && s + 63 <= denseHi) {
                n += Long.bitCount(words[(int) (s >>> 6)]);
                s += 64;
            } else {
                if ((words[(int) (s >>> 6)] & (1L << (s & 63))) != 0) n++;
                s++;
            }
        }
        if (overflow != null) {
            for (long s : overflow) if (s >= lo && s <= hi) n++; // a value lives in exactly one structure
        }
        return n;
    }

    /** The smallest value in {@code [lo, hi]} that is absent, or -1. */
    long firstAbsent(long lo, long hi) {
        for (long s = lo; s <= hi; s++) {
            if (!contains(s)) return s;
        }
        return -1;
    }
}
