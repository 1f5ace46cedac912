package dev.goload.modes.tenants;

import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.metrics.BackoffStats;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.modes.Stamps;
import dev.goload.modes.consume.AdderTally;
import dev.goload.modes.consume.Acks;
import dev.goload.modes.consume.ConsumerLoop;
import dev.goload.modes.consume.ConsumerPolicy;
import dev.goload.modes.consume.Lifetime;
import dev.goload.pace.NanoClock;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
    private static final long MAX_BEHIND_NANOS = 2_000_000_000L;

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
    private final AtomicLongArray pushedQ;
    private final AtomicLongArray poppedQ;
    /** By queue index {@code tenant * queuesPerTenant + q}: named once, not per push. */
    private final String[] queueNames;
    private final LatencyRecorder e2e = new LatencyRecorder("e2e");
    private final AtomicInteger live = new AtomicInteger();
    private final BackoffStats backoff = new BackoffStats();
    private final AdderTally tally = new AdderTally(null, emptyPops, popErr, acked, ackErr);
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
        for (int qi = 0; qi < c.queues(); qi++) {
            for (int k = 0; k < c.consumersPerQueue(); k++) {
                int q = qi;
                tasks.add(Thread.ofVirtual().name("goload-tenants-consumer").start(() -> consume(q)));
            }
        }
        long startNanos = System.nanoTime();
        if (!c.idleOnly()) {
            for (int t = 0; t < c.tenants(); t++) {
                int tenant = t;
                long offsetSec = c.stagger() ? ThreadLocalRandom.current().nextInt(2 * c.phaseSec()) : 0;
                producers.add(Thread.ofVirtual().name("goload-tenants-producer").start(
                        () -> produce(tenant, offsetSec, startNanos)));
            }
        }
        report(startNanos);
        // a push in flight gets its answer first: cancelled, the broker may still have stored it, and it would be
        // popped without ever counting as pushed (popped > pushed)
        dev.goload.modes.Threads.joinAll(producers, PUSH_DRAIN_MS);
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
        new ConsumerLoop(new ConsumerPolicy(POP_ERROR_PAUSE_MS, 0, false), life, () -> client.pop(req), tally,
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

    /** Closed-loop pacer at the current phase's rate; each message to a random queue of the tenant. */
    private void produce(int tenant, long offsetSec, long startNanos) {
        live.incrementAndGet();
        try {
            byte[] padTail = (",\"pad\":\"" + "x".repeat(c.payload()) + "\"}").getBytes(StandardCharsets.US_ASCII);
            long seq = 0;
            long next = System.nanoTime();
            while (!signal.isStopping()) {
                long elapsedSec = (System.nanoTime() - startNanos) / 1_000_000_000L + offsetSec;
                int rate = (elapsedSec / c.phaseSec()) % 2 == 0 ? c.phaseHigh() : c.phaseLow();
                if (rate <= 0) {
                    signal.pause(500);
                    next = System.nanoTime();
                    continue;
                }
                next = nextDue(next, 1_000_000_000L / rate, System.nanoTime());
                long wait = next - System.nanoTime();
                if (wait > 0 && signal.pause(TimeUnit.NANOSECONDS.toMillis(wait))) {
                    return;
                }
                int qi = ThreadLocalRandom.current().nextInt(c.queuesPerTenant());
                int q = tenant * c.queuesPerTenant() + qi;
                long ts = epoch.epochNanos() / 1000; // µs, on the clock the consumers measure e2e with
                byte[] head = ("{\"t\":" + tenant + ",\"q\":" + qi + ",\"seq\":" + (++seq) + ",\"ts\":" + ts)
                        .getBytes(StandardCharsets.US_ASCII);
                byte[] body = Arrays.copyOf(head, head.length + padTail.length);
                System.arraycopy(padTail, 0, body, head.length, padTail.length);
                try {
                    client.push(queueNames[q], null, body, 1);
                    pushed.increment();
                    pushedQ.incrementAndGet(q);
                } catch (RuntimeException e) {
                    if (!signal.isStopping()) {
                        pushErr.increment();
                    }
                }
            }
        } finally {
            live.decrementAndGet();
        }
    }

    /**
     * Pacer D (goload-behavior.md §1.6): the next send instant one interval on; more than 2 s behind (a slow push,
     * a stall) resets it to now, so a closed-loop producer never fires a catch-up burst.
     */
    static long nextDue(long next, long intervalNanos, long nowNanos) {
        long n = next + intervalNanos;
        return nowNanos - n > MAX_BEHIND_NANOS ? nowNanos : n;
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
