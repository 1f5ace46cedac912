package dev.goload.modes.consume;

import dev.goload.client.Message;
import java.util.List;

/**
 * What a mode does with each non-empty batch (count, verify, log, route on, settle the ack), on the consumer's
 * thread; it may block (work sleeps, an async ack waiting for its slot).
 */
@FunctionalInterface
public interface BatchHandler {
    /**
     * @param messages          the batch, never empty
     * @param poppedEpochNanos  when the answer arrived, on the run's {@link dev.goload.modes.EpochClock}: the one
     *                          instant every e2e latency of the batch is measured to
     * @param popMicros         how long the pop call took (order's pop-wait percentiles, §2.5)
     * @return false to end the loop (stopped while waiting to settle)
     */
    boolean handle(List<Message> messages, long poppedEpochNanos, long popMicros) throws InterruptedException;
}
