package dev.goload.bench;

import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.RateCurve;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The send side of {@link PushFloor}: the openloop schedule ({@link ArrivalSchedule#uniform}, ramp included) and the
 * non-blocking writes on the lowest free socket, callable from whichever thread a {@link FloorPattern} sends on. Each
 * send's lateness (write instant minus scheduled instant) is recorded: latency is measured from the schedule, so a
 * pattern that sends late adds exactly this to every latency it reports.
 *
 * <p>Threading: {@link #sendDue} from any thread; one at a time by a claim (a caller finding it taken returns at once:
 * the holder sends what is due), so the schedule, the counters and the histogram have one writer at a time and are
 * published by the claim's release. Counters are read after the run.
 */
final class FloorSends {
    private final SocketChannel[] sockets;
    private final ByteBuffer[] views;
    private final AtomicIntegerArray busy;
    private final ArrivalSchedule schedule;
    private final long giveUpNanos;
    private final AtomicBoolean claim = new AtomicBoolean();
    final long start;
    final long end;
    /** The next scheduled instant (absolute nanoTime); {@code >= end}: the schedule is over. */
    private volatile long next;
    /** Write instant minus scheduled instant, nanoseconds: what every latency measured from the schedule carries. */
    final Histogram lateness = new Histogram(60_000_000_000L, 3);
    /**
     * The pattern's own share: per pass that finds a request due, the pass's start minus that request's instant,
     * left out after a pass that waited for a free socket (then the endpoint's lag made it late, not the wake-up).
     */
    final Histogram wakeLateness = new Histogram(60_000_000_000L, 3);
    private boolean waitedLastPass;
    long scheduled;
    long sent;
    long noFreeSocket;
    long socketWaits;
    long partialWrites;
    /** Passes of {@link #sendDue} that sent at least one request, by any thread. */
    long sendingPasses;
    /** When the due request started waiting for a free socket (0: not waiting). */
    private long waitingSince;
    private boolean gaveUp;

    FloorSends(SocketChannel[] sockets, ByteBuffer[] views, AtomicIntegerArray busy, PushFloor.Config c) {
        this.sockets = sockets;
        this.views = views;
        this.busy = busy;
        this.schedule = ArrivalSchedule.uniform(new RateCurve(c.requestsPerSecond(), c.rampSeconds()));
        this.giveUpNanos = c.drainMillis() * 1_000_000L;
        this.start = System.nanoTime();
        this.end = start + (long) (c.durationSeconds() * 1e9);
        this.next = start + schedule.nextOffsetNanos();
    }

    long next() {
        return next;
    }

    boolean over() {
        return next >= end;
    }

    /**
     * Sends every request due by now. With no free socket it waits for one ({@code mayWait}: parking, as the split
     * sender does; otherwise it returns and the caller comes back after its next read, which frees sockets), at most
     * the give-up time, then counts the request as not sent and from then on sends only when a socket is free.
     *
     * @return false when another thread holds the claim (it sends what is due)
     */
    boolean sendDue(boolean mayWait) throws IOException {
        if (!claim.compareAndSet(false, true)) return false;
        try {
            boolean any = false;
            long n = next;
            long t0 = System.nanoTime();
            if (n <= t0 && n < end && !waitedLastPass) wakeLateness.recordValue(t0 - n);
            long waitsBefore = socketWaits;
            for (;;) {
                long now = System.nanoTime(); // per send: a write takes microseconds, the next one is that much later
                if (n > now || n >= end) break;
                int i = freeSocket();
                if (i < 0) {
                    if (waitForSocket(now, mayWait)) continue;
                    break;
                }
                waitingSince = 0;
                if (i < sockets.length) write(i, now - n);
                scheduled++;
                any = true;
                n = start + schedule.nextOffsetNanos();
            }
            next = n;
            if (any) sendingPasses++;
            waitedLastPass = socketWaits != waitsBefore || waitingSince != 0;
            return true;
        } finally {
            claim.set(false);
        }
    }

    /** The lowest socket taken, {@code sockets.length} when the request is given up (not sent), -1 when none is free. */
    private int freeSocket() {
        for (int i = 0; i < sockets.length; i++) if (busy.compareAndSet(i, 0, 1)) return i;
        if (gaveUp) { // a socket never came back (a lost answer, a dead reader): waiting again is pointless
            noFreeSocket++;
            return sockets.length;
        }
        return -1;
    }

    /** Whether to look for a free socket again now (after a park when {@code mayWait}). */
    private boolean waitForSocket(long now, boolean mayWait) {
        if (waitingSince == 0) {
            socketWaits++;
            waitingSince = now;
        } else if (now - waitingSince > giveUpNanos) {
            gaveUp = true;
            return true; // freeSocket now gives the request up
        }
        if (!mayWait) return false;
        LockSupport.parkNanos(this, 20_000);
        return true;
    }

    private void write(int i, long lateNanos) throws IOException {
        lateness.recordValue(Math.max(0, lateNanos));
        ByteBuffer b = views[i].clear();
        sockets[i].write(b);
        if (b.hasRemaining()) {
            partialWrites++;
            while (b.hasRemaining()) {
                Thread.onSpinWait();
                sockets[i].write(b);
            }
        }
        sent++;
    }
}
