package dev.goload.client;

import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The connects one {@link Http1Engine} lane may have in flight at once, and a FIFO of the requests waiting for one.
 *
 * <p>A waiter parks untimed until a {@link #release} hands it a slot or its own cancel wakes it
 * ({@link #wake}). It replaced a {@code Semaphore.tryAcquire(1 s)} polled in a loop: with twenty thousand pushes
 * waiting (an open loop against a broker that accepts slowly), each timed-out waiter left and re-entered the
 * semaphore's queue every second, and each leave walked that queue, so both carriers did nothing else and the
 * loader never ended (docs/benchmarks-history.md, "Per request", 2026-12-01). Here a wait costs nothing until it
 * ends, and a cancelled waiter is skipped when a slot is handed out, never searched for.
 *
 * <p>Thread-safe.
 */
final class DialSlots {
    private static final class Waiter {
        final Thread thread = Thread.currentThread();
        boolean granted;
        boolean gone;
    }

    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private int free;

    DialSlots(int slots) {
        this.free = slots;
    }

    /**
     * Takes a slot, waiting for one as long as {@code canceled} stays false; the caller {@link #release}s it. A cancel
     * must also {@link #wake} the waiting thread. An interrupt ends the wait too (the interrupt status stays set).
     */
    void acquire(BooleanSupplier canceled) throws InterruptedIOException {
        Waiter w;
        synchronized (this) {
            if (free > 0) {
                free--;
                return;
            }
            if (canceled.getAsBoolean()) throw new InterruptedIOException("canceled");
            if (Thread.currentThread().isInterrupted()) throw interrupted();
            w = new Waiter();
            waiters.add(w);
        }
        while (true) {
            synchronized (this) {
                if (w.granted) return;
                if (canceled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                    w.gone = true; // release skips it
                    throw canceled.getAsBoolean() ? new InterruptedIOException("canceled") : interrupted();
                }
            }
            LockSupport.park(this); // a release, a wake, or spuriously: look again
        }
    }

    private static InterruptedIOException interrupted() {
        return new InterruptedIOException("interrupted while waiting to connect");
    }

    /** Gives a slot back: to the longest waiter still waiting, else to the pool. */
    void release() {
        synchronized (this) {
            for (Waiter w; (w = waiters.poll()) != null; ) {
                if (!w.gone) {
                    w.granted = true;
                    LockSupport.unpark(w.thread);
                    return;
                }
            }
            free++;
        }
    }

    /** Wakes {@code t} if it waits in {@link #acquire}, to look at its cancel (harmless otherwise: a spurious wake). */
    static void wake(Thread t) {
        if (t != null) LockSupport.unpark(t);
    }

    /** Slots free now (tests). */
    synchronized int free() {
        return free;
    }

    /** Requests waiting now, cancelled ones not yet skipped included (tests). */
    synchronized int queued() {
        return waiters.size();
    }
}
