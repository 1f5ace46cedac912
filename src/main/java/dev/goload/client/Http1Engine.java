package dev.goload.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * goload's own HTTP/1.1 client exchange for one plain-{@code http://} host (see {@link HttpEngine} for why).
 *
 * <p>Requests are OkHttp {@link Request} values (the client builds them the same way for either engine) and
 * are written as OkHttp would write them, minus {@code Accept-Encoding: gzip}: request line, the request's
 * headers, {@code Host}, {@code User-Agent}, {@code Content-Length}, then the body, collected in one buffer and
 * sent with one socket write. Answers are read with {@code Content-Length}, chunked, or read-to-close bodies;
 * interim 1xx answers are skipped; {@code Connection: close} and HTTP/1.0 answers retire the socket.
 *
 * <p>Connections live in two lanes ({@link Lane}): long-poll pops on one, every other request on the other, so a
 * push or an ack never waits for, nor takes, a socket parked in a long-poll; each lane dials at most
 * {@value #CONNECTS_PER_LANE} sockets at once. In each lane they live in a LIFO stack (the most recently used,
 * i.e. warmest, first) capped at the client's idle allowance. One idle for the client's idle timeout ({@code -idle-timeout}, default 5 s: below the 10 s after which
 * uWebSockets, and so the Queen broker, closes an idle connection) is closed instead of reused, when it is next
 * taken or when a release finds it at the bottom of the stack; one idle for {@value #PROBE_IDLE_SECONDS} s
 * (possible only with a longer idle timeout) is probed before reuse (a 1 ms read: a peer that closed it shows EOF).
 *
 * <p>A request that fails on a <em>reused</em> socket while being written, or with EOF or a reset before the
 * first byte of its answer, is sent once more on a fresh socket and reported to the reconnect listener, as Go's
 * transport does for a keep-alive socket the server closed while it sat idle: the peer provably never answered
 * it on that socket. Never for a fresh socket (a server that hangs up on a new connection does not like the
 * request), never once an answer byte arrived, never twice, never for a one-shot body, never after a cancel.
 * Every other failure is the caller's to classify and count.
 *
 * <p>The parts: this class is the pool and the exchanges; {@link Http1Codec} writes requests and reads answers;
 * {@link Http1Connection} is one socket and its buffers.
 *
 * <p>Thread-safe. Each {@link Exchange} is cancellable from any thread (the deadline watchdog, a run's
 * shutdown): cancelling closes its socket, which ends a blocked connect, write or read at once.
 */
final class Http1Engine implements AutoCloseable {
    static final int PROBE_IDLE_SECONDS = 10;
    /** Connects in flight at once per lane (see {@link Lane}). */
    static final int CONNECTS_PER_LANE = 256;

    /**
     * The probe threshold engines created from now on use: {@value #PROBE_IDLE_SECONDS} s except while a test
     * shortens it through {@link #setProbeIdleNanosForTests} (waiting 10 s per test is not an option).
     */
    private static volatile long probeIdleNanosForNewEngines = PROBE_IDLE_SECONDS * 1_000_000_000L;

    /**
     * An answer: status, the one header the client reads ({@code Retry-After}), the whole body as
     * {@code body[0, length)}, an array of the engine's pool that {@link #recycle} takes back once it is decoded.
     */
    record Response(int code, String retryAfter, byte[] body, int length) {
    }

    private final String host;
    private final int port;
    private final String origin;
    private final Http1Codec codec;
    private final int maxIdle;
    /** Idle sockets this old are closed, never reused; {@code Long.MAX_VALUE}: no limit. */
    private final long idleTimeoutNanos;
    /**
     * Told of every request re-sent on a fresh socket after its reused socket turned out to be stale; its tally of
     * every socket opened and closed.
     */
    private final ClientStats stats;
    private final long probeIdleNanos = probeIdleNanosForNewEngines;
    /** Pushes, acks, configures and non-waiting pops: never behind a long-poll, never on a parked socket. */
    private final Lane shortLane = new Lane();
    /** Long-poll pops only: their sockets park for the poll's wait, so they never take the short lane's. */
    private final Lane longPollLane = new Lane();
    private final Set<Exchange> live = ConcurrentHashMap.newKeySet();
    /** Buffers of connections in use; an idle connection holds none (a stall can leave hundreds idle). */
    private final BufferPool readBuffers = new BufferPool(Http1Connection.READ_BUFFER);
    private final BufferPool writeBuffers = new BufferPool(Http1Connection.WRITE_BUFFER);
    /** The arrays answers' bodies are read into, shared by the connections: an array per answer in flight, not per socket. */
    private final AnswerBuffers answers = new AnswerBuffers();
    private volatile boolean closed;

    /** {@code idleTimeoutMillis <= 0}: idle sockets are never closed for their age. */
    Http1Engine(HttpUrl base, Headers commonHeaders, int maxIdle, long idleTimeoutMillis, ClientStats stats) {
        this.host = base.host();
        this.port = base.port();
        this.origin = "http://" + Http1Codec.hostPort(base);
        this.codec = new Http1Codec(base, commonHeaders);
        this.maxIdle = Math.max(1, maxIdle);
        this.idleTimeoutNanos = idleTimeoutMillis > 0 ? idleTimeoutMillis * 1_000_000L : Long.MAX_VALUE;
        this.stats = stats;
    }

    /** Tests only: sets the probe threshold of engines created afterwards; returns the previous value. */
    static long setProbeIdleNanosForTests(long nanos) {
        long previous = probeIdleNanosForNewEngines;
        probeIdleNanosForNewEngines = nanos;
        return previous;
    }

    /** True for URLs this engine can carry: plain http to the client's own host and port. */
    boolean serves(HttpUrl url) {
        return !url.isHttps() && url.port() == port && url.host().equals(host);
    }

    /** An exchange on the long-poll lane ({@code longPoll}: a pop that waits at the broker) or the short lane. */
    Exchange exchange(boolean longPoll) {
        return new Exchange(longPoll ? longPollLane : shortLane);
    }

    private Http1Connection newConnection() {
        return new Http1Connection(origin, readBuffers, writeBuffers, answers, stats.connections());
    }

    /**
     * {@code r}'s body array is free for another answer: the caller has decoded it and keeps no reference to it (what
     * it returned holds copies). Once per answer, after which nothing may read {@code r.body()}.
     */
    void recycle(Response r) {
        answers.give(r.body());
    }

    /** Tests only: the engine's body arrays. */
    AnswerBuffers answerBuffersForTests() {
        return answers;
    }

    /** Tests only: read buffers lent to connections now (a parked long-poll holds none). */
    int readBuffersLent() {
        return readBuffers.lent();
    }

    /** Tests only: write buffers lent to connections now (none once every request is on the wire). */
    int writeBuffersLent() {
        return writeBuffers.lent();
    }

    /** Aborts every exchange in flight (their callers see a closed socket); later exchanges run normally. */
    void cancelAll() {
        for (Exchange e : live) e.cancel();
    }

    @Override
    public void close() {
        closed = true;
        cancelAll();
        shortLane.closeIdle();
        longPollLane.closeIdle();
    }

    /** One request and its answer on one connection; single use. */
    final class Exchange implements Runnable {
        private final AtomicReference<Http1Connection> active = new AtomicReference<>();
        private final Lane lane;
        private volatile boolean canceled;
        /** The thread running {@link #execute}, woken by a cancel while it waits for a dial slot. */
        private volatile Thread runner;

        private Exchange(Lane lane) {
            this.lane = lane;
        }

        /** Cancels the exchange (the watchdog's entry point). */
        @Override
        public void run() {
            cancel();
        }

        void cancel() {
            canceled = true;
            Http1Connection c = active.getAndSet(null);
            if (c != null) c.close();
            DialSlots.wake(runner);
        }

        boolean canceled() {
            return canceled;
        }

        /**
         * Runs the exchange. {@code abandoned} is the caller's cancel signal, read once this exchange is visible to
         * {@link #cancelAll}: a cancelAll that ran just before then is seen here, one that runs later finds it.
         */
        Response execute(Request request, BooleanSupplier abandoned) throws IOException {
            runner = Thread.currentThread();
            live.add(this);
            if (abandoned.getAsBoolean()) canceled = true;
            try {
                Http1Connection c = lane.acquire();
                boolean reused = c.connected();
                try {
                    return attempt(c, request);
                } catch (IOException e) {
                    if (!reused || c.answerStarted || !StaleSocket.resendable(e, request) || canceled
                            || abandoned.getAsBoolean()) {
                        throw e;
                    }
                    stats.reconnect();
                    return attempt(newConnection(), request);
                }
            } finally {
                live.remove(this);
                runner = null;
            }
        }

        private Response attempt(Http1Connection c, Request request) throws IOException {
            c.attach(lane == longPollLane);
            active.set(c);
            if (canceled) {
                cancel();
                throw new InterruptedIOException("canceled");
            }
            boolean ok = false;
            IOException failure = null;
            try {
                if (!c.connected()) lane.connect(c, this::canceled);
                codec.write(c, request);
                c.writeDone();
                Response r = codec.read(c, "HEAD".equals(request.method()));
                ok = true;
                return r;
            } catch (IOException e) {
                failure = e;
                throw e;
            } finally {
                Http1Connection mine = active.getAndSet(null);
                if (mine != null) {
                    if (ok && mine.reusable) {
                        lane.release(mine);
                    } else {
                        // still ours, so not cancelled: an EOF or a reset is the peer's close (the accounting's split),
                        // unless an interrupt closed the (virtual thread's) socket
                        if (failure != null && StaleSocket.peerClosed(failure)
                                && !Thread.currentThread().isInterrupted()) {
                            mine.peerClosed = true;
                        }
                        mine.close();
                    }
                }
            }
        }
    }

    /**
     * Dials up to {@code connections} sockets (never beyond the idle allowance, counting those already pooled) and
     * pools them, so a run's first requests do not pay for the dial. Sends nothing. Sequential; stops at the first
     * failure, which it throws.
     *
     * @return the connections dialled
     */
    int warmUp(int connections) throws IOException {
        int dialled = 0;
        while (dialled < connections && !closed && shortLane.idleCount.get() < maxIdle) {
            Http1Connection c = newConnection();
            try {
                shortLane.connect(c, () -> false);
            } catch (IOException e) {
                c.close();
                throw e;
            }
            c.reusable = true;
            shortLane.release(c);
            dialled++;
        }
        return dialled;
    }

    /**
     * One LIFO pool of idle sockets and its dial limiter. At most {@value #CONNECTS_PER_LANE} connects run at once
     * per lane: ten thousand consumers dialling together overflow the peer's listen backlog (4096 here), and a
     * dropped SYN is retried only after 1 s, then 3 s; queued here instead, they connect in turn. Each lane has its
     * own limiter, so a push never queues behind the long-polls' dials.
     */
    private final class Lane {
        private final ConcurrentLinkedDeque<Http1Connection> idle = new ConcurrentLinkedDeque<>();
        private final AtomicInteger idleCount = new AtomicInteger();
        private final DialSlots connects = new DialSlots(CONNECTS_PER_LANE);

        /**
         * Connects {@code c} once a dial slot is free; a cancel ({@code canceled}, which also wakes the waiting
         * thread: {@link Exchange#cancel}) or the engine's close ends the wait for one.
         */
        void connect(Http1Connection c, BooleanSupplier canceled) throws IOException {
            connects.acquire(() -> canceled.getAsBoolean() || closed);
            try {
                c.connect(host, port);
            } finally {
                connects.release();
            }
        }

        void closeIdle() {
            for (Http1Connection c; (c = idle.poll()) != null; ) c.close();
            idleCount.set(0);
        }

        Http1Connection acquire() {
            long now = System.nanoTime();
            for (Http1Connection c; (c = idle.poll()) != null; ) {
                idleCount.decrementAndGet();
                long idleNanos = now - c.idleSince;
                if (idleNanos >= idleTimeoutNanos) {
                    c.close();
                } else if (idleNanos >= probeIdleNanos && !c.healthy()) {
                    c.close();
                } else {
                    return c;
                }
            }
            return newConnection();
        }

        void release(Http1Connection c) {
            c.detach();
            if (closed || idleCount.incrementAndGet() > maxIdle) {
                idleCount.decrementAndGet();
                c.close();
                return;
            }
            long now = System.nanoTime();
            c.idleSince = now;
            idle.push(c);
            evictExpiredOldest(now);
        }

        /**
         * Closes the oldest idle socket if it has outlived the idle timeout (at most one per release: the cost of a
         * release stays constant, and a steady load passes the bottom of the stack often enough). Without it, a burst
         * that opened many sockets would leave the surplus open until the peer closed them.
         */
        private void evictExpiredOldest(long now) {
            Http1Connection oldest = idle.peekLast();
            if (oldest != null && now - oldest.idleSince >= idleTimeoutNanos && idle.removeLastOccurrence(oldest)) {
                idleCount.decrementAndGet();
                oldest.close();
            }
        }
    }
}
