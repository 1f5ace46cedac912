package dev.goload.modes.app;

import dev.goload.client.AckResult;
import dev.goload.client.PopRequest;
import dev.goload.client.QueenException;
import dev.goload.config.AppConfig;
import dev.goload.modes.consume.AckTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.AdderTally;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.Lifetime;

/**
 * A stage-2 drainer (goload-behavior.md §2.8): pops the stage-2 queue as group {@code stage2} (long-poll, no empty
 * sleep), sleeps {@code -stage2-process-ms}, acks the batch completed and counts {@code stage2Acked}; a failed ack
 * call (or one with any failed item) counts one {@code stage2AckErr}. The one {@link ConsumerLoop} with app's policy.
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
        AppCounters n = ctx.counters();
        Acks acks = Acks.inline(msgs -> ctx.client().ackMessages(msgs, true, GROUP), new Tally(n),
                Lifetime.of(ctx.signal()), ctx.clock());
        this.loop = ctx.consumerLoop(request, 0, new AdderTally(null, null, n.stage2PopErr, null, null),
                (msgs, popNs, popMicros) -> !ctx.pause(ctx.cfg().work().stage2ProcessMs()) && acks.ack(msgs));
    }

    @Override
    public void run() {
        loop.run();
    }

    /** Stage 2's vocabulary: messages acked, ack errors per call. */
    private record Tally(AppCounters n) implements AckTally {
        @Override
        public void answered(int size, AckResult a, long micros) {
            n.stage2Acked.add(a.succeeded());
            if (a.failed() > 0) n.stage2AckErr.increment();
        }

        @Override
        public void failed(int size, QueenException e, long micros) {
            n.stage2AckErr.increment();
        }

        @Override
        public void unbuildable(int size, RuntimeException e) {
            n.stage2AckErr.increment();
        }
    }
}
