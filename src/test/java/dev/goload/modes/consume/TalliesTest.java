package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.client.AckResult;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** An answered ack counts its successes as acked and the rest as not acked, a whole batch and a partial one alike. */
class TalliesTest {
    private static AckResult answer(int succeeded, int failed) {
        return new AckResult(200, succeeded, failed, new boolean[succeeded + failed], null, null);
    }

    @Test
    void runTallyCountsAckedAndNotAckedOfEachAnswer() {
        RunCounters c = new RunCounters();
        RunTally t = new RunTally(c, new RunRecorders());
        t.answered(5, answer(5, 0), 10);
        assertEquals(5, c.acked.sum());
        assertEquals(0, c.ackErr.sum());
        t.answered(4, answer(1, 3), 10);
        assertEquals(6, c.acked.sum());
        assertEquals(3, c.ackErr.sum());
        assertEquals(2, c.ackCalls.sum());
        assertEquals(20, c.ackMicros.sum());
    }

    @Test
    void adderTallyCountsAckedAndNotAckedOfEachAnswerAndSkipsFiguresItDoesNotKeep() {
        LongAdder acked = new LongAdder();
        LongAdder notAcked = new LongAdder();
        AdderTally t = new AdderTally(null, null, null, acked, notAcked);
        t.answered(3, answer(3, 0), 1);
        assertEquals(3, acked.sum());
        assertEquals(0, notAcked.sum());
        t.answered(3, answer(0, 3), 1);
        t.unbuildable(2, new IllegalStateException("no partitionId"));
        assertEquals(3, acked.sum());
        assertEquals(5, notAcked.sum());
        t.answered(); // no answers adder kept: nothing to count, nothing thrown
    }
}
