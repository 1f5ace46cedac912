package dev.goload.verify;

import java.util.HashSet;
import java.util.Set;

/**
 * The set of sequence numbers (≥ 0) seen for one property in one stage: a {@link SeqBitmap} for the expected range
 * and a small overflow set for values far beyond it (a corrupted log line must not make the verifier allocate
 * gigabytes). Not thread-safe.
 */
final class SeqSet {
    private static final long DENSE_SLACK = 1 << 16;

    private final long denseLimit;
    /** Seq {@code s} is bit {@code s + 1} of the 1-based bitmap. */
    private final SeqBitmap dense = new SeqBitmap(1);
    private Set<Long> overflow;
    private long size;

    /** @param expectedMax the highest sequence expected (the produced maximum); the bitmap may grow past it */
    SeqSet(long expectedMax) {
        this.denseLimit = Math.min(Math.max(0, expectedMax) + DENSE_SLACK, SeqBitmap.MAX_SEQ - 1);
    }

    /** Adds {@code seq} (≥ 0); returns false if it was already present. */
    boolean add(long seq) {
        boolean added;
        if (seq > denseLimit) {
            if (overflow == null) overflow = new HashSet<>();
            added = overflow.add(seq);
        } else {
            added = !dense.set(seq + 1);
        }
        if (added) size++;
        return added;
    }

    boolean contains(long seq) {
        if (seq < 0) return false;
        if (seq <= denseLimit) return dense.get(seq + 1);
        return overflow != null && overflow.contains(seq);
    }

    long size() {
        return size;
    }

    /** Distinct members in {@code [lo, hi]}. */
    long countBetween(long lo, long hi) {
        if (lo > hi) return 0;
        long n = lo <= denseLimit ? dense.countBetween(Math.max(0, lo) + 1, Math.min(hi, denseLimit) + 1) : 0;
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
