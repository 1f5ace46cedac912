package dev.goload.modes.app;

import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.config.AppConfig;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.RunTally;
import dev.goload.modes.consume.ConsumerPolicy;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One consumer of group {@code cg<g>} (goload-behavior.md §2.8): pop with a lease (autoAck=false), process the
 * messages <em>sequentially</em> (simulated work; leases renewed while a slow batch runs), each processed message
 * going to the order checker and the raw log through {@link DeliveryFeed} before any ack, then complete the batch
 * through {@link BatchCompleter}. A batch cut short by the end of the run is not acked: its lease expires and the
 * broker redelivers it, as it would for a crashed application.
 *
 * <p>It runs on the one {@link ConsumerLoop}: 5 ms base pause after a failed pop, {@code -empty-sleep} only when not
 * long-polling; the handler settles every batch itself (tx / completed / failed → DLQ).
 *
 * <p>Threading: runs on its own virtual thread; everything it shares is in {@link AppContext}.
 */
final class AppConsumer implements Runnable {
    private final AppContext ctx;
    private final int group;
    private final PopRequest request;
    private final SplittableRandom random;
    private final WorkModel work;
    private final BatchCompleter completer;
    private final ConsumerLoop loop;

    AppConsumer(AppContext ctx, int group, int worker) {
        this.ctx = ctx;
        this.group = group;
        AppConfig.Consume c = ctx.cfg().consume();
        this.request = PopRequest.of(ctx.cfg().topo().queue())
                .withConsumerGroup(AppConfig.groupName(group))
                .withAutoAck(false)
                .withBatch(c.popBatch())
                .withPartitions(c.popPartitions() > 1 ? c.popPartitions() : 0)
                .withWait(c.popWait())
                .withTimeoutMs(c.popTimeoutMs())
                .withCaptureData(true);
        this.random = new SplittableRandom(ctx.cfg().run().seed() * 7_919L + group * 100_003L + worker);
        this.work = WorkModel.of(ctx.cfg().work());
        this.completer = new BatchCompleter(ctx, group, random.split());
        AppCounters n = ctx.counters();
        var run = ctx.run();
        this.loop = ctx.consumerLoop(request, ConsumerPolicy.emptySleep(c.emptySleepMs(), request.longPoll(), false),
                new RunTally(run, ctx.recorders()), (msgs, popNs, popMicros) -> {
                    n.popped[group].add(msgs.size());
                    run.popped.add(msgs.size());
                    process(msgs, popNs);
                    return true;
                });
    }

    @Override
    public void run() {
        loop.run();
    }

    private void process(List<Message> msgs, long popNs) {
        AppConfig cfg = ctx.cfg();
        List<Delivery> batch = new ArrayList<>(msgs.size());
        Set<String> leases = new LinkedHashSet<>();
        long totalWork = 0;
        for (Message m : msgs) {
            AppPayload.Stamp st = ctx.payload().read(m.data());
            if (m.leaseId() != null && !m.leaseId().isEmpty()) leases.add(m.leaseId());
            if (!st.ours() || st.seq() < 0) {
                ctx.counters().foreign.increment();
                batch.add(new Delivery(m, st, 0, false, true));
                continue;
            }
            if (st.pushTs() > 0) ctx.qDelay().record((popNs - st.pushTs()) / 1000);
            if (m.retryCount() > 0) ctx.counters().redeliveries.increment();
            long ms = work.workMillis(st.slow(), m.partition(), random.nextDouble() * 2 - 1);
            boolean fail = st.poison() || random.nextDouble() * 100 < cfg.reliab().failPct();
            batch.add(new Delivery(m, st, ms, fail, false));
            totalWork += ms;
        }
        boolean renew = cfg.reliab().renewLease() && !leases.isEmpty()
                && totalWork * 2 >= cfg.reliab().leaseSeconds() * 1000L;
        try (LeaseRenewer ignored = renew ? LeaseRenewer.start(ctx, List.copyOf(leases)) : null) {
            for (Delivery d : batch) {
                if (d.workMillis() > 0 && ctx.pause(d.workMillis())) return; // run over: leave the batch leased
                if (!d.foreign()) DeliveryFeed.processed(ctx, group, d, ctx.epoch().epochNanos());
            }
        }
        completer.complete(batch);
    }
}
