package dev.goload.modes.consume;

import dev.goload.client.QueenException;

/**
 * Where a mode counts its pops (its own counters and report vocabulary stay as they are: {@code popCalls} after an
 * answer in max/openloop, {@code popReq} per attempt in cloud, …). Every pop call made reaches exactly one of
 * {@link #answered}, {@link #failed} and {@link #canceled}; the mode classifies a failure by kind ({@code ErrorStats}
 * or its kind map).
 *
 * <p>Threading: called from every consumer thread at once; implementations use adders.
 */
public interface PopTally {
    /** Before each pop call. */
    default void attempt() {
    }

    /** The broker answered (with or without messages). */
    default void answered() {
    }

    /** The answer held no message (after {@link #answered}). */
    void empty();

    /** The pop failed: a broker error, never a cancellation. */
    void failed(QueenException e);

    /** The pop was cancelled (the run's stop cuts what is left in flight): not an answer, not an error. */
    void canceled();
}
