package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunNote;
import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.Shard;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The one start gate, on an injected clock and waiter: T0 from the epoch onto the monotonic clock, the wait for it,
 * the late-arrival rule (tolerated up to 250 ms on T0's grid, refused beyond), and a stop that ends the wait.
 */
class StartGateTest {
    private static final Shard SHARD = new Shard(1, 4);
    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final NanoClock clock = now::get;
    private final EpochClock epoch = new EpochClock(clock);
    private final RunSignal signal = new RunSignal();
    private final List<RunNote> notes = new ArrayList<>();
    private final AtomicInteger pauses = new AtomicInteger();
    /** Moves the clock by what it was asked to wait (at most 1 s at a time), as the signal's timed wait would. */
    private final IntervalReporter.Waiter moving = (s, nanos) -> {
        pauses.incrementAndGet();
        now.addAndGet(Math.min(nanos, 1_000_000_000L));
        return false;
    };

    private CoordinatedStart.Start startIn(long nanosFromNow) {
        long ms = epoch.toEpochMillis(now.get() + nanosFromNow);
        return new CoordinatedStart.Start(ms, ms, null, null);
    }

    private StartGate.Began await(StartGate gate) throws Exception {
        return gate.await(clock, epoch, signal, notes::add, moving);
    }

    @Test
    void anUncoordinatedRunStartsNowWithoutANote() throws Exception {
        StartGate.Began b = await(new StartGate(Shard.SINGLE, StartGate.Source.NONE));
        assertEquals(now.get(), b.t0Nanos());
        assertNull(b.start());
        assertNull(b.lateMillis(), "no T0: the record has no lateness");
        assertFalse(b.stopped());
        assertTrue(notes.isEmpty());
    }

    @Test
    void aT0AheadIsWaitedForOnTheInjectedClockAndTheRunBeginsExactlyThere() throws Exception {
        CoordinatedStart.Start s = startIn(5_500_000_000L);
        StartGate gate = new StartGate(SHARD, e -> s);
        StartGate.Began b = await(gate);
        long t0 = epoch.toMonotonicNanos(s.localT0EpochMs() * 1_000_000L);
        assertEquals(t0, b.t0Nanos());
        assertEquals(t0, now.get(), "the wait ended at T0, not before, not after");
        assertEquals(6, pauses.get(), "5.5 s waited in steps of at most 1 s");
        assertEquals(List.of(new StartGate.Started(SHARD, s, 0)), notes, "the start is noted before the wait");
        assertEquals(0.0, b.lateMillis());
        assertEquals(b, gate.began());
    }

    @Test
    void aLoaderUpTo250MsLateStartsAtOnceOnT0sGridAndSaysHowLate() throws Exception {
        CoordinatedStart.Start s = startIn(-100_000_000L); // 100 ms ago (the epoch ms truncate: up to 101 ms)
        StartGate.Began b = await(new StartGate(SHARD, e -> s));
        assertEquals(epoch.toMonotonicNanos(s.localT0EpochMs() * 1_000_000L), b.t0Nanos(), "anchored on T0, not now");
        assertEquals(0, pauses.get());
        long late = ((StartGate.Started) notes.getFirst()).lateNanos();
        assertTrue(late >= 100_000_000L && late < 101_000_000L, "late " + late);
        assertEquals(late / 1e6, b.lateMillis());
    }

    @Test
    void aLoaderMoreThan250MsLateIsRefusedBeforeAnythingIsSent() {
        CoordinatedStart.Start s = startIn(-2_000_000_000L);
        StartGate.Refused e = assertThrows(StartGate.Refused.class, () -> await(new StartGate(SHARD, x -> s)));
        assertTrue(e.getMessage().matches("the coordinated start failed, nothing was sent: shard 1/4 reached T0 \\S+Z"
                + " 200[01] ms late, more than the 250 ms tolerated \\(.*\\)"), e.getMessage());
        assertTrue(notes.isEmpty(), "a refused start has no [shard] start line");
    }

    @Test
    void aBarrierRefusalOrAnUnreachableCoordinatorIsARefusedStartInTheSameWords() {
        StartGate.Refused a = assertThrows(StartGate.Refused.class, () -> await(new StartGate(SHARD, x -> {
            throw new IllegalStateException("shard 1 registered twice");
        })));
        assertEquals("the coordinated start failed, nothing was sent: shard 1 registered twice", a.getMessage());
        StartGate.Refused b = assertThrows(StartGate.Refused.class, () -> await(new StartGate(SHARD, x -> {
            throw new IOException("cannot reach the coordinator");
        })));
        assertEquals("the coordinated start failed, nothing was sent: cannot reach the coordinator", b.getMessage());
    }

    @Test
    void aStopDuringTheWaitForT0EndsItAtOnce() throws Exception {
        CoordinatedStart.Start s = startIn(3_600_000_000_000L); // an hour ahead
        IntervalReporter.Waiter stopping = (sig, nanos) -> {
            pauses.incrementAndGet();
            now.addAndGet(1_000_000_000L);
            return sig.stop("signal"); // Ctrl-C after the first second: the wait wakes, stopped
        };
        StartGate gate = new StartGate(SHARD, e -> s);
        StartGate.Began b = gate.await(clock, epoch, signal, notes::add, stopping);
        assertTrue(b.stopped());
        assertEquals(1, pauses.get(), "no further wait after the stop");
        assertEquals(now.get(), b.t0Nanos(), "a stopped run begins (and ends) now, not at T0");
        assertEquals(s, b.start(), "T0 was known: the record still names it");
    }

    @Test
    void aStopWhileTheCoordinatorHoldsTheRegistrationCancelsItAndIsNotARefusal() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        StartGate gate = new StartGate(SHARD, new StartGate.Source() {
            @Override
            public CoordinatedStart.Start await(EpochClock e) throws InterruptedException {
                asked.countDown();
                cancelled.await(); // the coordinator holds the registration until all shards are ready
                throw new CancellationException("the run was stopped");
            }

            @Override
            public void cancel() {
                cancelled.countDown();
            }
        });
        AtomicReference<Object> out = new AtomicReference<>();
        Thread engine = Thread.ofPlatform().start(() -> {
            try {
                out.set(await(gate));
            } catch (Exception e) {
                out.set(e);
            }
        });
        assertTrue(asked.await(30, TimeUnit.SECONDS));
        signal.stop("signal");
        engine.join(30_000);
        assertFalse(engine.isAlive(), "the stop ended the registration's wait");
        StartGate.Began b = (StartGate.Began) out.get();
        assertTrue(b.stopped());
        assertNull(b.start());
        assertTrue(notes.isEmpty());
    }

    @Test
    void aRunStoppedBeforeTheGateDoesNotRegisterAtAll() throws Exception {
        signal.stop("signal");
        StartGate.Began b = await(new StartGate(SHARD, e -> {
            throw new AssertionError("a stopped run must not register at the barrier");
        }));
        assertTrue(b.stopped());
        assertEquals(now.get(), b.t0Nanos());
    }
}
