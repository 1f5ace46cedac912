package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.Message;
import dev.goload.client.QueenException;
import dev.goload.client.TestFailures;
import dev.goload.pace.NanoClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The one ack path: what each outcome counts, the async cap, the cut-off. */
class AcksTest {
    private static final List<Message> THREE = List.of(msg("a"), msg("b"), msg("c"));

    private static Message msg(String id) {
        return new Message(id, "pid", "l", "q", "p0", 0, new byte[0]);
    }

    private static final class Recorder implements AckTally {
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void ackAttempt() {
            events.add("attempt");
        }

        @Override
        public void answered(int size, AckResult r, long micros) {
            events.add("answered " + size + " ok=" + r.succeeded());
        }

        @Override
        public void failed(int size, QueenException e, long micros) {
            events.add("failed " + size + " " + QueenException.classify(e).label());
        }

        @Override
        public void canceled(int size, long micros) {
            events.add("canceled " + size);
        }

        @Override
        public void unbuildable(int size, RuntimeException e) {
            events.add("unbuildable " + size);
        }
    }

    private static AckResult okOf(int n) {
        boolean[] ok = new boolean[n];
        java.util.Arrays.fill(ok, true);
        return new AckResult(200, n, 0, ok, null, null);
    }

    @Test
    void aSyncAckCountsItsAnswerAndItsFailureByKind() throws Exception {
        Recorder rec = new Recorder();
        Acks ok = Acks.inline(m -> new AckResult(200, 2, 1, new boolean[] {true, false, true}, "x", null), rec,
                new RecordingLifetime(), NanoClock.SYSTEM);
        assertTrue(ok.ack(THREE));
        Acks bad = Acks.inline(m -> { throw TestFailures.http(503); }, rec, new RecordingLifetime(), NanoClock.SYSTEM);
        assertTrue(bad.ack(THREE));
        assertEquals(List.of("attempt", "answered 3 ok=2", "attempt", "failed 3 http_5xx"), rec.events);
    }

    @Test
    void anAckTheClientCannotBuildIsCountedAndDoesNotEscape() throws Exception {
        Recorder rec = new Recorder();
        Acks acks = Acks.inline(m -> { throw new IllegalArgumentException("no partitionId"); }, rec, new RecordingLifetime(),
                NanoClock.SYSTEM);
        assertTrue(acks.ack(THREE));
        assertEquals(List.of("attempt", "unbuildable 3"), rec.events);
    }

    @Test
    void aFailureAfterTheCutOffIsCountedAsCancelledNotAsAnError() throws Exception {
        Recorder rec = new Recorder();
        Acks acks = Acks.inline(m -> { throw TestFailures.http(500); }, rec, new RecordingLifetime(), NanoClock.SYSTEM);
        acks.cutOff();
        assertTrue(acks.ack(THREE));
        assertEquals(List.of("attempt", "canceled 3"), rec.events);
    }

    @Test
    void aCancelledAckIsCountedOnceAsCancelledWhetherTheLoopIsStoppingOrNot() throws Exception {
        Recorder rec = new Recorder();
        RecordingLifetime life = new RecordingLifetime();
        Acks acks = Acks.inline(m -> { throw TestFailures.of(ErrorKind.CANCELED); }, rec, life, NanoClock.SYSTEM);
        acks.ack(THREE);
        life.stopping = true;
        acks.ack(THREE);
        assertEquals(List.of("attempt", "canceled 3", "attempt", "canceled 3"), rec.events);
    }

    @Test
    void aBrokerFailureWhileStoppingBeforeTheCutOffIsStillAnError() throws Exception {
        Recorder rec = new Recorder();
        RecordingLifetime life = new RecordingLifetime();
        life.stopping = true;
        Acks acks = Acks.inline(m -> { throw TestFailures.http(503); }, rec, life, NanoClock.SYSTEM);
        acks.ack(THREE);
        assertEquals(List.of("attempt", "failed 3 http_5xx"), rec.events);
    }

    @Test
    void asyncAcksBlockOnTheCapAndGiveUpWhenTheLoopStops() throws Exception {
        Recorder rec = new Recorder();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        RecordingLifetime life = new RecordingLifetime();
        AtomicInteger live = new AtomicInteger();
        Acks acks = Acks.async(m -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return okOf(m.size());
        }, rec, 1, life, NanoClock.SYSTEM, live);
        assertTrue(acks.ack(THREE), "the first takes the only slot");
        assertTrue(entered.await(10, TimeUnit.SECONDS));
        assertFalse(acks.drain(50), "one ack still out");
        assertEquals(1, live.get(), "an async ack is a task of its own");
        CountDownLatch secondDone = new CountDownLatch(1);
        boolean[] second = new boolean[1];
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                second[0] = acks.ack(THREE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            secondDone.countDown();
        });
        // the second must be parked on the cap before the stop, or the stop would be tested without a wait
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING
                && System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        assertTrue(t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING,
                "the second never waited for the slot: " + t.getState());
        assertEquals(1, secondDone.getCount(), "the second waits for the slot");
        life.stopping = true;
        assertTrue(secondDone.await(10, TimeUnit.SECONDS));
        t.join();
        assertFalse(second[0], "stopped while waiting: not acked, nothing counted");
        release.countDown();
        assertTrue(acks.drain(10_000));
        assertEquals(List.of("attempt", "answered 3 ok=3"), rec.events);
    }
}
