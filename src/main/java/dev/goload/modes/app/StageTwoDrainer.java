package dev.goload.modes.app;

import dev.goload.client.AckResult;
import dev.goload.client.PopRequest;
import dev.goload.client.QueenException;
import dev.goload.config.AppConfig;
import dev.goload.modes.Errors;
import dev.goload.modes.consume.AckTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopTally;

/**
 * A stage-2 drainer (goload-behavior.md §2.8): pops the stage-2 queue as group {@code stage2} (long-poll, no empty
 * sleep), sleeps {@code -stage2-process-ms}, acks the batch completed and counts {@code stage2Acked}; a failed pop
 * counts one {@code stage2PopErr}, a failed ack call (or one with any failed item) one {@code stage2AckErr}, each
 * also by kind in the run's {@code stage2Pop} / {@code stage2Ack} error families, where the calls the run's stop
 * cancelled count as {@code canceled}. Stage 2 stays out of the common counters, as in the reference. The one
 * {@link ConsumerLoop} with app's policy.
 *
 * <p>Threading: runs on its own virtual thread.
 */
final class StageTwoDrainer implements Runnable {
    static final String GROUP = "stage2";

    private final ConsumerLoop loop;

    StageTwoDrainer(AppContext ctx) {
        AppConfig.Consume c = ctx.cfg().consume();
        PopRequest request = PopRequest.of(ctx.cfg().topo().stage2Queue())
                .withConsumerGroup(GROUP)
                .withAutoAck(false)
                .withBatch(c.popBatch())
                .withPartitions(c.popPartitions() > 1 ? c.popPartitions() : 0)
                .withWait(true)
                .withTimeoutMs(c.popTimeoutMs());
        Tally tally = new Tally(ctx.counters());
        Acks acks = Acks.inline(msgs -> ctx.client().ackMessages(msgs, true, GROUP), tally,
                Lifetime.of(ctx.signal()), ctx.clock());
        this.loop = ctx.consumerLoop(request, 0, tally,
                (msgs, popNs, popMicros) -> !ctx.pause(ctx.cfg().work().stage2ProcessMs()) && acks.ack(msgs));
    }

    @Override
    public void run() {
        loop.run();
    }

    /** Stage 2's vocabulary: pop errors, messages acked, ack errors per call; kinds in its own families. */
    private record Tally(AppCounters n) implements PopTally, AckTally {
        @Override
        public void empty() {
        }

        @Override
        public void failed(QueenException e) {
            n.stage2PopErr.increment();
            Errors.record(n.stage2PopErrors, e);
        }

        @Override
        public void canceled() {
            n.stage2PopErrors.canceled();
        }

        @Override
        public void answered(int size, AckResult a, long micros) {
            n.stage2Acked.add(a.succeeded());
            if (a.succeeded() != size) {
                n.stage2AckErr.increment();
                Errors.ackItemsFailed(n.stage2AckErrors, size, a);
            }
        }

        @Override
        public void failed(int size, QueenException e, long micros) {
            n.stage2AckErr.increment();
            Errors.record(n.stage2AckErrors, e);
        }

        @Override
        public void canceled(int size, long micros) {
            n.stage2AckErrors.canceled();
        }

        @Override
        public void unbuildable(int size, RuntimeException e) {
            n.stage2AckErr.increment();
            Errors.ackUnbuildable(n.stage2AckErrors, e);
        }
    }
}
