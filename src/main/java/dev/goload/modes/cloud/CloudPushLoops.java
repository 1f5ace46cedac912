package dev.goload.modes.cloud;

import dev.goload.client.PushLoop;
import dev.goload.client.PushResult;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.pace.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;

/**
 * Cloud's pushes on the push loop: one {@link PushLoop} per distinct tenant client (each with its own
 * reader thread and the client's headers, sockets and idle allowance), every one driven by the one
 * {@link dev.goload.pace.PacerGroup} thread ({@link PushLoop#startDriven}): a launch writes its request non-blocking
 * right on the pacer's thread, the client's reader reports the answer. No thread per request.
 *
 * <p>Taken where every client is {@link PushLoop#eligible} (plain http on the http1 engine, one attempt) and there
 * are at most {@value #MAX_LOOPS} distinct clients (a reader thread, a selector and their buffers per client would
 * outweigh what they spare at thousands of tenant clients); otherwise, and under {@code GOLOAD_PUSH_LOOP=0}, a
 * virtual thread per request on the blocking client.
 *
 * <p>Outcomes are accounted as on the blocking path ({@link CloudPushes}); the {@code dup-push} fault's re-push,
 * due after an answer (on the reader thread, which must not block or push), goes out on a virtual thread through the
 * blocking client. {@code done} runs once per launched request, after its last outcome.
 *
 * <p>Threading: {@link #push} on the pacer's thread; outcomes on the loops' reader threads.
 */
final class CloudPushLoops implements PushLoop.Listener<CloudPush> {
    static final int MAX_LOOPS = 32;

    private final Map<QueenClient, PushLoop<CloudPush>> loops = new IdentityHashMap<>();
    private final CloudPushes pushes;
    private final Runnable done;
    private final ThreadFactory threads;

    private CloudPushLoops(CloudPushes pushes, Runnable done, ThreadFactory threads) {
        this.pushes = pushes;
        this.done = done;
        this.threads = threads;
    }

    /**
     * The loops of {@code clients}, built before the warm-up (which dials up to {@code dialAhead} sockets of each),
     * or null when the pushes take the virtual-thread path ({@code enabled} false, or see the class comment).
     */
    static CloudPushLoops open(List<QueenClient> clients, boolean enabled, NanoClock clock, int dialAhead,
                               CloudPushes pushes, Runnable done, ThreadFactory threads) {
        List<QueenClient> distinct = clients.stream().distinct().toList();
        if (!enabled || distinct.isEmpty() || distinct.size() > MAX_LOOPS
                || !distinct.stream().allMatch(PushLoop::eligible)) {
            return null;
        }
        CloudPushLoops l = new CloudPushLoops(pushes, done, threads);
        try {
            for (QueenClient c : distinct) {
                // registered with the client as soon as made: closed with it, even when a later one fails here
                l.loops.put(c, c.pushLoop(clock::nanoTime, dialAhead, l));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("push loop: " + e.getMessage(), e);
        }
        return l;
    }

    /** Starts every loop's reader; the caller's pacer thread is their sender from now on. */
    void start() {
        for (PushLoop<CloudPush> l : loops.values()) {
            l.startDriven();
        }
    }

    /** Pacer thread: sends {@code p} on its tenant's client's loop. */
    void push(CloudPush p) {
        loops.get(p.tenant.client).push(p.items, p);
    }

    /** The pacer thread has ended: each reader ends once what is in flight has its outcome. */
    void stopOffering() throws InterruptedException {
        for (PushLoop<CloudPush> l : loops.values()) {
            l.stopOffering(0);
        }
    }

    @Override
    public void sending(CloudPush p) {
        p.sentNanos = pushes.sender().begin(p.launchedNanos);
    }

    @Override
    public void answered(CloudPush p, PushResult result) {
        boolean accepted = pushes.account(p, pushes.sender().answered(result, p.scheduledNanos, p.sentNanos));
        CloudPush again = accepted ? pushes.duplicateIfDue(p) : null;
        if (again == null) {
            done.run();
            return;
        }
        threads.newThread(() -> {
            try {
                pushes.sendOne(again);
            } finally {
                done.run();
            }
        }).start();
    }

    @Override
    public void failed(CloudPush p, QueenException failure) {
        pushes.account(p, pushes.sender().failed(failure, p.scheduledNanos));
        done.run();
    }
}
