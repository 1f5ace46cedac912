package dev.goload.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import okhttp3.Request;

/**
 * The exchanges and sockets of one {@link PushLoop}: each push from its submission to its outcome, over LIFO idle
 * sockets reused before dialling (at most the idle allowance kept, none reused past the idle timeout), at most
 * {@value #CONNECTS_AT_ONCE} connects at once, the stale-socket re-send, the per-request deadline and the cancel, every
 * failure mapped by {@link Transport}'s own functions and counted in the client's {@link ClientStats}.
 *
 * <p>Not thread-safe: owned by the loop thread (or by the caller before the loop starts: {@link #dialAhead}).
 */
final class PushLoopExchanges<T> {
    static final int CONNECTS_AT_ONCE = Http1Engine.CONNECTS_PER_LANE;
    private static final CompletableFuture<Void> NEVER = new CompletableFuture<>();

    private final PushLoop.Listener<T> listener;
    private final ClientStats stats;
    private final String errorPrefix;
    private final int maxIdle;
    private final long idleTimeoutNanos;
    private final long timeoutNanos;
    private final InetSocketAddress[] addresses;
    private final String origin;
    private final PushLoopRequests requests;
    /** Names the call in failures ({@code POST /api/v1/push}), as the blocking path's request does. */
    private final Request errorRequest;
    private final Selector selector;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);
    /** Idle sockets, most recently used first. */
    private final ArrayDeque<PushLoopConnection> idle = new ArrayDeque<>();
    /** Unfinished exchanges in deadline order (finished ones are dropped when they reach the head). */
    private final ArrayDeque<PushLoopExchange<T>> inFlight = new ArrayDeque<>();
    /** Exchanges waiting for a dial slot. */
    private final ArrayDeque<PushLoopExchange<T>> waiting = new ArrayDeque<>();
    private int dialling;
    private IOException dialFailure;
    /** Set once the loop closes: released sockets are closed, not kept. */
    boolean closing;

    PushLoopExchanges(ClientConfig cfg, InetSocketAddress[] addresses, String origin, PushLoopRequests requests,
                      Request errorRequest, String errorPrefix, ClientStats stats, Selector selector,
                      PushLoop.Listener<T> listener) {
        this.listener = listener;
        this.stats = stats;
        this.errorPrefix = errorPrefix;
        this.maxIdle = Math.max(1, cfg.idleConns());
        this.idleTimeoutNanos = cfg.idleTimeoutMillis() > 0 ? cfg.idleTimeoutMillis() * 1_000_000L : Long.MAX_VALUE;
        this.timeoutNanos = cfg.timeoutMillis() * 1_000_000L;
        this.addresses = addresses;
        this.origin = origin;
        this.requests = requests;
        this.errorRequest = errorRequest;
        this.selector = selector;
    }

    /**
     * Dials up to {@code n} sockets (never beyond the idle allowance) and keeps them idle, so the first requests do
     * not pay for the dial (the warm-up's, before T0). Only before {@link #start}; throws the first failure.
     *
     * @return the sockets connected
     */
    int dialAhead(int n) throws IOException {
        int want = Math.min(n, maxIdle) - idle.size();
        for (int i = 0; i < want; i++) {
            PushLoopConnection c = new PushLoopConnection(selector, addresses, stats.connections(), origin);
            if (c.connected()) toIdle(c);
            else dialling++;
        }
        long until = System.nanoTime() + Http1Connection.CONNECT_TIMEOUT_MILLIS * 1_000_000L;
        while (dialling > 0 && System.nanoTime() < until) selector.select(this::onKey, 100);
        if (dialFailure != null) throw dialFailure;
        return idle.size();
    }

    /** Sends {@code copies} copies of {@code payload}, each with a fresh UUIDv7; loop thread only (a pacer launch). */
    void push(String queue, String partition, byte[] payload, int copies, T tag) {
        TransactionIds ids = TransactionIds.generate(copies);
        listener.sending(tag);
        if (copies == 0) {
            listener.answered(tag, PushResult.of(0, new ItemStatus[0], ids, null));
            return;
        }
        stats.request();
        var ex = new PushLoopExchange<>(tag, PushBody.uniformGenerated(queue, partition, payload, ids), ids,
                System.nanoTime() + timeoutNanos);
        inFlight.add(ex);
        start(ex, false);
    }

    /** Fails every exchange past its deadline; returns the first unfinished one left, or null. */
    PushLoopExchange<T> expire(long now) {
        for (PushLoopExchange<T> ex; (ex = inFlight.peek()) != null; ) {
            if (ex.finished) {
                inFlight.poll();
            } else if (ex.deadlineNanos <= now) {
                inFlight.poll();
                abandon(ex);
                fail(ex, Transport.transportError(false, new SocketTimeoutException("timeout"), NEVER, errorRequest, true));
            } else {
                return ex;
            }
        }
        return null;
    }

    /** Cancels every unfinished exchange ({@link ErrorKind#CANCELED}, as a cancelled blocking call). */
    void cutInFlight() {
        waiting.clear(); // nothing dials for an exchange being cut
        for (PushLoopExchange<T> ex; (ex = inFlight.poll()) != null; ) {
            if (ex.finished) continue;
            abandon(ex);
            fail(ex, Transport.transportError(true, new InterruptedIOException("canceled"), NEVER, errorRequest, false));
        }
    }

    /** Takes {@code ex} off its socket (closed: the answer may still come) or out of the dial queue. */
    private void abandon(PushLoopExchange<T> ex) {
        PushLoopConnection c = ex.conn;
        if (c == null) {
            waiting.remove(ex);
            return;
        }
        ex.conn = null;
        c.exchange = null;
        if (!c.connected()) dialling--;
        c.close();
        serveWaiting();
    }

    private void start(PushLoopExchange<T> ex, boolean fresh) {
        PushLoopConnection c = fresh ? null : takeIdle(System.nanoTime());
        if (c != null) {
            send(ex, c);
        } else if (dialling >= CONNECTS_AT_ONCE) {
            waiting.add(ex);
        } else {
            try {
                c = new PushLoopConnection(selector, addresses, stats.connections(), origin);
            } catch (IOException e) {
                fail(ex, Transport.transportError(false, e, NEVER, errorRequest, false));
                return;
            }
            ex.conn = c;
            c.exchange = ex;
            if (c.connected()) send(ex, c);
            else dialling++;
        }
    }

    private void send(PushLoopExchange<T> ex, PushLoopConnection c) {
        ex.conn = c;
        c.exchange = ex;
        c.parser.reset();
        try {
            c.interest(c.write(requests.encode(ex.body)) ? SelectionKey.OP_READ : SelectionKey.OP_WRITE);
        } catch (IOException e) {
            broken(c, e);
        }
    }

    void onKey(SelectionKey k) {
        PushLoopConnection c = (PushLoopConnection) k.attachment();
        if (!k.isValid() || c.closed()) return;
        try {
            if (k.isConnectable()) {
                if (!c.finishConnect()) return;
                dialling--;
                if (c.exchange != null) send(cast(c.exchange), c);
                else toIdle(c);
                serveWaiting();
                return;
            }
            if (k.isWritable() && c.flush()) c.interest(SelectionKey.OP_READ);
            if (k.isReadable()) readable(c);
        } catch (IOException e) {
            broken(c, e);
        }
    }

    private void readable(PushLoopConnection c) throws IOException {
        int n = c.read(readBuffer);
        PushLoopExchange<T> ex = cast(c.exchange);
        if (ex == null) { // idle: EOF, a reset or bytes nobody asked for all retire it
            if (n == 0) return;
            if (n < 0) c.peerClosed = true;
            idle.remove(c);
            c.close();
            return;
        }
        boolean extra = false;
        if (n < 0) {
            c.parser.eof();
        } else {
            extra = c.parser.feed(readBuffer.array(), 0, n) < n;
        }
        if (c.parser.done()) answered(ex, c, extra);
    }

    /** A socket failed (connect, write, read, framing): its exchange is re-sent once when stale, else failed. */
    private void broken(PushLoopConnection c, IOException e) {
        PushLoopExchange<T> ex = cast(c.exchange);
        boolean peer = StaleSocket.peerClosed(e);
        if (peer) c.peerClosed = true;
        boolean wasConnected = c.connected();
        if (!wasConnected) dialling--;
        idle.remove(c);
        c.exchange = null;
        c.close();
        if (ex == null) {
            if (!wasConnected && dialFailure == null) dialFailure = e; // a dial ahead's
        } else if (c.used && !c.parser.started() && !ex.resent && peer) {
            ex.resent = true;
            stats.reconnect();
            start(ex, true);
        } else {
            fail(ex, Transport.transportError(false, e, NEVER, errorRequest, false));
        }
        serveWaiting();
    }

    private void answered(PushLoopExchange<T> ex, PushLoopConnection c, boolean extraBytes) {
        PushAnswerParser p = c.parser;
        int code = p.code();
        byte[] body = p.body();
        String retryAfter = p.retryAfter();
        c.exchange = null;
        c.used = true;
        ex.conn = null;
        if (p.keepAlive() && !extraBytes) release(c);
        else c.close();
        if (code < 200 || code > 299) {
            fail(ex, Transport.httpError(code, body, retryAfter));
            return;
        }
        PushResult r;
        try {
            r = Transport.decode(code, new Transport.ArrayBody(body), ResultDecoders.push(ex.ids), errorRequest, NEVER,
                    () -> false, () -> false);
        } catch (QueenException e) {
            fail(ex, e);
            return;
        }
        ex.finished = true;
        listener.answered(ex.tag, r);
    }

    /** Reports {@code e} as the blocking client's one-attempt call would have thrown it. */
    private void fail(PushLoopExchange<T> ex, QueenException e) {
        ex.finished = true;
        QueenException f = e.afterAttempts(1, false).wrap(errorPrefix);
        stats.error(f.kind());
        listener.failed(ex.tag, f);
    }

    private void release(PushLoopConnection c) {
        PushLoopExchange<T> next = waiting.poll();
        if (next != null) send(next, c); // a request waiting for a dial slot takes it at once
        else toIdle(c);
    }

    private void toIdle(PushLoopConnection c) {
        if (closing || idle.size() >= maxIdle) {
            c.close(); // beyond the idle allowance, as Go's MaxIdleConnsPerHost
            return;
        }
        c.interest(SelectionKey.OP_READ); // a peer's close of an idle socket is seen at once
        long now = System.nanoTime();
        c.idleSince = now;
        idle.push(c);
        PushLoopConnection oldest = idle.peekLast();
        if (now - oldest.idleSince >= idleTimeoutNanos) {
            idle.pollLast();
            oldest.close();
        }
    }

    private PushLoopConnection takeIdle(long now) {
        for (PushLoopConnection c; (c = idle.poll()) != null; ) {
            if (now - c.idleSince < idleTimeoutNanos) return c;
            c.close();
        }
        return null;
    }

    private void serveWaiting() {
        while (!waiting.isEmpty() && (dialling < CONNECTS_AT_ONCE || !idle.isEmpty())) {
            start(waiting.poll(), false);
        }
    }

    void closeSockets() {
        if (!selector.isOpen()) return;
        for (PushLoopConnection c; (c = idle.poll()) != null; ) c.close();
        for (SelectionKey k : selector.keys()) ((PushLoopConnection) k.attachment()).close();
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }

    @SuppressWarnings("unchecked")
    private PushLoopExchange<T> cast(PushLoopExchange<?> ex) {
        return (PushLoopExchange<T>) ex;
    }
}
