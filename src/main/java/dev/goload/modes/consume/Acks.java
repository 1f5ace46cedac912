package dev.goload.modes.consume;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.Message;
import dev.goload.client.QueenException;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one manual-ack path (goload-behavior.md §2.1.1): acks a batch {@code completed} inline, or on its own virtual
 * thread under a blocking cap of concurrent acks (its own, or one shared by several stages: cm). goload never
 * retries an ack: a lost ack means lease expiry and redelivery, the behaviour being modelled.
 *
 * <p>Cancellation (one rule, every mode): an ack call cancelled (the run's stop cuts what is left in flight), or
 * failing in any way after {@link #cutOff()}, was cut by the run and is counted as cancelled ({@link
 * AckTally#canceled}), never as an error. An async ack is a task of its own and counts in {@code liveTasks} (the
 * reference's goroutine count); an inline one runs on its consumer, already counted.
 *
 * <p>Threading: {@link #ack} from any consumer thread; {@link #drain} and {@link #cutOff} from the run thread.
 */
public final class Acks {
    private static final long SLOT_POLL_MILLIS = 50;
    private static final Runnable NOTHING = () -> { };

    private final AckCall call;
    private final AckTally tally;
    /** null: inline acks. */
    private final Semaphore slots;
    private final int cap;
    private final Lifetime life;
    private final NanoClock clock;
    private final AtomicInteger liveTasks;
    private volatile boolean cutOff;

    private Acks(AckCall call, AckTally tally, Semaphore slots, int cap, Lifetime life, NanoClock clock,
                 AtomicInteger liveTasks) {
        this.call = call;
        this.tally = tally;
        this.slots = slots;
        this.cap = cap;
        this.life = life;
        this.clock = clock;
        this.liveTasks = liveTasks;
    }

    /** Inline acks on the consumer's thread. */
    public static Acks inline(AckCall call, AckTally tally, Lifetime life, NanoClock clock) {
        return new Acks(call, tally, null, 0, life, clock, new AtomicInteger());
    }

    /** Async acks under a cap of their own of {@code cap} (≥ 1) concurrent calls. */
    public static Acks async(AckCall call, AckTally tally, int cap, Lifetime life, NanoClock clock,
                             AtomicInteger liveTasks) {
        int c = Math.max(1, cap);
        return new Acks(call, tally, new Semaphore(c), c, life, clock, liveTasks);
    }

    /** Async acks under a cap shared with others ({@code slots}; the owner drains it). */
    public static Acks async(AckCall call, AckTally tally, Semaphore slots, Lifetime life, NanoClock clock,
                             AtomicInteger liveTasks) {
        return new Acks(call, tally, slots, 0, life, clock, liveTasks);
    }

    /**
     * Acks {@code msgs}; returns false when the loop stopped while waiting for an async slot (the batch is then
     * simply not acked and nothing is counted: its lease expires).
     */
    public boolean ack(List<Message> msgs) throws InterruptedException {
        return ack(msgs, NOTHING);
    }

    /** As {@link #ack(List)}; {@code after} runs once the call is over (not when false is returned). */
    public boolean ack(List<Message> msgs, Runnable after) throws InterruptedException {
        if (slots == null) {
            try {
                send(msgs);
            } finally {
                after.run();
            }
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
                after.run();
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
            long micros = (clock.nanoTime() - t0) / 1000;
            if (cutOff || QueenException.classify(e) == ErrorKind.CANCELED) {
                tally.canceled(msgs.size(), micros);
            } else {
                tally.failed(msgs.size(), e, micros);
            }
        } catch (RuntimeException e) {
            tally.unbuildable(msgs.size(), e);
        }
    }

    /** Gives outstanding async acks on an own cap up to {@code millis} to finish; true when none is left. */
    public boolean drain(long millis) throws InterruptedException {
        if (slots == null || cap == 0) {
            return true;
        }
        if (slots.tryAcquire(cap, millis, TimeUnit.MILLISECONDS)) {
            slots.release(cap);
            return true;
        }
        return false;
    }

    /** From now on an ack call that fails was cut by the run's stop (counted as cancelled), not failed by the broker. */
    public void cutOff() {
        cutOff = true;
    }
}
