package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.client.ErrorKind;
import dev.goload.client.Message;
import dev.goload.client.PopResult;
import dev.goload.client.QueenException;
import dev.goload.client.TestFailures;
import dev.goload.metrics.BackoffStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The one consumer loop against a scripted pop source, a recording lifetime and a fixed epoch clock. */
class ConsumerLoopTest {
    private static final long NOW = 1_700_000_000_000_000_000L;
    /** Jitter that always draws the top of its range, so a grown pause is asserted exactly: d of [d/2, d]. */
    private static final RandomGenerator TOP_OF_RANGE = new RandomGenerator() {
        @Override
        public long nextLong() {
            return -1L;
        }

        @Override
        public long nextLong(long bound) {
            return bound - 1;
        }
    };

    /** Plays pop outcomes in order: a {@link PopResult}, a {@link QueenException}, or a Runnable run in between. */
    private static final class Script implements PopCall {
        final Deque<Object> steps = new ArrayDeque<>();
        final RecordingLifetime life;
        int calls;

        Script(RecordingLifetime life, Object... steps) {
            this.life = life;
            this.steps.addAll(List.of(steps));
        }

        @Override
        public PopResult pop() {
            calls++;
            while (steps.peek() instanceof Runnable r) {
                steps.poll();
                r.run();
            }
            Object s = steps.poll();
            if (steps.isEmpty()) {
                life.stopping = true;
            }
            if (s instanceof QueenException e) throw e;
            return (PopResult) s;
        }
    }

    private static final class CountingTally implements PopTally {
        int attempts;
        int answered;
        int empty;
        int canceled;
        final List<ErrorKind> failed = new ArrayList<>();

        @Override
        public void attempt() {
            attempts++;
        }

        @Override
        public void answered() {
            answered++;
        }

        @Override
        public void empty() {
            empty++;
        }

        @Override
        public void failed(QueenException e) {
            failed.add(QueenException.classify(e));
        }

        @Override
        public void canceled() {
            canceled++;
        }
    }

    private static PopResult empty() {
        return new PopResult(204, List.of(), null);
    }

    private static PopResult batch(int n) {
        List<Message> msgs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            msgs.add(new Message("t" + i, "pid", "l", "q", "p0", 0, new byte[0]));
        }
        return new PopResult(200, msgs, "l");
    }

    private record Run(CountingTally tally, RecordingLifetime life, List<Integer> batches, List<Long> epochs,
                       List<Long> popMicros, BackoffStats backoff, AtomicInteger live, int calls) {
    }

    private static Run run(ConsumerPolicy policy, BatchHandler handler, Object... steps) {
        RecordingLifetime life = new RecordingLifetime();
        Script script = new Script(life, steps);
        CountingTally tally = new CountingTally();
        List<Integer> batches = new ArrayList<>();
        List<Long> epochs = new ArrayList<>();
        List<Long> popMicros = new ArrayList<>();
        AtomicLong clock = new AtomicLong(NOW);
        BackoffStats stats = new BackoffStats();
        AtomicInteger live = new AtomicInteger();
        BatchHandler recording = (msgs, at, micros) -> {
            batches.add(msgs.size());
            epochs.add(at);
            popMicros.add(micros);
            return handler.handle(msgs, at, micros);
        };
        // every reading of the epoch clock advances it 2 µs: a pop takes 2 µs
        new ConsumerLoop(policy, life, script, tally, recording, () -> clock.getAndAdd(2_000), live, stats,
                TOP_OF_RANGE).run();
        return new Run(tally, life, batches, epochs, popMicros, stats, live, script.calls);
    }

    private static final BatchHandler KEEP_GOING = (m, t, d) -> true;
    private static final ConsumerPolicy MAX = new ConsumerPolicy(5, 2, false);
    private static final ConsumerPolicy CLOUD_LONG_POLL =
            new ConsumerPolicy(20, ConsumerPolicy.emptySleep(5, true, false), true);
    private static final ConsumerPolicy TENANTS = new ConsumerPolicy(250, 0, false);

    @Test
    void maxCountsEveryOutcomeAndPausesTheReferenceAmounts() {
        Run r = run(MAX, KEEP_GOING, batch(3), empty(), TestFailures.http(500), batch(2), empty());
        assertEquals(5, r.tally.attempts);
        assertEquals(4, r.tally.answered, "a failed pop is no answer");
        assertEquals(2, r.tally.empty);
        assertEquals(List.of(ErrorKind.HTTP_5XX), r.tally.failed);
        assertEquals(List.of(3, 2), r.batches);
        assertEquals(List.of(NOW + 2_000, NOW + 12_000), r.epochs,
                "each batch stamped once, when its answer arrived, from the loop's epoch clock");
        assertEquals(List.of(2L, 2L), r.popMicros);
        assertEquals(List.of(2L, 5L, 2L), r.life.pauses, "empty sleep 2 ms, error base 5 ms");
        assertEquals(0, r.live.get(), "the loop leaves liveTasks as it found it");
    }

    @Test
    void maxSleepsAfterAnEmptyPopEvenWhileLongPolling() {
        assertEquals(2, ConsumerPolicy.emptySleep(2, true, true));
        assertEquals(0, ConsumerPolicy.emptySleep(5, true, false), "cloud/app skip it while long-polling");
        assertEquals(5, ConsumerPolicy.emptySleep(5, false, false));
    }

    @Test
    void aLongPollingCloudConsumerPopsAgainAtOnceAfterAnEmptyAnswer() {
        Run r = run(CLOUD_LONG_POLL, KEEP_GOING, empty(), empty(), batch(1));
        assertEquals(2, r.tally.empty);
        assertEquals(List.of(), r.life.pauses);
    }

    @Test
    void connectionFailuresGrowThePauseFromTheModesBaseAndASuccessResetsIt() {
        Run r = run(TENANTS, KEEP_GOING, TestFailures.of(ErrorKind.CONN), TestFailures.of(ErrorKind.CONN),
                batch(1), TestFailures.of(ErrorKind.CONN), batch(1));
        assertEquals(3, r.life.pauses.size());
        assertEquals(250L, r.life.pauses.get(0), "the first failure of a streak pauses the base");
        assertEquals(500L, r.life.pauses.get(1), "the second doubles (jitter at the top of [base, 2·base])");
        assertEquals(250L, r.life.pauses.get(2), "the batch in between ended the streak");
        assertEquals(1, r.backoff.backoffs(), "only the grown pause is a backoff");
        assertEquals(500L, r.backoff.backoffMillis());
    }

    @Test
    void anAnsweredFailureDoesNotGrowThePause() {
        Run r = run(MAX, KEEP_GOING, TestFailures.http(400), TestFailures.http(400), TestFailures.http(429), batch(1));
        assertEquals(List.of(5L, 5L, 5L), r.life.pauses);
        assertEquals(List.of(ErrorKind.HTTP_4XX, ErrorKind.HTTP_4XX, ErrorKind.HTTP_429), r.tally.failed);
        assertEquals(0, r.backoff.backoffs());
    }

    @Test
    void aPopCancelledWhileRunningIsCountedAsCancelledNotAsAnErrorAndTheLoopGoesOn() {
        Run r = run(MAX, KEEP_GOING, batch(1), TestFailures.of(ErrorKind.CANCELED), batch(9));
        // only the run cancels a call: never an error, whenever it comes; without the stop the loop goes on
        assertEquals(List.of(), r.tally.failed);
        assertEquals(1, r.tally.canceled);
        assertEquals(List.of(1, 9), r.batches);
    }

    @Test
    void theShutdownsCancelIsCountedOnceAsCancelledAndNoPauseIsTaken() {
        RecordingLifetime life = new RecordingLifetime();
        CountingTally tally = new CountingTally();
        PopCall pop = () -> {
            life.stopping = true;
            throw TestFailures.of(ErrorKind.CANCELED);
        };
        new ConsumerLoop(MAX, life, pop, tally, KEEP_GOING, () -> NOW, new AtomicInteger(), new BackoffStats()).run();
        assertEquals(List.of(), tally.failed);
        assertEquals(1, tally.canceled);
        assertEquals(0, tally.answered);
        assertEquals(1, tally.attempts);
        assertEquals(List.of(), life.pauses);
    }

    @Test
    void aFailureTheBrokerAnswersDuringShutdownIsStillCounted() {
        RecordingLifetime life = new RecordingLifetime();
        CountingTally tally = new CountingTally();
        PopCall pop = () -> {
            life.stopping = true;
            throw TestFailures.http(500);
        };
        new ConsumerLoop(MAX, life, pop, tally, KEEP_GOING, () -> NOW, new AtomicInteger(), new BackoffStats()).run();
        assertEquals(List.of(ErrorKind.HTTP_5XX), tally.failed);
        assertEquals(0, tally.canceled);
        assertEquals(List.of(), life.pauses, "no pause once stopping");
    }

    @Test
    void cloudEndsAConsumerOnACancelledPopEvenBeforeTheStop() {
        Run r = run(CLOUD_LONG_POLL, KEEP_GOING, TestFailures.of(ErrorKind.CANCELED), batch(4));
        assertEquals(List.of(), r.tally.failed);
        assertEquals(1, r.tally.canceled, "counted once, as cancelled");
        assertEquals(List.of(), r.batches, "the loop ended at the cancel");
        assertEquals(1, r.calls);
    }

    @Test
    void aHandlerThatCannotSettleEndsTheLoop() {
        Run r = run(MAX, (m, t, d) -> false, batch(1), batch(1), batch(1));
        assertEquals(List.of(1), r.batches);
        assertEquals(1, r.calls);
    }
}
