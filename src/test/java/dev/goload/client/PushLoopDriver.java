package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Drives a {@link PushLoop} in tests: its pacer sends the pushes asked for ({@link #sequential}: each once the
 * previous one has its outcome; else all at once), and every outcome ({@link PushResult} or {@link QueenException})
 * is queued for the test thread. Test-only.
 */
final class PushLoopDriver implements PushLoop.Pacer, PushLoop.Listener<Integer>, AutoCloseable {
    static final byte[] PAYLOAD = "{\"n\":1}".getBytes(StandardCharsets.UTF_8);
    /** A 2xx answer for a push of one item. */
    static final String ONE_QUEUED = RawHttpServer.answer("201 Created", "[{\"index\":0,\"status\":\"queued\"}]");

    private final BlockingQueue<Object> outcomes = new LinkedBlockingQueue<>();
    private final PushLoop<Integer> loop;
    private final int pushes;
    private final boolean sequential;
    private final byte[] payload;
    /** Sequential pushes: how long after an outcome the next push goes (set before {@link #start}). */
    long gapNanos;
    // outcomes come on the reader thread, launches on the sender thread
    private volatile long lastOutcomeNanos;
    private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
    // sender thread only
    private int sent;
    volatile int sending;

    PushLoopDriver(QueenClient client, int pushes, boolean sequential) throws IOException {
        this(client, pushes, sequential, PAYLOAD);
    }

    PushLoopDriver(QueenClient client, int pushes, boolean sequential, byte[] payload) throws IOException {
        this.payload = payload;
        this.loop = client.pushLoop(System::nanoTime, 0, this);
        this.pushes = pushes;
        this.sequential = sequential;
    }

    PushLoop<Integer> loop() {
        return loop;
    }

    PushLoopDriver start() {
        loop.start(this);
        return this;
    }

    @Override
    public long advance(long now) {
        while (sent < pushes && (!sequential || (open.get() == 0 && (sent == 0 || now - lastOutcomeNanos >= gapNanos)))) {
            open.incrementAndGet();
            loop.push("q", "p", payload, 1, sent++);
        }
        return now + 200_000; // look again soon: a sequential push goes once the previous one has its outcome
    }

    @Override
    public void sending(Integer tag) {
        sending++;
    }

    @Override
    public void answered(Integer tag, PushResult result) {
        lastOutcomeNanos = System.nanoTime();
        open.decrementAndGet();
        outcomes.add(result);
    }

    @Override
    public void failed(Integer tag, QueenException failure) {
        lastOutcomeNanos = System.nanoTime();
        open.decrementAndGet();
        outcomes.add(failure);
    }

    /** The next outcome (fails the test after 10 s). */
    Object next() throws InterruptedException {
        Object o = outcomes.poll(10, TimeUnit.SECONDS);
        assertNotNull(o, "no outcome within 10 s");
        return o;
    }

    PushResult nextResult() throws InterruptedException {
        Object o = next();
        if (o instanceof QueenException e) throw new AssertionError("push failed: " + e.getMessage(), e);
        return (PushResult) o;
    }

    QueenException nextFailure() throws InterruptedException {
        Object o = next();
        assertInstanceOf(QueenException.class, o, "expected a failure, got " + o);
        return (QueenException) o;
    }

    /** Every outcome of the {@code pushes} pushes, in arrival order. */
    java.util.List<Object> all() throws InterruptedException {
        java.util.List<Object> l = new java.util.ArrayList<>();
        for (int i = 0; i < pushes; i++) l.add(next());
        return l;
    }

    @Override
    public void close() throws InterruptedException {
        loop.stopOffering(5_000);
        loop.join(5_000);
    }
}
