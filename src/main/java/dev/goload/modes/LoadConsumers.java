package dev.goload.modes;

import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.consume.AckCall;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.PopCall;
import dev.goload.modes.consume.RunTally;
import dev.goload.pace.NanoClock;
import dev.goload.shard.Shard;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The closed-loop drainers of {@code max} and {@code openloop} (goload-behavior.md §2.1, §2.1.1) on the one
 * {@link ConsumerLoop}: each consumer pops (wildcard, pinned to its home partition, or multi-partition; optionally
 * long-polling), counts, and with manual ack acknowledges the whole batch {@code completed} through {@link Acks} —
 * inline, or under the blocking {@code -ack-inflight} cap.
 *
 * <p>Policy (the reference's): 5 ms base pause after a failed pop; {@code -empty-sleep} after every empty pop, also
 * while long-polling (§2.1: unconditional); {@code timeout=0} unless waiting.
 *
 * <p>Threading: one virtual thread per consumer and per async ack; counters are shared adders.
 */
public final class LoadConsumers {
    private static final long ACK_DRAIN_MILLIS = 5_000;
    /** The reference's pause after a failed pop (§2.1); consecutive connection failures grow it (ErrorBackoff). */
    static final long ERROR_PAUSE_MILLIS = 5;

    private final QueenClient client;
    private final ConsumerOptions opts;
    private final String queue;
    private final int partitions;
    private final Shard shard;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final boolean e2e;
    private final EpochClock epoch;
    private final AtomicInteger liveTasks;
    private final Lifetime life;
    /** The pop and ack counts of every loop and of the acks. */
    private final RunTally tally;
    private final Acks acks;
    private final ConsumerPool pool;

    public LoadConsumers(QueenClient client, ConsumerOptions opts, String queue, int partitions, RunCounters counters,
                         RunRecorders recorders, RunSignal signal, boolean e2e, EpochClock epoch,
                         AtomicInteger liveTasks) {
        this(client, opts, queue, partitions, Shard.SINGLE, counters, recorders, signal, e2e, epoch, liveTasks);
    }

    /** @param shard a sharded run pops only its own partitions ({@link ShardPops}) */
    public LoadConsumers(QueenClient client, ConsumerOptions opts, String queue, int partitions, Shard shard,
                         RunCounters counters, RunRecorders recorders, RunSignal signal, boolean e2e, EpochClock epoch,
                         AtomicInteger liveTasks) {
        if (shard.sharded() && opts.popPartitions() > 1) {
            throw new IllegalArgumentException("a sharded run pops only its own partitions: -pop-partitions > 1 lets"
                    + " the broker choose them");
        }
        this.shard = shard;
        this.client = client;
        this.opts = opts;
        this.queue = queue;
        this.partitions = partitions;
        this.counters = counters;
        this.recorders = recorders;
        this.e2e = e2e;
        this.epoch = epoch;
        this.liveTasks = liveTasks;
        this.life = Lifetime.of(signal);
        this.pool = new ConsumerPool(opts.consumers());
        AckCall call = msgs -> client.ackMessages(msgs, true, null);
        this.tally = new RunTally(counters, recorders);
        this.acks = opts.ackAsync()
                ? Acks.async(call, tally, opts.ackInflight(), life, NanoClock.SYSTEM, liveTasks)
                : Acks.inline(call, tally, life, NanoClock.SYSTEM);
    }

    /** The pop request consumer {@code i} sends every time. */
    PopRequest requestFor(int i) {
        String partition = null;
        int multi = 0;
        if (opts.popPartitions() > 1) {
            multi = opts.popPartitions();
        } else if (!opts.popWildcard()) {
            partition = "p" + (i % partitions);
        }
        return new PopRequest(queue, partition, opts.popBatch(), multi, opts.popWait(),
                opts.popWait() ? opts.popTimeoutMs() : 0, null, !opts.manualAck(), e2e);
    }

    public void start() {
        ConsumerPolicy policy = new ConsumerPolicy(ERROR_PAUSE_MILLIS, opts.emptySleepMs(), false);
        for (int i = 0; i < opts.consumers(); i++) {
            PopRequest req = requestFor(i);
            PopCall call = shard.sharded()
                    ? ShardPops.call(client, req, ShardPops.partitionsOf(shard, partitions, opts.consumers(), i,
                            opts.popWildcard()), life)
                    : () -> client.pop(req);
            pool.start("goload-consumer-" + i, new ConsumerLoop(policy, life, call, tally,
                    this::handle, epoch::epochNanos, liveTasks, counters.backoff));
        }
    }

    private boolean handle(List<Message> msgs, long nowEpochNanos, long popMicros) throws InterruptedException {
        counters.popped.add(msgs.size());
        if (e2e) {
            for (Message m : msgs) {
                long ts = Stamps.readLong(m.data(), "ts");
                if (ts > 0) {
                    recorders.e2e.record((nowEpochNanos - ts) / 1000);
                }
            }
        }
        return !opts.manualAck() || acks.ack(msgs);
    }

    /**
     * Waits for the consumers to leave their loops (they see the stop signal; in-flight pops are cut by the
     * caller cancelling the client), then gives outstanding async acks up to 5 s to finish.
     *
     * @return whether every loop ended and every async ack finished in time
     */
    public boolean awaitStopped(long millis) throws InterruptedException {
        boolean joined = pool.await(millis);
        boolean drained = acks.drain(ACK_DRAIN_MILLIS);
        acks.cutOff();
        return joined && drained;
    }

    /**
     * After the client's cancel: gives the calls it cut (parked long-polls, acks past the drain) up to {@code millis}
     * to unwind, so that they are counted (as cancelled) before the run's counters are read.
     */
    public boolean awaitUnwound(long millis) throws InterruptedException {
        return pool.await(millis) & acks.drain(millis);
    }
}
