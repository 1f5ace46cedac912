package dev.goload.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * The event-loop push path (issue #15): one platform thread drives a pacer and owns its sockets, as a load
 * generator holding millions of messages per second does (wrk, Netty): it asks the pacer for what is due, writes
 * each push request non-blocking ({@link PushLoopRequests}: the bytes {@link Http1Engine} sends), and reads the
 * answers incrementally ({@link PushAnswerParser}), with one {@link Selector} wait per wake-up covering both the next
 * due send and arrived answers. No thread hand-off per request: no virtual thread, no carrier wake-up, no poller.
 *
 * <p>It keeps the blocking path's rules: LIFO idle sockets reused before dialling, at most the client's idle
 * allowance kept (the surplus closed on release), a socket idle for the idle timeout closed, not reused; at most
 * {@value #CONNECTS_AT_ONCE} connects at once; a request that fails on a reused socket with EOF or a reset before
 * its answer's first byte sent once more on a fresh socket and counted as a reconnect ({@link StaleSocket}); the
 * client's per-request deadline closing the socket; failures mapped by {@link Transport}'s own functions, so the
 * outcome, the {@link QueenException}, its {@link ErrorKind} and the {@link ClientStats} do not depend on the path.
 *
 * <p>Waiting: a Selector waits in whole milliseconds, so a send due in less than 1 ms is waited for by a
 * {@code selectNow} and a park; an answer arriving during that park is read when the loop wakes for the send, at most
 * the gap between two sends (&lt; 1 ms) later.
 *
 * <p>Threading: {@link #push} only on the loop thread (from the pacer's launches); {@link #dialAhead} before
 * {@link #start}; {@link #stop}, {@link #cancelAll}, {@link #join} and {@link #close} from any thread.
 */
public final class PushLoop<T> implements AutoCloseable {
    /** {@code GOLOAD_PUSH_LOOP=0}: openloop pushes take the virtual-thread path. */
    public static final String ENV = "GOLOAD_PUSH_LOOP";
    static final int CONNECTS_AT_ONCE = Http1Engine.CONNECTS_PER_LANE;
    private static final CompletableFuture<Void> NEVER = new CompletableFuture<>();

    /** The schedule the loop drives: offers what is due at {@code now}, returns the next instant (MAX_VALUE: ended). */
    public interface Pacer {
        long advance(long now);
    }

    /** Told of each request's progress, on the loop thread; must not block. */
    public interface Listener<T> {
        /** The request is being sent (once, even when a stale socket makes it go out twice). */
        void sending(T tag);

        void answered(T tag, PushResult result);

        /** The request failed: the exception the blocking client would have thrown for it. */
        void failed(T tag, QueenException failure);
    }

    private final Listener<T> listener;
    private final int dialAheadWanted;
    private final LongSupplier clock;
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
    private final AtomicInteger cancels = new AtomicInteger();
    private final java.util.concurrent.CountDownLatch offeringEnded = new java.util.concurrent.CountDownLatch(1);
    private final Thread thread;
    private Pacer pacer;
    private int dialling;
    private int cancelsSeen;
    private IOException dialFailure;
    private volatile boolean stopRequested;
    private volatile boolean closeRequested;

    PushLoop(ClientConfig cfg, HttpUrl base, HttpUrl pushUrl, String errorPrefix, ClientStats stats,
             LongSupplier clock, int dialAheadWanted, Listener<T> listener) throws IOException {
        this.listener = listener;
        this.dialAheadWanted = dialAheadWanted;
        this.clock = clock;
        this.stats = stats;
        this.errorPrefix = errorPrefix;
        this.maxIdle = Math.max(1, cfg.idleConns());
        this.idleTimeoutNanos = cfg.idleTimeoutMillis() > 0 ? cfg.idleTimeoutMillis() * 1_000_000L : Long.MAX_VALUE;
        this.timeoutNanos = cfg.timeoutMillis() * 1_000_000L;
        InetAddress[] all = InetAddress.getAllByName(base.host());
        this.addresses = new InetSocketAddress[all.length];
        for (int i = 0; i < all.length; i++) addresses[i] = new InetSocketAddress(all[i], base.port());
        this.origin = "http://" + Http1Codec.hostPort(base);
        Headers headers = Transport.headers(cfg);
        this.requests = new PushLoopRequests(base, pushUrl, headers);
        this.errorRequest = new Request.Builder().url(pushUrl).headers(headers).post(RequestBody.create(new byte[0])).build();
        this.selector = Selector.open();
        this.thread = Thread.ofPlatform().name("goload-push-loop").daemon().unstarted(this::run);
    }

    /** False when {@value #ENV} is {@code 0} or {@code false} (the virtual-thread path); true by default. */
    public static boolean enabledByEnvironment() {
        String v = System.getenv(ENV);
        return v == null || !(v.strip().equals("0") || v.strip().equalsIgnoreCase("false"));
    }

    /** True when pushes of {@code client} may take the loop: the http1 engine and one attempt per call. */
    public static boolean eligible(QueenClient client) {
        ClientConfig c = client.config();
        return client.engine() == HttpEngine.HTTP1 && c.retry().attempts() == 1 && c.retry429().limitFor(false) == 1;
    }

    /** The sockets the warm-up should dial for this loop (its expected concurrency). */
    int dialAheadWanted() {
        return dialAheadWanted;
    }

    /**
     * Dials up to {@code n} sockets (never beyond the idle allowance) and keeps them idle, so the first requests do
     * not pay for the dial (the warm-up's, before T0). Only before {@link #start}; throws the first failure.
     *
     * @return the sockets connected
     */
    int dialAhead(int n) throws IOException {
        if (thread.getState() != Thread.State.NEW) throw new IllegalStateException("dial ahead before start");
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

    /** Starts the loop thread driving {@code p}. */
    public PushLoop<T> start(Pacer p) {
        this.pacer = p;
        thread.start();
        return this;
    }

    /**
     * Stops offering once what is due has been offered, and waits up to {@code millis} for that last offer; requests
     * in flight go on, and the thread ends once each has its outcome.
     *
     * @return whether the last offer was made in time
     */
    public boolean stopOffering(long millis) throws InterruptedException {
        stopRequested = true;
        wake();
        return thread.getState() == Thread.State.NEW
                || offeringEnded.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Cuts every request in flight ({@link ErrorKind#CANCELED}); later requests run normally. */
    public void cancelAll() {
        cancels.incrementAndGet();
        wake();
    }

    public boolean join(long millis) throws InterruptedException {
        return thread.getState() == Thread.State.NEW || thread.join(java.time.Duration.ofMillis(millis));
    }

    /** Cuts what is in flight and closes every socket. */
    @Override
    public void close() {
        closeRequested = true;
        wake();
        try {
            join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!thread.isAlive()) closeSockets();
    }

    private void wake() {
        selector.wakeup();
        LockSupport.unpark(thread);
    }

    /** Sends {@code copies} copies of {@code payload}, each with a fresh UUIDv7; loop thread only (a pacer launch). */
    public void push(String queue, String partition, byte[] payload, int copies, T tag) {
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

    private void run() {
        boolean offering = true;
        long nextDue = Long.MIN_VALUE;
        try {
            selector.selectNow(this::onKey); // sockets dialled ahead that the peer closed since: not sent on
            while (!closeRequested) {
                if (offering) {
                    long now = clock.getAsLong();
                    if (stopRequested) {
                        pacer.advance(now); // what fell due before the stop
                        offering = false;
                    } else {
                        nextDue = pacer.advance(now);
                        offering = nextDue != Long.MAX_VALUE;
                    }
                    if (!offering) offeringEnded.countDown();
                }
                int c = cancels.get();
                if (c != cancelsSeen) {
                    cancelsSeen = c;
                    cutInFlight();
                }
                PushLoopExchange<T> head = expire(System.nanoTime());
                if (!offering && head == null && stopRequested) return;
                long wait = Long.MAX_VALUE;
                if (offering) wait = nextDue - clock.getAsLong();
                if (head != null) wait = Math.min(wait, head.deadlineNanos - System.nanoTime());
                select(wait);
            }
            cutInFlight();
            closeSockets();
        } catch (IOException e) {
            offeringEnded.countDown();
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void select(long waitNanos) throws IOException {
        if (waitNanos <= 0) {
            selector.selectNow(this::onKey);
        } else if (waitNanos == Long.MAX_VALUE) {
            selector.select(this::onKey, 0);
        } else if (waitNanos >= 1_000_000L) {
            selector.select(this::onKey, waitNanos / 1_000_000L); // wakes < 1 ms early; the next pass waits the rest
        } else if (selector.selectNow(this::onKey) == 0) {
            LockSupport.parkNanos(this, waitNanos);
        }
    }

    /** Fails every exchange past its deadline; returns the first unfinished one left, or null. */
    private PushLoopExchange<T> expire(long now) {
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
    private void cutInFlight() {
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

    private void onKey(SelectionKey k) {
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
        if (closeRequested || idle.size() >= maxIdle) {
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

    private void closeSockets() {
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
