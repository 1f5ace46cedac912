package dev.goload.client;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Per-call deadlines enforced by one watchdog thread that cancels overdue calls, in place of OkHttp's call
 * timeout. OkHttp's {@code AsyncTimeout} keeps every in-flight call in one lock-guarded priority queue; at
 * thousands of pushes per second its {@code exit()} alone was a fifth of the loader's CPU (JFR, push-only
 * open-loop at 200,000 msg/s). Here starting and finishing a call is one concurrent-set insert and removal;
 * the watchdog wakes every {@value #TICK_MILLIS} ms, so a deadline fires at most that much late.
 *
 * <p>Thread-safe. The watchdog is a daemon thread shared by every client, started on first use.
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
    private static final Set<Entry> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile Thread watchdog;

    private CallDeadlines() {
    }

    /** Registers {@code cancel} to be run {@code timeoutMillis} from now; {@code <= 0}: never. */
    static Entry register(Runnable cancel, int timeoutMillis) {
        if (timeoutMillis <= 0) return NONE;
        Entry e = new Entry(cancel, System.nanoTime() + timeoutMillis * 1_000_000L);
        LIVE.add(e);
        if (watchdog == null) startWatchdog();
        return e;
    }

    /** The call has finished (its response closed): it can no longer time out. */
    static void done(Entry e) {
        if (e != NONE) LIVE.remove(e);
    }

    private static synchronized void startWatchdog() {
        if (watchdog != null) return;
        watchdog = Thread.ofPlatform().name("goload-call-deadlines").daemon(true).start(CallDeadlines::watch);
    }

    private static void watch() {
        while (true) {
            LockSupport.parkNanos(TICK_MILLIS * 1_000_000L);
            long now = System.nanoTime();
            for (Entry e : LIVE) {
                if (now - e.deadlineNanos >= 0) {
                    e.timedOut = true;
                    LIVE.remove(e);
                    e.cancel.run();
                }
            }
        }
    }
}
