package dev.goload.client;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The sockets the HTTP engines of one or more {@link QueenClient}s opened to the broker, and closed: counted when a
 * TCP connect completes and when a connected socket is first closed, by either engine ({@link Http1Engine}'s
 * connections, OkHttp's sockets from {@link NoDelaySocketFactory}); and the requests they sent and the answers they
 * got, so a run can tell a broker that answered with errors from one that never answered at all
 * ({@link #requests()}, {@link #answers()}, {@link #noAnswerCause()}). A socket costs two atomic adds, a request
 * two striped ones. A run whose mode has several clients (cloud: one per tenant) gives them one
 * tally, so {@link #peakOpen()} is the exact peak of all of them together, not a sum of peaks reached at different
 * moments.
 *
 * <p>Thread-safe. Each figure is exact; a set of them read together is a near-instant snapshot.
 */
public final class ConnectionTally {
    private final LongAdder opened = new LongAdder();
    private final LongAdder closed = new LongAdder();
    private final LongAdder closedByPeer = new LongAdder();
    private final AtomicLong open = new AtomicLong();
    private final AtomicLong peakOpen = new AtomicLong();
    private final LongAdder requests = new LongAdder();
    private final LongAdder answers = new LongAdder();
    private final AtomicReference<String> noAnswerCause = new AtomicReference<>();

    /** Sockets whose TCP connect completed (the warm-up's dials included). */
    public long opened() {
        return opened.sum();
    }

    /** Connected sockets closed since, whoever closed them. */
    public long closed() {
        return closed.sum();
    }

    /**
     * Of {@link #closed()}, those the loader found already ended by the peer (EOF or a reset on a read or write, or
     * a pooled socket's idle probe), so closed only after the peer did. The rest the loader closed itself: idle cap,
     * idle timeout, a {@code Connection: close} answer, a deadline or cancel, its own shutdown.
     */
    public long closedByPeer() {
        return closedByPeer.sum();
    }

    /** Sockets open now. */
    public long open() {
        return open.get();
    }

    /** Most sockets open at once so far (exact: updated on every connect). */
    public long peakOpen() {
        return peakOpen.get();
    }

    /** HTTP requests sent or attempted, every attempt (as {@link ClientStats#requests()}, over every client). */
    public long requests() {
        return requests.sum();
    }

    /**
     * Requests that got an HTTP status line back, whatever the status (a 500 is an answer). A request cut before one
     * (connection refused, reset, timeout, the run's cancel) is not.
     */
    public long answers() {
        return answers.sum();
    }

    /**
     * Why the first request that got no answer failed, as its transport said it ({@code Connection refused},
     * {@code timeout}); null while none has failed that way. Calls the run's stop cancelled are not counted here.
     */
    public String noAnswerCause() {
        return noAnswerCause.get();
    }

    void onRequest() {
        requests.increment();
    }

    void onAnswer() {
        answers.increment();
    }

    void onNoAnswer(String cause) {
        if (noAnswerCause.get() == null) noAnswerCause.compareAndSet(null, cause);
    }

    void onOpened() {
        opened.increment();
        long n = open.incrementAndGet();
        if (n > peakOpen.get()) peakOpen.accumulateAndGet(n, Math::max);
    }

    void onClosed(boolean byPeer) {
        closed.increment();
        if (byPeer) closedByPeer.increment();
        open.decrementAndGet();
    }
}
