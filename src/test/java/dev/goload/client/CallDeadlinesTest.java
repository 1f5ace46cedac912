package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The one watchdog of every call deadline: deadlines fire when due and not before, a cancel that throws costs
 * only itself, and a watchdog killed by an Error is replaced with the remaining deadlines still fired. The wheel:
 * a sweep looks only at the deadlines of the ticks that passed, whatever else is in flight.
 */
class CallDeadlinesTest {
    private static final long MS = 1_000_000L;

    private final AtomicLong now = new AtomicLong(1_000 * MS);
    private final CallDeadlines deadlines = new CallDeadlines(now::get, false);

    @Test
    void aDeadlineFiresWhenDueAndNotBefore() {
        AtomicInteger fired = new AtomicInteger();
        CallDeadlines.Entry e = deadlines.add(fired::incrementAndGet, 30);
        deadlines.sweep(now.get() + 30 * MS - 1);
        assertEquals(0, fired.get());
        assertFalse(e.timedOut());
        deadlines.sweep(now.get() + 30 * MS);
        assertEquals(1, fired.get());
        assertTrue(e.timedOut());
        deadlines.sweep(now.get() + 60 * MS);
        assertEquals(1, fired.get(), "fired once");
    }

    @Test
    void aFinishedCallNeverTimesOut() {
        AtomicInteger fired = new AtomicInteger();
        CallDeadlines.Entry e = deadlines.add(fired::incrementAndGet, 30);
        deadlines.remove(e);
        deadlines.sweep(now.get() + 60 * MS);
        assertEquals(0, fired.get());
        assertFalse(e.timedOut());
    }

    @Test
    void aThrowingCancelDoesNotStopTheOtherDeadlines() {
        AtomicInteger fired = new AtomicInteger();
        CallDeadlines.Entry bad = deadlines.add(() -> {
            throw new IllegalStateException("cancel failed");
        }, 10);
        for (int i = 0; i < 5; i++) deadlines.add(fired::incrementAndGet, 10); // due in the same sweep
        deadlines.add(fired::incrementAndGet, 20);
        deadlines.sweep(now.get() + 10 * MS);
        assertEquals(5, fired.get(), "every deadline due with the throwing one fired");
        assertTrue(bad.timedOut(), "the failed call still counts as timed out");
        assertEquals(1, deadlines.cancelFailures());
        deadlines.sweep(now.get() + 20 * MS);
        assertEquals(6, fired.get(), "later deadlines fire too");
    }

    @Test
    void aSweepLooksOnlyAtTheTicksThatPassed() {
        AtomicInteger fired = new AtomicInteger();
        for (int i = 0; i < 10_000; i++) deadlines.add(fired::incrementAndGet, 25_000); // parked long-polls
        long start = now.get();
        for (long t = CallDeadlines.TICK_MILLIS; t <= 1_000; t += CallDeadlines.TICK_MILLIS) {
            deadlines.sweep(start + t * MS);
        }
        assertEquals(0, deadlines.examined(), "a second of sweeps looked at calls due in 25 s");
        deadlines.sweep(start + 25_000 * MS);
        assertEquals(10_000, fired.get());
    }

    @Test
    void deadlinesSpreadOverTicksFireEachInItsOwnSweep() {
        AtomicInteger fired = new AtomicInteger();
        for (int ms = 1; ms <= 200; ms++) deadlines.add(fired::incrementAndGet, ms);
        long start = now.get();
        for (int ms = 1; ms <= 200; ms++) {
            deadlines.sweep(start + ms * MS);
            assertEquals(ms, fired.get(), "at " + ms + " ms exactly the deadlines due by then have fired");
        }
    }

    @Test
    void aDeadlineBeyondOneRevolutionFiresWhenDueNotWhenItsSlotComesRound() {
        AtomicInteger fired = new AtomicInteger();
        long revolutionMs = CallDeadlines.SLOTS * CallDeadlines.TICK_MILLIS;
        long start = now.get();
        deadlines.add(fired::incrementAndGet, (int) (revolutionMs + 30));
        for (long t = CallDeadlines.TICK_MILLIS; t < revolutionMs + 30; t += CallDeadlines.TICK_MILLIS) {
            deadlines.sweep(start + t * MS);
        }
        assertEquals(0, fired.get(), "fired a revolution early");
        deadlines.sweep(start + (revolutionMs + 30) * MS);
        assertEquals(1, fired.get());
    }

    @Test
    void aLateSweepFiresEverythingDueInTheTicksItMissed() {
        AtomicInteger fired = new AtomicInteger();
        for (int ms = 10; ms <= 5_000; ms += 10) deadlines.add(fired::incrementAndGet, ms);
        deadlines.add(fired::incrementAndGet, 60_000); // over a revolution away: not due
        deadlines.sweep(now.get() + 5_000 * MS); // the watchdog was stalled for 5 s
        assertEquals(500, fired.get());
        deadlines.sweep(now.get() + 100_000 * MS); // stalled for over a revolution
        assertEquals(501, fired.get());
    }

    @Test
    void aSweepKilledByAnErrorLeavesTheSlotsItDidNotReachToTheNextSweep() {
        AtomicInteger fired = new AtomicInteger();
        deadlines.add(() -> {
            throw new InternalError("simulated VM error inside a cancel");
        }, 10); // the first slot of the late sweep
        deadlines.add(fired::incrementAndGet, 30); // the next slot, never reached by the dying sweep
        assertThrows(InternalError.class, () -> deadlines.sweep(now.get() + 40 * MS));
        assertEquals(0, fired.get());
        deadlines.sweep(now.get() + 41 * MS); // the successor's first sweep
        assertEquals(1, fired.get(), "a deadline in a slot the dead sweep had passed over never fired");
    }

    @Test
    void aDeadlineAddedForATickAlreadySweptStillFires() {
        AtomicInteger fired = new AtomicInteger();
        deadlines.sweep(now.get() + 100 * MS); // the sweep ran ahead of the clock the caller read
        deadlines.add(fired::incrementAndGet, 1);
        deadlines.sweep(now.get() + 101 * MS);
        assertEquals(1, fired.get());
    }

    @Test
    void theWatchdogSurvivesAThrowingCancel() throws InterruptedException {
        CallDeadlines real = new CallDeadlines(System::nanoTime, true);
        real.add(() -> {
            throw new IllegalStateException("cancel failed");
        }, 1);
        CountDownLatch later = new CountDownLatch(1);
        real.add(later::countDown, 100);
        assertTrue(later.await(10, TimeUnit.SECONDS), "a deadline after the throwing cancel never fired");
        assertEquals(1, real.cancelFailures());
        assertEquals(0, real.restarts());
    }

    @Test
    void aWatchdogKilledByAnErrorIsReplacedAndLaterDeadlinesStillFire() throws InterruptedException {
        CallDeadlines real = new CallDeadlines(System::nanoTime, true);
        CountDownLatch killed = new CountDownLatch(1);
        real.add(() -> {
            killed.countDown();
            throw new InternalError("simulated VM error inside a cancel");
        }, 1);
        CountDownLatch later = new CountDownLatch(1);
        real.add(later::countDown, 200);
        assertTrue(killed.await(10, TimeUnit.SECONDS));
        assertTrue(later.await(10, TimeUnit.SECONDS), "the deadlines died with the watchdog");
        assertEquals(1, real.restarts());
        CountDownLatch afterRestart = new CountDownLatch(1);
        real.add(afterRestart::countDown, 1);
        assertTrue(afterRestart.await(10, TimeUnit.SECONDS), "deadlines registered after the restart fire");
    }
}
