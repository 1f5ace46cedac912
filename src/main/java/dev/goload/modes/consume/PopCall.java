package dev.goload.modes.consume;

import dev.goload.client.PopResult;
import dev.goload.client.QueenException;

/** One consumer's next pop (its client and its fixed request, pinned by the recorded exchanges). */
@FunctionalInterface
public interface PopCall {
    /** The broker's answer, or null when no call was made because the loop's lifetime had stopped. */
    PopResult pop() throws QueenException;
}
