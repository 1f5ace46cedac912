package dev.goload.client;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The idle keep-alive sockets of a {@link PushLoop}, most recently used first (LIFO, as Go's and the blocking
 * engine's pools): the reader puts sockets back ({@link #put}), the sender takes them ({@link #take}). At most the
 * idle allowance is kept (Go's {@code MaxIdleConnsPerHost}: the surplus is closed on release), and a socket idle for
 * the idle timeout is retired, not reused. Who wins a socket both want is decided by its state's compare-and-set
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
    private final ConcurrentLinkedDeque<PushLoopConnection> stack = new ConcurrentLinkedDeque<>();
    /** Sockets IDLE in the stack (retired and taken ones not counted). */
    private final AtomicInteger idle = new AtomicInteger();
    private final int maxIdle;
    private final long idleTimeoutNanos;

    PushLoopIdle(int maxIdle, long idleTimeoutNanos) {
        this.maxIdle = maxIdle;
        this.idleTimeoutNanos = idleTimeoutNanos;
    }

    /** The idle allowance: at most this many sockets kept. */
    int maxIdle() {
        return maxIdle;
    }

    int size() {
        return idle.get();
    }

    /**
     * Sender: the most recently used idle socket, taken (BUSY) for {@code ex}, whose exchange it carries once this
     * returns; null when none is idle. One past the idle timeout, or found closed by the peer (probed when idle
     * {@value #PROBE_AFTER_NANOS} ns or more), is taken off and returned in {@code expired[0]} for the reader to
     * close (the sender never closes a socket).
     */
    PushLoopConnection take(PushLoopExchange<?> ex, long now, PushLoopConnection[] expired) {
        for (PushLoopConnection c; (c = stack.pollFirst()) != null; ) {
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
