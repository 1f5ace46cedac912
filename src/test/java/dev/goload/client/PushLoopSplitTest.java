package dev.goload.client;

import static dev.goload.client.PushLoopDriver.ONE_QUEUED;
import static dev.goload.client.PushLoopDriver.PAYLOAD;
import static dev.goload.client.RawHttpServer.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The push loop's two threads (issue #15): an answer is read and reported by the reader while the sender waits for
 * its next send, so its latency never includes that wait; a listener that throws fails that exchange only; a reader
 * that dies anyway fails every exchange it held and every later push, so no outcome (no count) is lost; a dial ahead
 * never races the loop's threads.
 */
class PushLoopSplitTest extends Http1EngineTestSupport {
    /** One outcome: the tag, the failure's kind (null when answered) and the thread that reported it. */
    record Outcome(int tag, ErrorKind failure, String thread) {}

    /** Queues every outcome; {@code onAnswer} runs first inside {@code answered} (it may throw). */
    private static final class Recorder implements PushLoop.Listener<Integer> {
        final BlockingQueue<Outcome> outcomes = new LinkedBlockingQueue<>();
        final AtomicInteger reported = new AtomicInteger();
        volatile IntConsumer onAnswer = tag -> { };

        @Override
        public void sending(Integer tag) {
        }

        @Override
        public void answered(Integer tag, PushResult result) {
            onAnswer.accept(tag);
            outcomes.add(new Outcome(tag, null, Thread.currentThread().getName()));
            reported.incrementAndGet();
        }

        @Override
        public void failed(Integer tag, QueenException failure) {
            outcomes.add(new Outcome(tag, failure.kind(), Thread.currentThread().getName()));
            reported.incrementAndGet();
        }

        Outcome next() throws InterruptedException {
            Outcome o = outcomes.poll(10, TimeUnit.SECONDS);
            assertNotNull(o, "no outcome within 10 s");
            return o;
        }
    }

    @Test
    void anAnswerIsReportedWhileTheSenderWaitsForASubMillisecondSendNotAtThatSend() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        Recorder rec = new Recorder();
        CountDownLatch answered = new CountDownLatch(1);
        rec.onAnswer = tag -> answered.countDown();
        AtomicInteger advances = new AtomicInteger();
        AtomicBoolean answeredBeforeSecondSend = new AtomicBoolean();
        try (QueenClient c = http1()) {
            PushLoop<Integer> loop = c.pushLoop(() -> 0L, 1, rec); // a frozen clock: the next send is 0.5 ms away
            loop.start(now -> {
                int n = advances.incrementAndGet();
                if (n == 1) {
                    loop.push("q", "p", PAYLOAD, 1, 0);
                    return now + 500_000;
                }
                if (n == 2) { // the sender's next pass, before its next send: the answer must be in already
                    try {
                        answeredBeforeSecondSend.set(answered.await(10, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    loop.push("q", "p", PAYLOAD, 1, 1);
                }
                return now + 500_000;
            });
            Outcome first = rec.next();
            assertEquals(new Outcome(0, null, "goload-push-reader"), first, "reported by the reader");
            assertEquals(1, rec.next().tag()); // push 1 goes after the flag is set: its outcome publishes it
            assertTrue(answeredBeforeSecondSend.get(),
                    "the answer was reported while the sender was still before its next send");
            loop.stopOffering(5_000);
            assertTrue(loop.join(5_000));
        }
    }

    @Test
    void aListenerThatThrowsFailsThatExchangeAsOtherAndTheLoopGoesOn() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        Recorder rec = new Recorder();
        rec.onAnswer = tag -> {
            if (tag == 0) throw new IllegalStateException("listener bug");
        };
        AtomicInteger sent = new AtomicInteger();
        try (QueenClient c = http1()) {
            PushLoop<Integer> loop = c.pushLoop(System::nanoTime, 1, rec);
            loop.start(now -> { // one at a time, three in all
                if (sent.get() < 3 && rec.reported.get() == sent.get()) loop.push("q", "p", PAYLOAD, 1, sent.getAndIncrement());
                return now + 200_000;
            });
            assertEquals(new Outcome(0, ErrorKind.OTHER, "goload-push-reader"), rec.next(),
                    "the exchange whose listener threw is counted failed, as an internal error");
            assertEquals(1, rec.next().tag());
            assertEquals(2, rec.next().tag());
            assertEquals(1, c.stats().errorsByKind().getOrDefault(ErrorKind.OTHER, 0L).longValue());
            loop.stopOffering(5_000);
            assertTrue(loop.join(5_000));
        }
    }

    @Test
    void aReaderThatDiesFailsEveryExchangeItHeldAndEveryLaterPush() throws Exception {
        server.script(send(ONE_QUEUED)).otherwise(silence());
        Recorder rec = new Recorder();
        rec.onAnswer = tag -> {
            throw new AssertionError("an Error the loop does not catch per exchange");
        };
        AtomicBoolean later = new AtomicBoolean();
        AtomicInteger sent = new AtomicInteger();
        try (QueenClient c = http1()) {
            PushLoop<Integer> loop = c.pushLoop(System::nanoTime, 3, rec);
            loop.start(now -> {
                while (sent.get() < 3) loop.push("q", "p", PAYLOAD, 1, sent.getAndIncrement());
                if (later.compareAndSet(true, false)) loop.push("q", "p", PAYLOAD, 1, sent.getAndIncrement());
                return now + 1_000_000;
            });
            java.util.Set<Integer> failed = new java.util.HashSet<>();
            for (int i = 0; i < 2; i++) { // the two held in silence; the answered one died in its listener
                Outcome o = rec.next();
                assertEquals(ErrorKind.OTHER, o.failure(), o.toString());
                failed.add(o.tag());
            }
            assertEquals(2, failed.size());
            later.set(true);
            Outcome o = rec.next();
            assertEquals(new Outcome(3, ErrorKind.OTHER, "goload-push-sender"), o, "a push after the death fails at once");
            loop.stopOffering(5_000);
            assertTrue(loop.join(5_000), "the loop still stops");
        }
    }

    @Test
    void aDialAheadAfterTheStartDialsNothing() throws Exception {
        server.otherwise(send(ONE_QUEUED));
        try (QueenClient c = http1(); PushLoopDriver d = new PushLoopDriver(c, 1, true)) {
            d.start();
            assertEquals(0, d.loop().dialAhead(4), "the loop's threads own the sockets once started");
            d.nextResult();
            assertEquals(1, server.accepted(), "only the push's own socket was dialled");
        }
    }
}
