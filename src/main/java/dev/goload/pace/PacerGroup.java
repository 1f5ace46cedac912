package dev.goload.pace;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Drives many {@link OpenLoopPacer}s from one platform thread: advance every pacer that is due, then park until
 * the earliest next instant of any of them. A cloud run has one pacer per (tenant, producer) — hundreds or
 * thousands — and a platform thread per pacer would cost a stack and a scheduler entry each; this costs one
 * thread and a priority queue, {@code O(log n)} per due pacer.
 *
 * <p>Each pacer keeps its own semantics (never blocks, sheds {@code CAP}/{@code BEHIND}, latency from the
 * scheduled instant): the group only decides when to call {@link OpenLoopPacer#advance(long)}. Oversleeping is not
 * lost — a late wake offers everything that became due.
 *
 * <p>Threading: {@link #add} before {@link #start()}; {@link #advanceDue(long)} belongs to the driver thread (or a
 * test, with an injected clock, instead of starting the thread); {@link #stop()} and {@link #join} from any thread.
 */
public final class PacerGroup {
    private record Entry(OpenLoopPacer pacer, long next) {}

    private final NanoClock clock;
    private final List<OpenLoopPacer> pacers = new ArrayList<>();
    private final PriorityQueue<Entry> queue = new PriorityQueue<>((a, b) -> Long.compare(a.next, b.next));
    private final Thread thread;
    private volatile boolean stopped;
    private boolean seeded;

    public PacerGroup(String name, NanoClock clock) {
        this.clock = clock;
        this.thread = Thread.ofPlatform().name(name).daemon(true).priority(Thread.MAX_PRIORITY).unstarted(this::loop);
    }

    /** Adds a pacer; its first request is considered due at once (the pacer skips it until its base). */
    public PacerGroup add(OpenLoopPacer pacer) {
        if (seeded) {
            throw new IllegalStateException("pacers must be added before the group runs");
        }
        pacers.add(pacer);
        return this;
    }

    public List<OpenLoopPacer> pacers() {
        return List.copyOf(pacers);
    }

    /**
     * Advances every pacer due at or before {@code now}.
     *
     * @return the earliest next instant over all pacers, or {@code Long.MAX_VALUE} when every schedule has ended
     */
    public long advanceDue(long now) {
        if (!seeded) {
            seeded = true;
            for (OpenLoopPacer p : pacers) {
                queue.add(new Entry(p, Long.MIN_VALUE));
            }
        }
        while (!queue.isEmpty() && queue.peek().next <= now) {
            Entry e = queue.poll();
            long next = e.pacer.advance(now);
            if (next != Long.MAX_VALUE) {
                queue.add(new Entry(e.pacer, next));
            }
        }
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peek().next;
    }

    public PacerGroup start() {
        thread.start();
        return this;
    }

    private void loop() {
        while (!stopped) {
            long next = advanceDue(clock.nanoTime());
            if (next == Long.MAX_VALUE) {
                return;
            }
            long wait = next - clock.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
            }
        }
        // A timed run stops the group at its end instant; if the driver was parked or late then, requests due before
        // the end would be neither offered nor shed. One last pass accounts for them (none are due after the end).
        advanceDue(clock.nanoTime());
    }

    /** Stops offering once what is already due has been offered; requests already launched are not affected. */
    public void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    public boolean join(long millis) throws InterruptedException {
        if (thread.getState() == Thread.State.NEW) {
            return true;
        }
        return thread.join(java.time.Duration.ofMillis(millis));
    }
}
