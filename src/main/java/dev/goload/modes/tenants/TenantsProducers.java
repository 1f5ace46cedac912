package dev.goload.modes.tenants;

import dev.goload.client.QueenClient;
import dev.goload.config.TenantsConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.EpochClock;
import dev.goload.modes.PushSender;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One producer per tenant (goload-behavior.md §2.7): the phase schedule of {@link TenantProducer}, each message a
 * single push to a random queue of the tenant through the one push path ({@link PushSender}, which counts it), its
 * latency from the pacer's due instant. The body's {@code ts} is that instant too, so the consumers' e2e is also
 * measured from the schedule.
 *
 * <p>Threading: one virtual thread per tenant; {@link #start} and {@link #join} from the run thread.
 */
final class TenantsProducers {
    private final TenantsConfig c;
    private final QueenClient client;
    private final RunSignal signal;
    private final NanoClock clock;
    private final EpochClock epoch;
    private final RunCounters counters;
    private final PushSender sender;
    private final QueueLedger ledger;
    private final AtomicInteger live;
    private final CountDownLatch firstPush = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();

    TenantsProducers(TenantsConfig c, QueenClient client, RunSignal signal, NanoClock clock, EpochClock epoch,
                     RunCounters counters, PushSender sender, QueueLedger ledger, AtomicInteger live) {
        this.c = c;
        this.client = client;
        this.signal = signal;
        this.clock = clock;
        this.epoch = epoch;
        this.counters = counters;
        this.sender = sender;
        this.ledger = ledger;
        this.live = live;
    }

    /** Starts every tenant's schedule at {@code startNanos}, each offset by its stagger. */
    void start(long startNanos) {
        for (int t = 0; t < c.tenants(); t++) {
            int tenant = t;
            long offsetSec = c.stagger() ? ThreadLocalRandom.current().nextInt(2 * c.phaseSec()) : 0;
            threads.add(Thread.ofVirtual().name("goload-tenants-producer").start(
                    () -> produce(tenant, offsetSec, startNanos)));
        }
    }

    /** Waits up to {@code millis} for the first answered push; false when none came. */
    boolean awaitFirstPush(long millis) throws InterruptedException {
        return firstPush.await(millis, TimeUnit.MILLISECONDS);
    }

    List<Thread> threads() {
        return threads;
    }

    private void produce(int tenant, long offsetSec, long startNanos) {
        live.incrementAndGet();
        try {
            TenantBody bodies = new TenantBody(c.payload());
            long[] seq = {0};
            new TenantProducer(c.phaseHigh(), c.phaseLow(), c.phaseSec(), offsetSec, startNanos, clock,
                    nanos -> signal.pause(TimeUnit.NANOSECONDS.toMillis(nanos)), signal::isStopping,
                    due -> pushOne(tenant, ++seq[0], bodies, due)).run();
        } finally {
            live.decrementAndGet();
        }
    }

    private void pushOne(int tenant, long seq, TenantBody bodies, long dueNanos) {
        int qi = ThreadLocalRandom.current().nextInt(c.queuesPerTenant());
        int q = tenant * c.queuesPerTenant() + qi;
        byte[] body = bodies.of(tenant, qi, seq, epoch.toEpochNanos(dueNanos) / 1000);
        counters.offeredReq.increment(); // closed loop: every decision is sent, none shed
        if (sender.send(client, ledger.name(q), null, body, 1, dueNanos, -1).achieved()) {
            ledger.pushed(q);
            firstPush.countDown();
        }
    }
}
