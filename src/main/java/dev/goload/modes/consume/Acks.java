package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.Message;
import dev.goload.client.QueenException;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one manual-ack path (goload-behavior.md §2.1.1): acks a batch {@code completed} inline, or on its own virtual
 * thread under a blocking cap of {@code cap} concurrent acks. goload never retries an ack: a lost ack means lease
 * expiry and redelivery, the behaviour being modelled. An ack failure after {@link #cutOff()} (the run cancelled it)
 * is not counted. An async ack is a task of its own and counts in {@code liveTasks} (the reference's goroutine
 * count); an inline one runs on its consumer, already counted.
 *
 * <p>Threading: {@link #ack} from any consumer thread; {@link #drain} and {@link #cutOff} from the run thread.
 */
public final class Acks {
    private static final long SLOT_POLL_MILLIS = 50;

    private final AckCall call;
    private final AckTally tally;
    private final boolean async;
    private final int cap;
    private final Semaphore slots;
    private final Lifetime life;
    private final NanoClock clock;
    private final AtomicInteger liveTasks;
    private volatile boolean cutOff;

    public Acks(AckCall call, AckTally tally, boolean async, int cap, Lifetime life, NanoClock clock,
                AtomicInteger liveTasks) {
        this.call = call;
        this.tally = tally;
        this.async = async;
        this.cap = Math.max(1, cap);
        this.slots = new Semaphore(this.cap);
        this.life = life;
        this.clock = clock;
        this.liveTasks = liveTasks;
    }

    /**
     * Acks {@code msgs}; returns false when the loop stopped while waiting for an async slot (the batch is then
     * simply not acked and nothing is counted: its lease expires).
     */
    public boolean ack(List<Message> msgs) throws InterruptedException {
        if (!async) {
            send(msgs);
            return true;
        }
        while (!slots.tryAcquire(SLOT_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (life.stopping()) {
                return false;
            }
        }
        liveTasks.incrementAndGet();
        Thread.ofVirtual().name("goload-ack").start(() -> {
            try {
                send(msgs);
            } finally {
                liveTasks.decrementAndGet();
                slots.release();
            }
        });
        return true;
    }

    private void send(List<Message> msgs) {
        tally.ackAttempt();
        long t0 = clock.nanoTime();
        try {
            AckResult r = call.ack(msgs);
            tally.answered(msgs.size(), r, (clock.nanoTime() - t0) / 1000);
        } catch (QueenException e) {
            if (!cutOff) {
                tally.failed(msgs.size(), e, (clock.nanoTime() - t0) / 1000);
            }
        } catch (RuntimeException e) {
            tally.unbuildable(msgs.size(), e);
        }
    }

    /** Gives outstanding async acks up to {@code millis} to finish; true when none is left. */
    public boolean drain(long millis) throws InterruptedException {
        if (!async) {
            return true;
        }
        if (slots.tryAcquire(cap, millis, TimeUnit.MILLISECONDS)) {
            slots.release(cap);
            return true;
        }
        return false;
    }

    /** From now on an ack call that fails was cut off by the shutdown, not failed by the broker. */
    public void cutOff() {
        cutOff = true;
    }
}
