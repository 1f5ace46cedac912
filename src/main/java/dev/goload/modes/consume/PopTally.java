package dev.goload.modes.consume;

import dev.goload.client.QueenException;

/**
 * Where a mode counts its pops (its own counters and report vocabulary stay as they are: {@code popCalls} after an
 * answer in max/openloop, {@code popReq} per attempt in cloud, …). Every failed pop reaches {@link #failed} except a
 * cancelled one while the loop stops; the mode classifies it by kind ({@code ErrorStats} or its kind map).
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

    /** The answer held no message. */
    void empty();

    /** The pop failed (and the loop was not stopping with it cancelled). */
    void failed(QueenException e);
}
