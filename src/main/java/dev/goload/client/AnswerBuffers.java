package dev.goload.client;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The arrays an {@link Http1Engine}'s answers' bodies are read into, reused from one answer to the next: a new array
 * per answer (a 500-message pop is about 300 KB) was 84 % of the bytes a consumer allocated, and at 1.5 M messages/s
 * about 750 MB/s for the young collections. An answer takes a spare when it starts its body ({@link #take}) and the
 * caller gives it back once the body is decoded ({@link #give}); a body array is never in two answers at once.
 *
 * <p>Bounded: arrays above {@value #MAX_KEPT} bytes are not kept (a huge answer's array is garbage once, not
 * pinned for the run), and the spares hold at most {@value #MAX_SPARE_BYTES} bytes in all. Arrays are sized in
 * powers of two ({@link #size}), so answers of about the same size fit each other's arrays.
 *
 * <p>Thread-safe and lock-free: any exchange's thread may take or give at any time.
 */
final class AnswerBuffers {
    /** Smallest array made: an ack or push answer of a few items fits; a pop's grows it once. */
    static final int MIN_ARRAY = 16 * 1024;
    /** Largest array kept for reuse (a pop of 2,000 messages of 1 KiB fits). */
    static final int MAX_KEPT = 4 * 1024 * 1024;
    /** Bytes the spares may hold in all (two consumers' 512 KB arrays are 1 MB). */
    static final long MAX_SPARE_BYTES = 8L * 1024 * 1024;

    private final ConcurrentLinkedQueue<byte[]> spare = new ConcurrentLinkedQueue<>();
    private final AtomicLong spareBytes = new AtomicLong();
    /** Arrays made because no spare was big enough (tests count them: reuse must really happen). */
    private final AtomicInteger made = new AtomicInteger();

    /** An array of at least {@code atLeast} bytes (at most {@link Http1Connection#FIRST_BODY_ARRAY}): a spare, or a new one. */
    byte[] take(int atLeast) {
        byte[] b = spare.poll();
        if (b != null) {
            spareBytes.addAndGet(-b.length);
            if (b.length >= atLeast) return b;
            // too small for this answer: dropped, the bigger array made for it is kept instead
        }
        made.incrementAndGet();
        return new byte[size(atLeast)];
    }

    /** {@code b} (null: nothing) is free for another answer; kept if it fits the bounds, else left to the collector. */
    void give(byte[] b) {
        // below MIN_ARRAY: the empty body's shared array, never one of these
        if (b == null || b.length < MIN_ARRAY || b.length > MAX_KEPT) return;
        if (spareBytes.addAndGet(b.length) > MAX_SPARE_BYTES) {
            spareBytes.addAndGet(-b.length);
            return;
        }
        spare.offer(b);
    }

    /** The array size made for {@code n} bytes: the next power of two, at least {@link #MIN_ARRAY}. */
    static int size(int n) {
        if (n <= MIN_ARRAY) return MIN_ARRAY;
        int p = Integer.highestOneBit(n - 1) << 1;
        return p > 0 ? p : n; // beyond 2^30: exactly n (never reached: the first array is at most FIRST_BODY_ARRAY)
    }

    /** Tests only: arrays made so far. */
    int made() {
        return made.get();
    }

    /** Tests only: bytes the spares hold now. */
    long spareBytes() {
        return spareBytes.get();
    }
}
