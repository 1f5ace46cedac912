package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The dial limiter: slots up to its size at once, FIFO hand-over, a cancel or an interrupt ends a wait at once. */
class DialSlotsTest {
    private static final long WAIT_SECONDS = 20; // only a broken limiter waits this long

    @Test
    void slotsUpToTheLimitAreTakenWithoutWaiting() throws InterruptedIOException {
        DialSlots slots = new DialSlots(2);
        slots.acquire(() -> false);
        slots.acquire(() -> false);
        assertEquals(0, slots.free());
        slots.release();
        slots.release();
        assertEquals(2, slots.free());
    }

    @Test
    void aReleaseHandsTheSlotToTheLongestWaiter() throws Exception {
        DialSlots slots = new DialSlots(1);
        slots.acquire(() -> false);
        CompletableFuture<Throwable> first = waitFor(slots, () -> false);
        await(() -> slots.queued() == 1);
        CompletableFuture<Throwable> second = waitFor(slots, () -> false);
        await(() -> slots.queued() == 2);
        slots.release();
        assertNull(first.get(WAIT_SECONDS, TimeUnit.SECONDS), "the first waiter got the slot");
        assertFalse(second.isDone(), "one slot, one holder");
        assertEquals(1, slots.queued(), "the second still waits, not granted");
        assertEquals(0, slots.free(), "handed over, not freed");
        slots.release();
        assertNull(second.get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void aCancelEndsTheWaitAndItsSlotGoesToTheNextWaiter() throws Exception {
        DialSlots slots = new DialSlots(1);
        slots.acquire(() -> false);
        AtomicBoolean canceled = new AtomicBoolean();
        CompletableFuture<Throwable> cancelled = new CompletableFuture<>();
        Thread cancelledThread = Thread.ofVirtual().start(() -> run(slots, canceled::get, cancelled));
        await(() -> slots.queued() == 1);
        CompletableFuture<Throwable> next = waitFor(slots, () -> false);
        await(() -> slots.queued() == 2);
        canceled.set(true);
        DialSlots.wake(cancelledThread);
        Throwable t = cancelled.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertInstanceOf(InterruptedIOException.class, t);
        assertEquals("canceled", t.getMessage());
        slots.release();
        assertNull(next.get(WAIT_SECONDS, TimeUnit.SECONDS), "the cancelled waiter was skipped");
        slots.release();
        assertEquals(1, slots.free(), "no slot lost, none made up");
    }

    @Test
    void anAlreadyCancelledRequestDoesNotQueue() throws InterruptedIOException {
        DialSlots slots = new DialSlots(1);
        slots.acquire(() -> false);
        assertThrows(InterruptedIOException.class, () -> slots.acquire(() -> true));
        assertEquals(0, slots.queued());
    }

    @Test
    void anInterruptEndsTheWaitAndKeepsTheInterruptStatus() throws Exception {
        DialSlots slots = new DialSlots(1);
        slots.acquire(() -> false);
        CompletableFuture<Boolean> stillInterrupted = new CompletableFuture<>();
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            run(slots, () -> false, failure);
            stillInterrupted.complete(Thread.currentThread().isInterrupted());
        });
        await(() -> slots.queued() == 1);
        waiter.interrupt();
        assertInstanceOf(InterruptedIOException.class, failure.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(stillInterrupted.get(WAIT_SECONDS, TimeUnit.SECONDS));
        slots.release();
        assertEquals(1, slots.free());
    }

    private static CompletableFuture<Throwable> waitFor(DialSlots slots, BooleanSupplier canceled) {
        CompletableFuture<Throwable> f = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> run(slots, canceled, f));
        return f;
    }

    private static void run(DialSlots slots, BooleanSupplier canceled, CompletableFuture<Throwable> f) {
        try {
            slots.acquire(canceled);
            f.complete(null);
        } catch (Throwable t) {
            f.complete(t);
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached");
            Thread.sleep(5);
        }
    }
}
