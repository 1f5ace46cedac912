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
 * <p>The deadlines live in a timing wheel of {@value #SLOTS} slots, one per tick of {@value #TICK_MILLIS} ms (a
 * revolution is about 41 s): each sweep visits only the slots of the ticks that passed since the last one, so its
 * cost follows the deadlines due, not the calls in flight. One set of every live call, walked whole at every tick,
 * cost 500,000 entry visits a second with the ten thousand parked long-polls of {@code -mode tenants} (8 % of the
 * loader's sampled CPU, JFR, 2026-12-07). A deadline more than a revolution away waits in its slot and is looked at
 * once per revolution until it is due.
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
    /** Slots of the wheel: one per tick, {@code SLOTS x TICK_MILLIS} ms per revolution. */
    static final int SLOTS = 2048;
    private static final long TICK_NANOS = TICK_MILLIS * 1_000_000L;

    /** One registered call; {@link #timedOut()} tells a cancellation by the watchdog from any other. */
    static final class Entry {
        private final Runnable cancel;
        private final long deadlineNanos;
        private volatile boolean timedOut;
        /** The wheel slot holding it, for {@link #remove}. */
        private volatile Set<Entry> slot;

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
    private final Set<Entry>[] wheel;
    /**
     * The first tick whose slot the next sweep visits: the tick of the last sweep (its slot holds deadlines later in
     * that tick, so it is visited again). Written by the sweep before it visits, read by {@link #add} after it inserts.
     */
    private volatile long nextTick;
    private final AtomicLong cancelFailures = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    /** Entries the sweeps have looked at, due or not (tests: a sweep's cost). */
    private long examined;
    private volatile Thread watchdog;

    /** {@code watchdogThread} false: nothing fires unless the caller runs {@link #sweep} (tests). */
    CallDeadlines(LongSupplier nanoClock, boolean watchdogThread) {
        this.nanoClock = nanoClock;
        this.watchdogThread = watchdogThread;
        @SuppressWarnings("unchecked")
        Set<Entry>[] slots = new Set[SLOTS];
        for (int i = 0; i < SLOTS; i++) slots[i] = ConcurrentHashMap.newKeySet();
        this.wheel = slots;
        this.nextTick = Math.floorDiv(nanoClock.getAsLong(), TICK_NANOS);
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
        long tick = Math.max(Math.floorDiv(e.deadlineNanos, TICK_NANOS), nextTick);
        while (true) {
            Set<Entry> slot = slotOf(tick);
            e.slot = slot;
            slot.add(e);
            // a sweep that moved past this tick before the insert was seen: into the slot it visits next instead
            long next = nextTick;
            if (next <= tick) break;
            slot.remove(e);
            tick = next;
        }
        if (watchdogThread && watchdog == null) startWatchdog();
        return e;
    }

    void remove(Entry e) {
        if (e != NONE) e.slot.remove(e);
    }

    private Set<Entry> slotOf(long tick) {
        return wheel[(int) Math.floorMod(tick, (long) SLOTS)];
    }

    /** Cancels that threw (each was still marked timed out and its deadline retired). */
    long cancelFailures() {
        return cancelFailures.get();
    }

    /** Entries the sweeps have looked at so far, due or not (tests; read on the sweeping thread). */
    long examined() {
        return examined;
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
        long from = nextTick;
        long to = Math.floorDiv(now, TICK_NANOS);
        if (to < from) return;
        nextTick = to;
        long t = to - Math.min(to - from + 1, SLOTS) + 1;
        try {
            for (; t <= to; t++) fireDue(slotOf(t), now);
        } finally {
            // an Error out of a cancel kills the watchdog: its successor's first sweep starts at the slot it was in
            if (t <= to) nextTick = Math.min(nextTick, t);
        }
    }

    private void fireDue(Set<Entry> slot, long now) {
        for (Entry e : slot) {
            examined++;
            if (now - e.deadlineNanos >= 0 && slot.remove(e)) {
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
