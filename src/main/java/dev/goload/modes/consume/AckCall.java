package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.Message;
import dev.goload.client.QueenException;
import java.util.List;

/** Acknowledges a batch {@code completed} with the mode's client and group. */
@FunctionalInterface
public interface AckCall {
    AckResult ack(List<Message> messages) throws QueenException;
}
