package dev.goload.modes.app;

import dev.goload.client.AckResult;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenException;
import dev.goload.config.AppConfig;
import dev.goload.modes.ErrorBackoff;

/**
 * A stage-2 drainer (goload-behavior.md §2.8): pops the stage-2 queue as group {@code stage2} (long-poll), sleeps
 * {@code -stage2-process-ms}, acks the batch completed and counts {@code stage2Acked}.
 *
 * <p>Threading: runs on its own virtual thread.
 */
final class StageTwoDrainer implements Runnable {
    static final String GROUP = "stage2";

    private final AppContext ctx;
    private final PopRequest request;
    private final ErrorBackoff backoff;

    StageTwoDrainer(AppContext ctx) {
        this.ctx = ctx;
        this.backoff = ctx.errorBackoff();
        AppConfig.Consume c = ctx.cfg().consume();
        this.request = PopRequest.of(ctx.cfg().topo().stage2Queue())
                .withConsumerGroup(GROUP)
                .withAutoAck(false)
                .withBatch(c.popBatch())
                .withPartitions(c.popPartitions() > 1 ? c.popPartitions() : 0)
                .withWait(true)
                .withTimeoutMs(c.popTimeoutMs());
    }

    @Override
    public void run() {
        AppCounters n = ctx.counters();
        while (!ctx.signal().isStopping()) {
            PopResult r = ctx.popOnce(request, n.stage2PopErr, backoff);
            if (r == null || r.empty()) continue;
            if (ctx.pause(ctx.cfg().work().stage2ProcessMs())) return;
            try {
                AckResult a = ctx.client().ackMessages(r.messages(), true, GROUP);
                n.stage2Acked.add(a.succeeded());
                if (a.failed() > 0) n.stage2AckErr.increment();
            } catch (QueenException e) {
                n.stage2AckErr.increment();
            }
        }
    }
}
