package dev.goload.modes.consume;

import dev.goload.client.PopResult;
import dev.goload.client.QueenException;

/** One consumer's next pop (its client and its fixed request, pinned by the recorded exchanges). */
@FunctionalInterface
public interface PopCall {
    PopResult pop() throws QueenException;
}
