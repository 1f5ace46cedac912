package dev.goload.client;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Per-call deadlines enforced by one watchdog thread that cancels overdue calls, in place of OkHttp's call
 * timeout. OkHttp's {@code AsyncTimeout} keeps every in-flight call in one lock-guarded priority queue; at
 * thousands of pushes per second its {@code exit()} alone was a fifth of the loader's CPU (JFR, push-only
 * open-loop at 200,000 msg/s). Here starting and finishing a call is one concurrent-set insert and removal;
 * the watchdog wakes every {@value #TICK_MILLIS} ms, so a deadline fires at most that much late.
 *
 * <p>One watchdog serves every deadline of the process, so it must never stop: a cancel that throws is counted
 * ({@link #cancelFailures()}) and the sweep goes on with the next deadline; a watchdog that dies all the same (an
 * {@link Error} such as OutOfMemoryError escaping a cancel) is replaced at once, and the deadlines it left
 * are swept by its successor ({@link #restarts()}).
 *
 * <p>Thread-safe. Clients use the shared instance through the static methods; its daemon watchdog starts on
 * first use. Tests build their own with an injected clock and drive {@link #sweep} themselves.
 */
final class CallDeadlines {
    static final long TICK_MILLIS = 20;

    /** One registered call; {@link #timedOut()} tells a cancellation by the watchdog from any other. */
    static final class Entry {
        private final Runnable cancel;
        private final long deadlineNanos;
        private volatile boolean timedOut;

        private Entry(Runnable cancel, long deadlineNanos) {
            this.cancel = cancel;
            this.deadlineNanos = deadlineNanos;
        }

        boolean timedOut() {
            return timedOut;
        }
    }

    private static final Entry NONE = new Entry(null, Long.MAX_VALUE);
    private static final CallDeadlines SHARED = new CallDeadlines(System::nanoTime, true);

    private final LongSupplier nanoClock;
    private final boolean watchdogThread;
    private final Set<Entry> live = ConcurrentHashMap.newKeySet();
    private final AtomicLong cancelFailures = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    private volatile Thread watchdog;

    /** {@code watchdogThread} false: nothing fires unless the caller runs {@link #sweep} (tests). */
    CallDeadlines(LongSupplier nanoClock, boolean watchdogThread) {
        this.nanoClock = nanoClock;
        this.watchdogThread = watchdogThread;
    }

    /** Registers {@code cancel} to be run {@code timeoutMillis} from now; {@code <= 0}: never. */
    static Entry register(Runnable cancel, int timeoutMillis) {
        return SHARED.add(cancel, timeoutMillis);
    }

    /** The call has finished (its response closed): it can no longer time out. */
    static void done(Entry e) {
        SHARED.remove(e);
    }

    Entry add(Runnable cancel, int timeoutMillis) {
        if (timeoutMillis <= 0) return NONE;
        Entry e = new Entry(cancel, nanoClock.getAsLong() + timeoutMillis * 1_000_000L);
        live.add(e);
        if (watchdogThread && watchdog == null) startWatchdog();
        return e;
    }

    void remove(Entry e) {
        if (e != NONE) live.remove(e);
    }

    /** Cancels that threw (each was still marked timed out and its deadline retired). */
    long cancelFailures() {
        return cancelFailures.get();
    }

    /** Watchdogs started to replace one that died. */
    long restarts() {
        return restarts.get();
    }

    /**
     * Fires every deadline due at {@code now}, each cancel guarded: one that throws an exception is counted and
     * the sweep goes on. A {@link VirtualMachineError} is not caught: the watchdog dies of it and is replaced.
     */
    void sweep(long now) {
        for (Entry e : live) {
            if (now - e.deadlineNanos >= 0 && live.remove(e)) {
                e.timedOut = true;
                try {
                    e.cancel.run();
                } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError t) {
                    cancelFailures.incrementAndGet();
                }
            }
        }
    }

    private synchronized void startWatchdog() {
        if (watchdog != null) return;
        watchdog = Thread.ofPlatform().name("goload-call-deadlines").daemon(true).start(this::watch);
    }

    private void watch() {
        try {
            while (true) {
                LockSupport.parkNanos(TICK_MILLIS * 1_000_000L);
                sweep(nanoClock.getAsLong());
            }
        } finally {
            // only an Error gets here: never leave the process without a watchdog
            synchronized (this) {
                watchdog = null;
            }
            restarts.incrementAndGet();
            startWatchdog();
        }
    }
}
