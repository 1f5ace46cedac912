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
import java.util.concurrent.ConcurrentLinkedQueue;
import okhttp3.Request;

/**
 * The reader's side of one {@link PushLoop}'s exchanges: it reads every answer as it arrives, completes
 * the exchange, puts the socket back in the idle stack ({@link PushLoopIdle}) and does everything rare: dials (at most
 * {@value #CONNECTS_AT_ONCE} at once, the exchanges beyond waiting for a slot), the rest of a partial write, the
 * stale-socket re-send, the per-request deadline and the cancel, idle sockets the peer closed; every failure mapped by
 * {@link Transport}'s own functions and counted in the client's {@link ClientStats}.
 *
 * <p>Threading: the reader thread only (or the caller before the loop starts: {@link #dialAhead}), except the
 * thread-safe {@link #inFlight} queue the sender adds to.
 */
final class PushLoopExchanges<T> {
    static final int CONNECTS_AT_ONCE = Http1Engine.CONNECTS_PER_LANE;
    static final CompletableFuture<Void> NEVER = new CompletableFuture<>();

    private final PushLoopOutcomes<T> outcomes;
    private final ClientStats stats;
    private final long timeoutNanos;
    private final InetSocketAddress[] addresses;
    private final String origin;
    /** The reader's own encoder (re-sends, requests sent on a fresh socket); the sender has another. */
    private final PushLoopRequests requests;
    /** Names the call in failures ({@code POST /api/v1/push}), as the blocking path's request does. */
    final Request errorRequest;
    final Selector selector;
    final PushLoopIdle idle;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);
    /** {@link PushLoopIdle#take}'s out-parameter, reused (the sender has its own). */
    private final PushLoopConnection[] expired = new PushLoopConnection[1];
    /** Unfinished exchanges in deadline order (the sender adds; finished ones are dropped at the head). */
    final ConcurrentLinkedQueue<PushLoopExchange<T>> inFlight = new ConcurrentLinkedQueue<>();
    /** Exchanges waiting for a dial slot. */
    private final ArrayDeque<PushLoopExchange<T>> waiting = new ArrayDeque<>();
    private int dialling;
    private IOException dialFailure;
    /** Set once the loop closes: released sockets are closed, not kept. */
    boolean closing;

    PushLoopExchanges(ClientConfig cfg, InetSocketAddress[] addresses, String origin, PushLoopRequests requests,
                      Request errorRequest, ClientStats stats, Selector selector, PushLoopOutcomes<T> outcomes) {
        this.outcomes = outcomes;
        this.stats = stats;
        this.idle = new PushLoopIdle(Math.max(1, cfg.idleConns()),
                cfg.idleTimeoutMillis() > 0 ? cfg.idleTimeoutMillis() * 1_000_000L : Long.MAX_VALUE);
        this.timeoutNanos = cfg.timeoutMillis() * 1_000_000L;
        this.addresses = addresses;
        this.origin = origin;
        this.requests = requests;
        this.errorRequest = errorRequest;
        this.selector = selector;
    }

    long timeoutNanos() {
        return timeoutNanos;
    }

    /**
     * Dials up to {@code n} sockets (never beyond the idle allowance) and keeps them idle, so the first requests do
     * not pay for the dial (the warm-up's, before the loop starts). Throws the first failure.
     *
     * @return the sockets connected
     */
    int dialAhead(int n) throws IOException {
        int want = Math.min(n, idle.maxIdle()) - idle.size();
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

    /** Fails every exchange past its deadline; returns the first unfinished one left, or null. */
    PushLoopExchange<T> expire(long now) {
        for (PushLoopExchange<T> ex; (ex = inFlight.peek()) != null; ) {
            if (ex.finished()) {
                inFlight.poll();
            } else if (ex.deadlineNanos <= now) {
                inFlight.poll();
                abandon(ex);
                outcomes.failed(ex, Transport.transportError(false, new SocketTimeoutException("timeout"), NEVER,
                        errorRequest, true));
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
            if (ex.finished()) continue;
            abandon(ex);
            outcomes.failed(ex, Transport.transportError(true, new InterruptedIOException("canceled"), NEVER,
                    errorRequest, false));
        }
    }

    /** The loop died: every exchange not reported yet fails ({@link ErrorKind#OTHER}), so no count is lost. */
    void failAll(Throwable cause) {
        waiting.clear();
        for (PushLoopExchange<T> ex; (ex = inFlight.poll()) != null; ) {
            outcomes.failed(ex, PushLoopOutcomes.internal("the loop thread died", cause));
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
        if (c.exchange == ex) {
            if (!c.connected() && !c.closed()) dialling--;
            c.close();
        }
        serveWaiting();
    }

    /** Sends {@code ex} on an idle socket or a new one (the sender found none idle, or a stale socket's re-send). */
    void start(PushLoopExchange<T> ex, boolean fresh) {
        if (ex.finished()) return; // cut or expired while it was handed over
        PushLoopConnection c = fresh ? null : takeIdle();
        if (c != null) {
            send(ex, c);
        } else if (dialling >= CONNECTS_AT_ONCE) {
            waiting.add(ex);
        } else {
            try {
                c = new PushLoopConnection(selector, addresses, stats.connections(), origin);
            } catch (IOException e) {
                outcomes.failed(ex, Transport.transportError(false, e, NEVER, errorRequest, false));
                return;
            }
            ex.conn = c;
            c.exchange = ex;
            if (c.connected()) send(ex, c);
            else dialling++;
        }
    }

    private PushLoopConnection takeIdle() {
        for (;;) {
            PushLoopConnection c = idle.take(null, System.nanoTime(), expired);
            if (c != null || expired[0] == null) return c;
            expired[0].close();
            expired[0] = null;
        }
    }

    private void send(PushLoopExchange<T> ex, PushLoopConnection c) {
        ex.conn = c;
        c.exchange = ex;
        c.busy();
        try {
            if (!c.write(requests.encode(ex.body))) c.interest(true);
        } catch (IOException e) {
            broken(c, e);
        }
    }

    /** The sender's write on {@code c} was partial: the reader writes the rest when the socket takes it. */
    void writeRest(PushLoopConnection c) {
        if (!c.closed()) c.interest(true);
    }

    /** Closes a socket the sender took off the idle stack: past its idle timeout, or closed by the peer. */
    void closeExpired(PushLoopConnection c) {
        c.close();
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
            if (k.isWritable() && c.flush()) c.interest(false);
            if (k.isReadable()) readable(c);
        } catch (IOException e) {
            broken(c, e);
        }
    }

    private void readable(PushLoopConnection c) throws IOException {
        if (c.state() == PushLoopConnection.IDLE && idle.retire(c)) { // EOF, a reset or bytes nobody asked for
            int n = -1;
            try {
                n = c.read(readBuffer);
            } catch (IOException e) {
                // a reset: retired all the same
            }
            if (n < 0) c.peerClosed = true;
            c.close();
            return;
        }
        if (c.state() == PushLoopConnection.CLOSED) { // retired by the sender's probe: its close is handed over
            c.close();
            return;
        }
        // BUSY (the sender took it, the exchange published before) or DIALLING
        int n = c.read(readBuffer);
        PushLoopExchange<T> ex = cast(c.exchange);
        if (ex == null) { // a socket dialled ahead before any exchange: the peer closed it
            if (n == 0) return;
            if (n < 0) c.peerClosed = true;
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
    void broken(PushLoopConnection c, IOException e) {
        if (c.closed()) return; // already retired (a cut, a deadline): its exchange has its outcome
        PushLoopExchange<T> ex = cast(c.exchange);
        boolean peer = StaleSocket.peerClosed(e);
        if (peer) c.peerClosed = true;
        boolean wasConnected = c.connected();
        if (!wasConnected) dialling--;
        c.exchange = null;
        c.close();
        if (ex == null || ex.finished()) {
            if (!wasConnected && dialFailure == null) dialFailure = e; // a dial ahead's
        } else if (c.used && !c.parser.started() && !ex.resent && peer) {
            ex.resent = true;
            stats.reconnect();
            start(ex, true);
        } else {
            ex.conn = null;
            outcomes.failed(ex, Transport.transportError(false, e, NEVER, errorRequest, false));
        }
        serveWaiting();
    }

    private void answered(PushLoopExchange<T> ex, PushLoopConnection c, boolean extraBytes) {
        PushAnswerParser p = c.parser;
        stats.answer();
        int code = p.code();
        byte[] body = p.body();
        String retryAfter = p.retryAfter();
        c.used = true;
        ex.conn = null;
        if (p.keepAlive() && !extraBytes) release(c);
        else c.close();
        if (code < 200 || code > 299) {
            outcomes.failed(ex, Transport.httpError(code, body, retryAfter));
            return;
        }
        PushResult r;
        try {
            r = Transport.decode(code, new Transport.ArrayBody(body), ResultDecoders.push(ex.ids), errorRequest, NEVER,
                    () -> false, () -> false);
        } catch (QueenException e) {
            outcomes.failed(ex, e);
            return;
        }
        outcomes.answered(ex, r);
    }

    private void release(PushLoopConnection c) {
        PushLoopExchange<T> next = waiting.poll();
        if (next != null) send(next, c); // a request waiting for a dial slot takes it at once
        else toIdle(c);
    }

    private void toIdle(PushLoopConnection c) {
        if (closing || !idle.put(c, System.nanoTime())) c.close(); // beyond the allowance, as MaxIdleConnsPerHost
    }

    private void serveWaiting() {
        while (!waiting.isEmpty() && (dialling < CONNECTS_AT_ONCE || idle.size() > 0)) {
            start(waiting.poll(), false);
        }
    }

    void closeSockets() {
        if (!selector.isOpen()) return;
        idle.closeAll();
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
