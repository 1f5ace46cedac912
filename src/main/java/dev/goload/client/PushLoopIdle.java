package dev.goload.client;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The idle keep-alive sockets of a {@link PushLoop}, most recently used first (LIFO, as Go's and the blocking
 * engine's pools): the reader puts sockets back ({@link #put}), the sender takes them ({@link #take}). At most the
 * idle allowance is kept (Go's {@code MaxIdleConnsPerHost}: the surplus is closed on release), and a socket idle for
 * the idle timeout is retired, not reused.
 *
 * <p>Kept alive, not churned: the least recently used socket, once idle half the idle timeout, is taken
 * before the warmest one, so every socket the run dialled is used again before it would expire for as long as the
 * requests come often enough to go round them (at least one per half timeout per socket). Pure LIFO let the surplus
 * of each burst (a loaded machine's hiccup: the requests due while the process was descheduled all find no idle
 * socket and dial) expire 5 s later and be dialled again at the next hiccup: 2,085 sockets opened for a peak of 218
 * at 200 requests/s, each dead a few young collections after the collector had promoted it
 * (docs/benchmarks-history.md, "JIT and a flat resident set", 2026-12-01, 8f0c1cc). A socket still never reaches
 * the idle timeout and is reused: the guarantee against a broker closing it stands; the run only keeps what it once
 * needed at once, as Go's pool keeps its idle sockets (for 90 s), within the same allowance.
 *
 * <p>But not for ever: a socket no request needed for a whole {@link #KEEP_WINDOW_NANOS} window is closed. Each
 * take notes how many sockets it left idle; the fewest over a window is how many the requests never needed at
 * once in it (a 40-minute soak, 200 requests/s, kept the 28 sockets one hiccup had dialled to its end,
 * 55 against the 27 it needed). Over the next window that many of the coldest sockets, each once idle half the
 * idle timeout (not used since), are closed instead of kept alive: after a burst the run holds at most what it
 * needed at once in the last minute, where Go's pool holds what it needed in the last 90 s. Who wins a socket both want is decided by its state's compare-and-set
 * ({@link PushLoopConnection#take} vs {@link PushLoopConnection#retire}); a retired socket left in the deque is
 * skipped by the sender and dropped by the reader.
 *
 * <p>Thread-safe: {@link #take} from the sender, everything else from the reader (or before the loop starts).
 */
final class PushLoopIdle {
    /**
     * A socket idle this long is probed ({@link PushLoopConnection#alive}) before the sender writes on it: one read
     * syscall, only where requests on a socket are this far apart, so never on the hot path of a fast run.
     */
    static final long PROBE_AFTER_NANOS = 10_000_000L;
    /** The share of the idle timeout after which the coldest idle socket is used first (kept alive). */
    static final int REFRESH_DIVISOR = 2;
    /** Sockets never needed at once over a window this long are closed over the next one. */
    static final long KEEP_WINDOW_NANOS = 60_000_000_000L;
    private final ConcurrentLinkedDeque<PushLoopConnection> stack = new ConcurrentLinkedDeque<>();
    /** Sockets IDLE in the stack (retired and taken ones not counted). */
    private final AtomicInteger idle = new AtomicInteger();
    private final int maxIdle;
    private final long idleTimeoutNanos;
    /** Idle this long, the coldest socket is taken before the warmest (Long.MAX_VALUE: no idle timeout, never). */
    private final long refreshAfterNanos;
    /** The fewest sockets a take left idle in the current window (Integer.MAX_VALUE: no take yet). */
    private final AtomicInteger fewestIdle = new AtomicInteger(Integer.MAX_VALUE);
    /** When the current window ends (0: before the first take). */
    private final AtomicLong windowEnd = new AtomicLong();
    /** How many more of the coldest sockets to close: the last window's fewest idle, less those closed since. */
    private final AtomicInteger surplus = new AtomicInteger();

    PushLoopIdle(int maxIdle, long idleTimeoutNanos) {
        this.maxIdle = maxIdle;
        this.idleTimeoutNanos = idleTimeoutNanos;
        this.refreshAfterNanos = idleTimeoutNanos == Long.MAX_VALUE ? Long.MAX_VALUE : idleTimeoutNanos / REFRESH_DIVISOR;
    }

    /** The idle allowance: at most this many sockets kept. */
    int maxIdle() {
        return maxIdle;
    }

    int size() {
        return idle.get();
    }

    /**
     * Sender: the most recently used idle socket (or the least recently used one, once idle half the idle timeout:
     * kept alive), taken (BUSY) for {@code ex}, whose exchange it carries once this returns; null when none is
     * idle. One past the idle timeout, or found closed by the peer (probed when idle {@value #PROBE_AFTER_NANOS} ns
     * or more), or one of the last window's surplus ({@link #KEEP_WINDOW_NANOS}), is taken off and returned in
     * {@code expired[0]} for the reader to close (the sender never closes a socket); the caller then takes again.
     */
    PushLoopConnection take(PushLoopExchange<?> ex, long now, PushLoopConnection[] expired) {
        observe(now);
        PushLoopConnection spare = spare(now);
        if (spare != null) {
            expired[0] = spare;
            return null;
        }
        for (PushLoopConnection c; (c = next(now)) != null; ) {
            if (ex != null && now - c.idleSince >= PROBE_AFTER_NANOS && !c.alive()) {
                if (c.retire()) { // the peer closed it: the reader closes it (counted as the peer's)
                    idle.decrementAndGet();
                    c.peerClosed = true;
                    expired[0] = c;
                    return null;
                }
                continue; // the reader retired it first
            }
            c.exchange = ex; // published before the compare-and-set: a reader that sees BUSY sees ex
            if (!c.take()) continue; // retired by the reader meanwhile
            idle.decrementAndGet();
            if (now - c.idleSince < idleTimeoutNanos) return c;
            c.exchange = null;
            expired[0] = c;
            return null;
        }
        return null;
    }

    /**
     * Notes how many sockets this take leaves idle (one fewer than are idle, none when it must dial); at a window's
     * end, the fewest of that window become the surplus.
     */
    private void observe(long now) {
        int n = Math.max(0, idle.get() - 1);
        if (n < fewestIdle.get()) fewestIdle.accumulateAndGet(n, Math::min);
        long end = windowEnd.get();
        if (end == 0) {
            windowEnd.compareAndSet(0, now + KEEP_WINDOW_NANOS);
        } else if (now - end >= 0 && windowEnd.compareAndSet(end, now + KEEP_WINDOW_NANOS)) {
            int fewest = fewestIdle.getAndSet(Integer.MAX_VALUE);
            surplus.set(fewest == Integer.MAX_VALUE ? 0 : fewest);
        }
    }

    /**
     * One of the last window's surplus to close: the coldest socket, once it would be kept alive (idle half the idle
     * timeout: no request took it since), retired and handed back like an expired one. Null when there is none.
     */
    private PushLoopConnection spare(long now) {
        if (surplus.get() <= 0) return null;
        PushLoopConnection coldest = stack.peekLast();
        if (coldest == null) return null;
        long idleFor = now - coldest.idleSince;
        if (idleFor < refreshAfterNanos || idleFor >= idleTimeoutNanos) return null; // warm, or the reader's to retire
        if (!coldest.retire()) return null; // taken or retired meanwhile
        idle.decrementAndGet();
        stack.removeLastOccurrence(coldest);
        surplus.decrementAndGet();
        return coldest;
    }

    /**
     * The coldest socket once idle {@link #refreshAfterNanos} but not yet the idle timeout, else the warmest. One past
     * the timeout is left where it is: the reader retires it on its next {@link #put}, as before. A look without a
     * lock: the socket's compare-and-set in {@link #take} decides whether it is still idle.
     */
    private PushLoopConnection next(long now) {
        PushLoopConnection coldest = stack.peekLast();
        if (coldest != null) {
            long idleFor = now - coldest.idleSince;
            if (idleFor >= refreshAfterNanos && idleFor < idleTimeoutNanos && stack.removeLastOccurrence(coldest)) {
                return coldest;
            }
        }
        return stack.pollFirst();
    }

    /** Reader: keeps {@code c} idle, or false (the caller closes it) beyond the allowance. */
    boolean put(PushLoopConnection c, long now) {
        if (idle.get() >= maxIdle) return false;
        c.idle(now);
        idle.incrementAndGet();
        stack.offerFirst(c);
        for (PushLoopConnection oldest; (oldest = stack.peekLast()) != null && oldest != c; ) {
            if (oldest.state() == PushLoopConnection.CLOSED) {
                stack.removeLastOccurrence(oldest);
            } else if (now - oldest.idleSince >= idleTimeoutNanos && retire(oldest)) {
                oldest.close();
            } else {
                break;
            }
        }
        return true;
    }

    /** Reader: retires an idle {@code c} (the peer closed it, it expired); false when the sender took it first. */
    boolean retire(PushLoopConnection c) {
        if (!c.retire()) return false;
        idle.decrementAndGet();
        stack.removeFirstOccurrence(c);
        return true;
    }

    /** Reader: retires and closes every idle socket. */
    void closeAll() {
        for (PushLoopConnection c; (c = stack.pollFirst()) != null; ) {
            if (c.retire()) idle.decrementAndGet();
            c.close();
        }
    }
}
