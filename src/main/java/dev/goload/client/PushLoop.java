package dev.goload.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.Selector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * The event-loop push path: two platform threads carry every push of an openloop run, as a load
 * generator holding millions of messages per second does (wrk, Netty), with no thread per request:
 * <ul>
 *   <li>the <b>sender</b> drives the pacer, waiting for each due instant with a precise {@code parkNanos} (as
 *       {@link dev.goload.pace.PacerGroup} does); on a launch it takes the most recently used idle socket and writes
 *       the request non-blocking right there ({@link PushLoopSender}: the bytes {@link Http1Engine} sends);</li>
 *   <li>the <b>reader</b> blocks in one {@link Selector} where every connected socket stays registered for reading,
 *       so an answer wakes it at once; it parses answers incrementally ({@link PushAnswerParser}), reports them and
 *       puts the socket back ({@link PushLoopReader}, {@link PushLoopExchanges}).</li>
 * </ul>
 * Neither waits on the other, so an answer's latency is never stretched to the next send (a single thread waiting
 * for a sub-millisecond send could not read meanwhile). Who owns a socket is one compare-and-set
 * ({@link PushLoopConnection}); the sender hands the reader only what is rare (a dial, a partial write, a failed
 * write), through a queue and one {@code selector.wakeup()}.
 *
 * <p>It keeps the blocking path's rules: LIFO idle sockets reused before dialling, at most the client's idle
 * allowance kept (the surplus closed on release), a socket idle for the idle timeout closed, not reused; at most
 * {@value PushLoopExchanges#CONNECTS_AT_ONCE} connects at once; a request that fails on a reused socket with EOF or a
 * reset before its answer's first byte sent once more on a fresh socket and counted as a reconnect
 * ({@link StaleSocket}); the client's per-request deadline closing the socket; failures mapped by {@link Transport}'s
 * own functions, so the outcome, the {@link QueenException}, its {@link ErrorKind} and the {@link ClientStats} do not
 * depend on the path. A listener that throws fails that exchange only ({@link PushLoopOutcomes}).
 *
 * <p>Threading: {@link #push} only on the sender thread (from the pacer's launches); {@link #dialAhead} and
 * {@link #start} are serialised (a dial ahead after the start dials nothing); {@link #stopOffering},
 * {@link #cancelAll}, {@link #join} and {@link #close} from any thread. {@link #startDriven} starts the reader only:
 * then one thread of the caller's is the sender (cloud's one {@link dev.goload.pace.PacerGroup} thread pushes on the
 * loop of each tenant's client) and tells the loop, by {@link #stopOffering}, once it has ended.
 */
public final class PushLoop<T> implements AutoCloseable {
    /** {@code GOLOAD_PUSH_LOOP=0}: openloop pushes take the virtual-thread path. */
    public static final String ENV = "GOLOAD_PUSH_LOOP";

    /** The schedule the loop drives: offers what is due at {@code now}, returns the next instant (MAX_VALUE: ended). */
    public interface Pacer {
        long advance(long now);
    }

    /**
     * Told of each request's progress; must not block. {@code sending} on the sender thread, before the request is
     * written (what it records is visible to the outcome's call); the outcome on the reader thread.
     */
    public interface Listener<T> {
        /** The request is being sent (once, even when a stale socket makes it go out twice). */
        void sending(T tag);

        void answered(T tag, PushResult result);

        /** The request failed: the exception the blocking client would have thrown for it. */
        void failed(T tag, QueenException failure);
    }

    private final int dialAheadWanted;
    private final LongSupplier clock;
    private final Selector selector;
    private final PushLoopExchanges<T> exchanges;
    private final PushLoopSender<T> sender;
    private final AtomicInteger cancels = new AtomicInteger();
    private final CountDownLatch offeringEnded = new CountDownLatch(1);
    private final Thread senderThread;
    private final Thread readerThread;
    /** The sender thread's pacer; null on a loop {@link #startDriven started driven} (the caller's thread sends). */
    private Pacer pacer;
    private boolean started;
    private volatile boolean stopRequested;
    private volatile boolean senderEnded;
    private volatile boolean closeRequested;

    PushLoop(ClientConfig cfg, HttpUrl base, HttpUrl pushUrl, String errorPrefix, ClientStats stats,
             LongSupplier clock, int dialAheadWanted, Listener<T> listener) throws IOException {
        this.dialAheadWanted = dialAheadWanted;
        this.clock = clock;
        InetAddress[] all = InetAddress.getAllByName(base.host());
        InetSocketAddress[] addresses = new InetSocketAddress[all.length];
        for (int i = 0; i < all.length; i++) addresses[i] = new InetSocketAddress(all[i], base.port());
        Headers headers = Transport.headers(cfg);
        Request errorRequest = new Request.Builder().url(pushUrl).headers(headers).post(RequestBody.create(new byte[0])).build();
        this.selector = Selector.open();
        PushLoopOutcomes<T> outcomes = new PushLoopOutcomes<>(listener, stats, errorPrefix);
        this.exchanges = new PushLoopExchanges<>(cfg, addresses, "http://" + Http1Codec.hostPort(base),
                new PushLoopRequests(base, pushUrl, headers), errorRequest, stats, selector, outcomes);
        this.sender = new PushLoopSender<>(exchanges, outcomes, new PushLoopRequests(base, pushUrl, headers), stats);
        this.senderThread = Thread.ofPlatform().name("goload-push-sender").daemon().priority(Thread.MAX_PRIORITY)
                .unstarted(this::send);
        this.readerThread = Thread.ofPlatform().name("goload-push-reader").daemon()
                .unstarted(new PushLoopReader<>(exchanges, sender, cancels,
                        () -> senderEnded && (stopRequested || closeRequested), () -> closeRequested));
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
    synchronized int dialAhead(int n) throws IOException {
        if (started) return 0; // the loop's threads own the sockets now
        return exchanges.dialAhead(n);
    }

    /** Starts the sender driving {@code p} and the reader (after any dial ahead has completed). */
    public synchronized PushLoop<T> start(Pacer p) {
        startReader(java.util.Objects.requireNonNull(p, "pacer"));
        senderThread.start();
        return this;
    }

    /**
     * Starts the reader only: the caller's thread is the sender, the one thread that calls {@link #push} (it may drive
     * several loops, as cloud's pacer thread does), and calls {@link #stopOffering} once it pushes no more.
     */
    public synchronized PushLoop<T> startDriven() {
        startReader(null);
        return this;
    }

    private void startReader(Pacer p) {
        if (started) throw new IllegalStateException("started twice");
        started = true;
        this.pacer = p;
        readerThread.start();
    }

    /**
     * Stops offering once what is due has been offered, and waits up to {@code millis} for that last offer; requests
     * in flight go on, and the reader ends once each has its outcome. On a {@link #startDriven driven} loop the
     * caller's sending thread must have ended: its last push was the last offer.
     *
     * @return whether the last offer was made in time
     */
    public boolean stopOffering(long millis) throws InterruptedException {
        stopRequested = true;
        if (isDriven()) endOffering();
        wake();
        return notStarted() || offeringEnded.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Cuts every request in flight ({@link ErrorKind#CANCELED}); later requests run normally. */
    public void cancelAll() {
        cancels.incrementAndGet();
        selector.wakeup();
    }

    /** Waits for both threads to end (the reader ends once stopped and drained). */
    public boolean join(long millis) throws InterruptedException {
        if (notStarted()) return true;
        long until = System.nanoTime() + millis * 1_000_000L;
        if (!isDriven() && !senderThread.join(java.time.Duration.ofMillis(millis))) return false;
        return readerThread.join(java.time.Duration.ofNanos(Math.max(1, until - System.nanoTime())));
    }

    private synchronized boolean notStarted() {
        return !started;
    }

    private synchronized boolean isDriven() {
        return started && pacer == null;
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
        if (!readerThread.isAlive()) exchanges.closeSockets();
    }

    private void wake() {
        selector.wakeup();
        LockSupport.unpark(senderThread);
    }

    /** Sends {@code copies} copies of {@code payload}, each with a fresh UUIDv7; sender thread only (a launch). */
    public void push(String queue, String partition, byte[] payload, int copies, T tag) {
        sender.push(queue, partition, payload, copies, tag);
    }

    /**
     * Sends {@code items} as one request, each with its own transaction id (a fresh UUIDv7 where it has none), the
     * body {@link QueenClient#push(java.util.List)} sends; sender thread only.
     */
    public void push(java.util.List<PushItem> items, T tag) {
        sender.push(items, tag);
    }

    /** The sender thread: the pacer's launches at their instants, a precise park in between. */
    private void send() {
        try {
            while (!stopRequested && !closeRequested) {
                long next = pacer.advance(clock.getAsLong());
                if (next == Long.MAX_VALUE) return;
                long wait = next - clock.getAsLong();
                if (wait > 0) LockSupport.parkNanos(this, wait);
            }
            if (!closeRequested) pacer.advance(clock.getAsLong()); // what fell due before the stop
        } finally {
            endOffering();
        }
    }

    /** The sender ended (or died) and offers nothing more: stopOffering need not wait, the reader may drain and end. */
    private void endOffering() {
        senderEnded = true;
        offeringEnded.countDown();
        selector.wakeup();
    }
}
