package dev.goload.modes;

import dev.goload.client.AckResult;
import dev.goload.client.Message;
import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The closed-loop drainers of {@code max} and {@code openloop} (goload-behavior.md §2.1, §2.1.1): each consumer
 * pops (wildcard, pinned to its home partition, or multi-partition; optionally long-polling), counts, and with
 * manual ack acknowledges the whole batch {@code completed} — inline, or on its own task under a blocking cap
 * of {@code ackInflight} concurrent acks. Acks are never retried by goload: a lost ack means lease expiry and
 * redelivery, which is the behaviour being modelled.
 *
 * <p>Threading: one virtual thread per consumer and per async ack; counters are shared adders.
 */
public final class Consumers {
    private static final long ACK_DRAIN_MILLIS = 5_000;
    /** The reference's pause after a failed pop (§2.1); consecutive connection failures grow it (ErrorBackoff). */
    private static final long ERROR_PAUSE_MILLIS = 5;

    private final QueenClient client;
    private final ConsumerOptions opts;
    private final String queue;
    private final int partitions;
    private final RunCounters counters;
    private final RunRecorders recorders;
    private final RunSignal signal;
    private final boolean e2e;
    private final EpochClock epoch;
    private final AtomicInteger liveTasks;
    private final Semaphore ackSlots;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean ackCutOff;

    public Consumers(QueenClient client, ConsumerOptions opts, String queue, int partitions, RunCounters counters,
                     RunRecorders recorders, RunSignal signal, boolean e2e, EpochClock epoch, AtomicInteger liveTasks) {
        this.client = client;
        this.opts = opts;
        this.queue = queue;
        this.partitions = partitions;
        this.counters = counters;
        this.recorders = recorders;
        this.signal = signal;
        this.e2e = e2e;
        this.epoch = epoch;
        this.liveTasks = liveTasks;
        this.ackSlots = new Semaphore(Math.max(1, opts.ackInflight()));
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
        for (int i = 0; i < opts.consumers(); i++) {
            PopRequest req = requestFor(i);
            threads.add(Thread.ofVirtual().name("goload-consumer-" + i).start(() -> loop(req)));
        }
    }

    private void loop(PopRequest req) {
        liveTasks.incrementAndGet();
        ErrorBackoff backoff = ErrorBackoff.on(signal, ERROR_PAUSE_MILLIS, counters.backoff);
        try {
            while (!signal.isStopping()) {
                PopResult r;
                try {
                    r = client.pop(req);
                    backoff.onSuccess();
                } catch (QueenException e) {
                    // A pop the shutdown cut off is not an error; one the broker failed during shutdown still is.
                    if (!(signal.isStopping() && e.kind() == dev.goload.client.ErrorKind.CANCELED)) {
                        counters.popErr.increment();
                        counters.error(RunCounters.Op.POP, e.kind().label());
                    }
                    if (signal.isStopping()) {
                        return;
                    }
                    backoff.afterFailure(e.kind());
                    continue;
                }
                counters.popCalls.increment();
                List<Message> msgs = r.messages();
                if (r.empty()) {
                    counters.emptyPops.increment();
                    signal.pause(opts.emptySleepMs());
                    continue;
                }
                counters.popped.add(msgs.size());
                if (e2e) {
                    recordEndToEnd(msgs);
                }
                if (opts.manualAck()) {
                    if (opts.ackAsync()) {
                        if (!acquireAckSlot()) {
                            return; // run cancelled while waiting: the batch is simply not acked, nothing counted
                        }
                        Thread.ofVirtual().start(() -> {
                            try {
                                ack(msgs);
                            } finally {
                                ackSlots.release();
                            }
                        });
                    } else {
                        ack(msgs);
                    }
                }
            }
        } finally {
            liveTasks.decrementAndGet();
        }
    }

    private boolean acquireAckSlot() {
        try {
            while (!ackSlots.tryAcquire(50, TimeUnit.MILLISECONDS)) {
                if (signal.isStopping()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void recordEndToEnd(List<Message> msgs) {
        long now = epoch.epochNanos();
        for (Message m : msgs) {
            long ts = Stamps.readLong(m.data(), "ts");
            if (ts > 0) {
                recorders.e2e.record((now - ts) / 1000);
            }
        }
    }

    private void ack(List<Message> msgs) {
        liveTasks.incrementAndGet();
        long t0 = System.nanoTime();
        try {
            AckResult r = client.ackMessages(msgs, true, null);
            long micros = (System.nanoTime() - t0) / 1000;
            counters.ackCalls.increment();
            counters.ackMicros.add(micros);
            recorders.ack.record(micros);
            counters.acked.add(r.succeeded());
            counters.ackErr.add(msgs.size() - r.succeeded());
        } catch (QueenException e) {
            long micros = (System.nanoTime() - t0) / 1000;
            if (ackCutOff) {
                return; // cut off at shutdown: not an error
            }
            counters.ackCalls.increment();
            counters.ackMicros.add(micros);
            counters.ackErr.add(msgs.size());
            counters.error(RunCounters.Op.ACK, e.kind().label());
        } catch (RuntimeException e) {
            // A batch the client cannot even build an ack for (say a message without partitionId) must not kill
            // the consumer silently: its messages are counted as ack errors, as the reference's 400 would be.
            counters.ackErr.add(msgs.size());
            counters.error(RunCounters.Op.ACK, "other");
        } finally {
            liveTasks.decrementAndGet();
        }
    }

    /**
     * Waits for the consumers to leave their loops (they see the stop signal; in-flight pops are cut by the
     * caller cancelling the client), then gives outstanding async acks up to 5 s to finish.
     */
    public void awaitStopped(long millis) throws InterruptedException {
        Threads.joinAll(threads, millis);
        if (opts.manualAck() && opts.ackAsync()) {
            int permits = Math.max(1, opts.ackInflight());
            if (ackSlots.tryAcquire(permits, ACK_DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
                ackSlots.release(permits);
            }
        }
        ackCutOff = true;
    }
}
