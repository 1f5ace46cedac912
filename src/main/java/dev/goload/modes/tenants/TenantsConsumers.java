package dev.goload.modes.tenants;

import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.config.TenantsConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.modes.Stamps;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.ConsumerPool;
import dev.goload.modes.consume.Lifetime;
import dev.goload.modes.consume.RunTally;
import dev.goload.pace.NanoClock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The long-poll consumers of {@code -mode tenants}, {@code -consumers-per-queue} per queue, each on the one
 * consumer loop with the reference's policy (§2.7): 250 ms base pause after a failed pop, always long-polling (no
 * empty sleep), each batch acked inline with group {@code g0}. Pops, acks, their errors by kind and the calls the
 * run's stop cancelled go to the common counters ({@link RunTally}: an ack cancelled at shutdown is a cancelled call,
 * not an ack error), ack call durations to the common {@code ack} recorder, e2e (µs stamps against epoch
 * nanoseconds) to the common {@code e2e} recorder.
 *
 * <p>Threading: {@link #start} on a starter thread of its own; the pool's threads are then the run thread's to join.
 */
final class TenantsConsumers {
    private static final long POP_ERROR_PAUSE_MS = 250;

    private final TenantsConfig c;
    private final QueenClient client;
    private final RunSignal signal;
    private final EpochClock epoch;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final QueueLedger ledger;
    private final AtomicInteger live;
    private final RunTally tally;
    private final ConsumerPool pool = new ConsumerPool();

    TenantsConsumers(TenantsConfig c, QueenClient client, RunSignal signal, EpochClock epoch, RunCounters counters,
                     RunRecorders recorders, QueueLedger ledger, AtomicInteger live) {
        this.c = c;
        this.client = client;
        this.signal = signal;
        this.epoch = epoch;
        this.counters = counters;
        this.recorders = recorders;
        this.ledger = ledger;
        this.live = live;
        this.tally = new RunTally(counters, recorders);
    }

    /**
     * Starts every consumer at once, as the reference does: their dials queue in the client's long-poll lane, which
     * connects {@code Http1Engine.CONNECTS_PER_LANE} at a time, so ten thousand long-polls never hold more SYNs in
     * flight than the broker's listen backlog takes. Starts none once the run stops.
     */
    void start() {
        for (int q = 0; q < ledger.queues(); q++) {
            for (int k = 0; k < c.consumersPerQueue(); k++) {
                if (signal.isStopping()) return;
                pool.start("goload-tenants-consumer", loop(q));
            }
        }
    }

    /** Waits up to {@code millis} for every started consumer to end. */
    boolean await(long millis) throws InterruptedException {
        return pool.await(millis);
    }

    private ConsumerLoop loop(int q) {
        PopRequest req = PopRequest.of(ledger.name(q)).withConsumerGroup("g0").withBatch(c.popBatch()).withWait(true)
                .withTimeoutMs(c.popTimeoutMs()).withAutoAck(false).withCaptureData(true);
        Lifetime life = Lifetime.of(signal);
        Acks acks = Acks.inline(msgs -> client.ackMessages(msgs, true, "g0"), tally, life, NanoClock.SYSTEM);
        return new ConsumerLoop(new ConsumerPolicy(POP_ERROR_PAUSE_MS, 0, false), life, () -> client.pop(req), tally,
                (msgs, nowEpochNanos, popMicros) -> {
                    long nowMicros = nowEpochNanos / 1000;
                    for (var m : msgs) {
                        long ts = Stamps.readLong(m.data(), "ts");
                        if (ts > 0) {
                            recorders.e2e.record(nowMicros - ts);
                        }
                    }
                    counters.popped.add(msgs.size());
                    ledger.popped(q, msgs.size());
                    return acks.ack(msgs);
                }, epoch::epochNanos, live, counters.backoff);
    }
}
