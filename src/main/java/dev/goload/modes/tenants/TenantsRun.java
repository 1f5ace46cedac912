package dev.goload.modes.tenants;

import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.TenantsConfig;
import dev.goload.metrics.BackoffStats;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.modes.Stamps;
import dev.goload.modes.consume.AdderTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.KindTally;
import dev.goload.modes.consume.Lifetime;
import dev.goload.pace.NanoClock;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The {@code tenants} workload on the shared client: provision every queue, park consumers on all of them, run
 * per-tenant producers alternating high/low phases, hand an interval to the listener every {@code -report} s, and
 * return the final counters with the tail (the console formats both: report/TenantsConsole).
 * Differences from the reference (§8 #20): the final wait is bounded ({@link TenantsConfig#FINAL_WAIT_MS}); the
 * client is built by the caller with exactly one attempt per call (no hidden retry); a long-poll's client deadline
 * is pop-timeout + 5 s independent of {@code -timeout}, so the two never race.
 *
 * <p>Threading: one virtual thread per consumer and per producer; counters are adders / atomic arrays.
 */
public final class TenantsRun {
    private static final int PROVISION_ATTEMPTS = 6;
    private static final long PROVISION_RETRY_MS = 200;
    private static final long POP_ERROR_PAUSE_MS = 250;
    private static final long PUSH_DRAIN_MS = 5_000;
    /** Short-lane sockets dialled before the producers start, at most (one per tenant). */
    private static final int PRE_DIAL = 256;
    private static final long FIRST_PUSH_WAIT_MS = 1_000;
    private static final int CONSUMER_WAVE = 512;
    private static final long CONSUMER_WAVE_MS = 250;

    private final TenantsConfig c;
    private final QueenClient client;
    private final RunSignal signal;
    private final PrintStream out;
    private final Listener listener;
    private final LongAdder pushed = new LongAdder();
    private final LongAdder popped = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder emptyPops = new LongAdder();
    private final LongAdder pushErr = new LongAdder();
    private final LongAdder popErr = new LongAdder();
    private final LongAdder ackErr = new LongAdder();
    private final java.util.concurrent.CountDownLatch firstPush = new java.util.concurrent.CountDownLatch(1);
    private final ErrorStats pushErrors = new ErrorStats();
    private final AtomicLongArray pushedQ;
    private final AtomicLongArray poppedQ;
    /** By queue index {@code tenant * queuesPerTenant + q}: named once, not per push. */
    private final String[] queueNames;
    private final LatencyRecorder e2e = new LatencyRecorder("e2e");
    private final AtomicInteger live = new AtomicInteger();
    private final BackoffStats backoff = new BackoffStats();
    private final AdderTally tally = new AdderTally(null, emptyPops, popErr, acked, ackErr);
    /**
     * The pop counts of {@link #tally} and each pop failure by kind, so a failing run says why. Pops only: the acks
     * count on {@link #tally}, as the tenants report keeps no ack errors by kind.
     */
    private final KindTally popTally = new KindTally(tally);
    /** The one clock every e2e latency is measured on (µs stamps against epoch nanoseconds). */
    private final EpochClock epoch = new EpochClock(NanoClock.SYSTEM);
    private final List<Thread> tasks = new ArrayList<>();
    private final List<Thread> producers = new ArrayList<>();

    /** Receives each report interval, on the run's reporter thread. */
    public interface Listener {
        void onInterval(TenantsInterval iv);
    }

    public TenantsRun(TenantsConfig c, QueenClient client, RunSignal signal, PrintStream out, Listener listener) {
        this.c = c;
        this.client = client;
        this.signal = signal;
        this.out = out;
        this.listener = listener;
        this.pushedQ = new AtomicLongArray(c.queues());
        this.poppedQ = new AtomicLongArray(c.queues());
        this.queueNames = new String[c.queues()];
        for (int q = 0; q < queueNames.length; q++) {
            queueNames[q] = TenantsConfig.queueName(q / c.queuesPerTenant(), q % c.queuesPerTenant());
        }
    }

    /** Runs the whole mode; returns the final counters, or null when provisioning failed. */
    public TenantsResult run() throws InterruptedException {
        int consumers = c.queues() * c.consumersPerQueue();
        out.printf("goload -mode tenants -> %s tenants=%d queues=%d consumers=%d idleOnly=%b%n", c.url(), c.tenants(),
                c.queues(), consumers, c.idleOnly());
        if (!c.idleOnly()) {
            out.printf("  traffic: per-tenant %d msg/s <-> %d msg/s every %ds (stagger=%b) | aggregate %d <-> %d msg/s%n",
                    c.phaseHigh(), c.phaseLow(), c.phaseSec(), c.stagger(), (long) c.phaseHigh() * c.tenants(),
                    (long) c.phaseLow() * c.tenants());
        }
        if (!provision()) {
            return null;
        }
        // Producers first, on sockets dialled before the consumers' ten thousand long-polls dial theirs: those go
        // through the client's long-poll lane and its connect limiter, so pushes flow from the first second.
        if (!c.idleOnly()) preDial();
        long startNanos = System.nanoTime();
        if (!c.idleOnly()) {
            for (int t = 0; t < c.tenants(); t++) {
                int tenant = t;
                long offsetSec = c.stagger() ? ThreadLocalRandom.current().nextInt(2 * c.phaseSec()) : 0;
                producers.add(Thread.ofVirtual().name("goload-tenants-producer").start(
                        () -> produce(tenant, offsetSec, startNanos)));
            }
        }
        Thread starter = Thread.ofVirtual().name("goload-tenants-starter").start(this::startConsumers);
        report(startNanos);
        // a push in flight gets its answer first: cancelled, the broker may still have stored it, and it would be
        // popped without ever counting as pushed (popped > pushed)
        dev.goload.modes.Threads.joinAll(producers, PUSH_DRAIN_MS);
        starter.join(); // it starts no consumer once the run stops; then the consumer list is the run's to read
        tasks.addAll(producers);
        client.cancelAll();
        if (!dev.goload.modes.Threads.joinAll(tasks, TenantsConfig.FINAL_WAIT_MS)) {
            out.printf("[shutdown] %d task(s) did not stop within %ds%n", live.get(), TenantsConfig.FINAL_WAIT_MS / 1000);
        }
        long tail = 0;
        int tailQueues = 0;
        for (int q = 0; q < c.queues(); q++) {
            long d = pushedQ.get(q) - poppedQ.get(q);
            if (d > 0) {
                tail += d;
                tailQueues++;
            }
        }
        return new TenantsResult(pushed.sum(), popped.sum(), acked.sum(), emptyPops.sum(), tail, tailQueues,
                pushErr.sum(), popErr.sum(), ackErr.sum(), backoff.backoffs(), backoff.backoffMillis());
    }

    private boolean provision() throws InterruptedException {
        long t0 = System.nanoTime();
        Semaphore slots = new Semaphore(c.provisionConc());
        LongAdder failed = new LongAdder();
        List<Thread> ts = new ArrayList<>(c.queues());
        Map<String, Object> opts = Map.of("leaseTime", 60, "retryLimit", 3, "retentionEnabled", true,
                "retentionSeconds", 3600, "completedRetentionSeconds", 300);
        for (String name : queueNames) {
            slots.acquire();
            ts.add(Thread.ofVirtual().start(() -> {
                try {
                    for (int a = 1; ; a++) {
                        try {
                            client.configure(name, opts, false);
                            return;
                        } catch (RuntimeException e) {
                            if (a >= PROVISION_ATTEMPTS || signal.pause(PROVISION_RETRY_MS)) {
                                failed.increment();
                                return;
                            }
                        }
                    }
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread th : ts) {
            th.join();
        }
        if (failed.sum() > 0) {
            out.printf("[provision] FAILED: %d/%d queues%n", failed.sum(), c.queues());
            return false;
        }
        out.printf(Locale.ROOT, "[provision] %d queues configured in %.1fs%n", c.queues(), (System.nanoTime() - t0) / 1e9);
        return true;
    }

    /**
     * One consumer of queue {@code q} on the one loop with the reference's policy (§2.7): 250 ms base pause after a
     * failed pop, always long-polling (no empty sleep), each batch acked inline with group {@code g0}. Its acks are
     * never cut off: one failing at shutdown counts, as the reference and docs/tenants.md say.
     */
    private void consume(int q) {
        PopRequest req = PopRequest.of(queueNames[q]).withConsumerGroup("g0").withBatch(c.popBatch()).withWait(true)
                .withTimeoutMs(c.popTimeoutMs()).withAutoAck(false).withCaptureData(true);
        Lifetime life = Lifetime.of(signal);
        Acks acks = Acks.inlineCountingCutOff(msgs -> client.ackMessages(msgs, true, "g0"), tally, life,
                NanoClock.SYSTEM);
        new ConsumerLoop(new ConsumerPolicy(POP_ERROR_PAUSE_MS, 0, false), life, () -> client.pop(req), popTally,
                (msgs, nowEpochNanos, popMicros) -> {
                    long nowMicros = nowEpochNanos / 1000;
                    for (var m : msgs) {
                        long ts = Stamps.readLong(m.data(), "ts");
                        if (ts > 0) {
                            e2e.record(nowMicros - ts);
                        }
                    }
                    popped.add(msgs.size());
                    poppedQ.addAndGet(q, msgs.size());
                    return acks.ack(msgs);
                }, epoch::epochNanos, live, backoff).run();
    }

    /**
     * Starts the consumers in waves of {@value #CONSUMER_WAVE} every {@value #CONSUMER_WAVE_MS} ms: ten thousand
     * long-polls dialling at once overflow the broker's listen backlog (4096 at most), and a dropped SYN is retried
     * after 1, 3 and 7 s, which with the broker's 25 s park ran past the client's pop-timeout + 5 s deadline
     * (68 pop timeouts in a 60 s run). On its own thread, so the reporter starts on time.
     */
    private void startConsumers() {
        // the consumers' dials and first pops wait for the first answered push (or a second at most), so the
        // pushes' requests never queue behind ten thousand long-polls' in the broker's accept loop
        try {
            if (!c.idleOnly()) firstPush.await(FIRST_PUSH_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        int started = 0;
        for (int qi = 0; qi < c.queues(); qi++) {
            for (int k = 0; k < c.consumersPerQueue(); k++) {
                if (started > 0 && started % CONSUMER_WAVE == 0 && signal.pause(CONSUMER_WAVE_MS)) return;
                int q = qi;
                tasks.add(Thread.ofVirtual().name("goload-tenants-consumer").start(() -> consume(q)));
                started++;
            }
        }
    }

    /** Closed-loop pacer at the current phase's rate ({@link TenantProducer}); each message to a random queue. */
    private void produce(int tenant, long offsetSec, long startNanos) {
        live.incrementAndGet();
        try {
            TenantBody bodies = new TenantBody(c.payload());
            long[] seq = {0};
            new TenantProducer(c.phaseHigh(), c.phaseLow(), c.phaseSec(), offsetSec, startNanos, System::nanoTime,
                    nanos -> signal.pause(TimeUnit.NANOSECONDS.toMillis(nanos)), signal::isStopping,
                    () -> pushOne(tenant, ++seq[0], bodies)).run();
        } finally {
            live.decrementAndGet();
        }
    }

    private void pushOne(int tenant, long seq, TenantBody bodies) {
        int qi = ThreadLocalRandom.current().nextInt(c.queuesPerTenant());
        int q = tenant * c.queuesPerTenant() + qi;
        long ts = epoch.epochNanos() / 1000; // µs, on the clock the consumers measure e2e with
        byte[] body = bodies.of(tenant, qi, seq, ts);
        try {
            client.push(queueNames[q], null, body, 1);
            pushed.increment();
            pushedQ.incrementAndGet(q);
            firstPush.countDown();
        } catch (RuntimeException e) {
            if (!signal.isStopping()) {
                pushErr.increment();
                recordError(pushErrors, e);
            }
        }
    }

    private void preDial() {
        try {
            client.warmUp(Math.min(c.tenants(), PRE_DIAL));
        } catch (QueenException e) {
            // the pushes dial their own sockets, and a failure there is counted by kind
        }
    }

    /** By kind (conn, timeout, http_5xx, …) with the first message of each, so a failing run says why. */
    private static void recordError(ErrorStats family, RuntimeException e) {
        if (e instanceof QueenException qe) family.record(qe);
        else family.record("other", String.valueOf(e));
    }

    /** Push errors by kind so far. */
    public ErrorStats.Snapshot pushErrors() {
        return pushErrors.snapshot();
    }

    /** Pop errors by kind so far. */
    public ErrorStats.Snapshot popErrors() {
        return popTally.popErrors().snapshot();
    }

    private void report(long startNanos) throws InterruptedException {
        long endNanos = startNanos + TimeUnit.SECONDS.toNanos(c.durationSec());
        long last = System.nanoTime();
        long[] prev = {0, 0, 0, 0};
        while (!signal.isStopping()) {
            long wait = Math.min(TimeUnit.SECONDS.toMillis(c.reportSec()),
                    TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime()));
            if (wait <= 0) {
                signal.stop("duration");
                break;
            }
            if (signal.await(wait)) {
                break;
            }
            long now = System.nanoTime();
            double dt = (now - last) / 1e9;
            last = now;
            long[] cur = {pushed.sum(), popped.sum(), acked.sum(), emptyPops.sum()};
            Histogram h = e2e.sampleInterval();
            listener.onInterval(new TenantsInterval(System.currentTimeMillis(), (cur[0] - prev[0]) / dt,
                    (cur[1] - prev[1]) / dt, (cur[2] - prev[2]) / dt, (cur[3] - prev[3]) / dt,
                    h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0, cur[0] - cur[1],
                    pushErr.sum(), popErr.sum(), ackErr.sum(), live.get()));
            prev = cur;
        }
    }
}
