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
 * The event-loop push path (issue #15): one platform thread drives a pacer and owns its sockets, as a load
 * generator holding millions of messages per second does (wrk, Netty): it asks the pacer for what is due, writes
 * each push request non-blocking ({@link PushLoopRequests}: the bytes {@link Http1Engine} sends), and reads the
 * answers incrementally ({@link PushAnswerParser}), with one {@link Selector} wait per wake-up covering both the next
 * due send and arrived answers. No thread hand-off per request: no virtual thread, no carrier wake-up, no poller.
 *
 * <p>It keeps the blocking path's rules: LIFO idle sockets reused before dialling, at most the client's idle
 * allowance kept (the surplus closed on release), a socket idle for the idle timeout closed, not reused; at most
 * {@value PushLoopExchanges#CONNECTS_AT_ONCE} connects at once; a request that fails on a reused socket with EOF or a reset before
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

    private final int dialAheadWanted;
    private final LongSupplier clock;
    private final Selector selector;
    private final PushLoopExchanges<T> exchanges;
    private final AtomicInteger cancels = new AtomicInteger();
    private final CountDownLatch offeringEnded = new CountDownLatch(1);
    private final Thread thread;
    private Pacer pacer;
    private int cancelsSeen;
    private volatile boolean stopRequested;
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
        this.exchanges = new PushLoopExchanges<>(cfg, addresses, "http://" + Http1Codec.hostPort(base),
                new PushLoopRequests(base, pushUrl, headers), errorRequest, errorPrefix, stats, selector, listener);
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
        return exchanges.dialAhead(n);
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
                || offeringEnded.await(millis, TimeUnit.MILLISECONDS);
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
        if (!thread.isAlive()) exchanges.closeSockets();
    }

    private void wake() {
        selector.wakeup();
        LockSupport.unpark(thread);
    }

    /** Sends {@code copies} copies of {@code payload}, each with a fresh UUIDv7; loop thread only (a pacer launch). */
    public void push(String queue, String partition, byte[] payload, int copies, T tag) {
        exchanges.push(queue, partition, payload, copies, tag);
    }

    private void run() {
        boolean offering = true;
        long nextDue = Long.MIN_VALUE;
        try {
            selector.selectNow(exchanges::onKey); // sockets dialled ahead that the peer closed since: not sent on
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
                    exchanges.cutInFlight();
                }
                PushLoopExchange<T> head = exchanges.expire(System.nanoTime());
                if (!offering && head == null && stopRequested) return;
                long wait = Long.MAX_VALUE;
                if (offering) wait = nextDue - clock.getAsLong();
                if (head != null) wait = Math.min(wait, head.deadlineNanos - System.nanoTime());
                select(wait);
            }
            exchanges.closing = true;
            exchanges.cutInFlight();
            exchanges.closeSockets();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            offeringEnded.countDown(); // a loop that ended (or died) offers nothing more: stopOffering need not wait
        }
    }

    private void select(long waitNanos) throws IOException {
        if (waitNanos <= 0) {
            selector.selectNow(exchanges::onKey);
        } else if (waitNanos == Long.MAX_VALUE) {
            selector.select(exchanges::onKey, 0);
        } else if (waitNanos >= 1_000_000L) {
            selector.select(exchanges::onKey, waitNanos / 1_000_000L); // wakes < 1 ms early; the next pass waits the rest
        } else if (selector.selectNow(exchanges::onKey) == 0) {
            LockSupport.parkNanos(this, waitNanos);
        }
    }
}
