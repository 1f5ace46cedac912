package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.client.AckResult;
import dev.goload.client.ErrorKind;
import dev.goload.client.TestFailures;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import org.junit.jupiter.api.Test;

/** The common vocabulary counts every pop and ack call once: answered, failed (an error) or cancelled (never one). */
class TalliesTest {
    private static AckResult answer(int succeeded, int failed) {
        return new AckResult(200, succeeded, failed, new boolean[succeeded + failed], null, null);
    }

    @Test
    void runTallyCountsAckedAndNotAckedOfEachAnswerAndAPartialAnswerAsAnItemFailedCall() {
        RunCounters c = new RunCounters();
        RunRecorders r = new RunRecorders();
        RunTally t = new RunTally(c, r);
        t.answered(5, answer(5, 0), 10);
        assertEquals(5, c.acked.sum());
        assertEquals(0, c.ackErr.sum());
        assertEquals(0, c.ackErrors.total());
        t.answered(4, answer(1, 3), 10);
        assertEquals(6, c.acked.sum());
        assertEquals(3, c.ackErr.sum());
        assertEquals(1, c.ackErrors.kind(ErrorStats.ITEM_FAILED), "one call left messages not acked");
        assertEquals(1, c.ackErrors.total());
        assertEquals(2, c.ackCalls.sum());
        assertEquals(20, c.ackMicros.sum());
        assertEquals(2, r.ack.sampleInterval().getTotalCount(), "both answers timed");
    }

    @Test
    void aCancelledAckIsACallNeverAnErrorAndAFailedOneIsBoth() {
        RunCounters c = new RunCounters();
        RunRecorders r = new RunRecorders();
        RunTally t = new RunTally(c, r);
        t.canceled(7, 30);
        t.failed(2, TestFailures.http(503), 5);
        t.unbuildable(3, new IllegalStateException("no partitionId"));
        assertEquals(3, c.ackCalls.sum(), "every call made");
        assertEquals(35, c.ackMicros.sum());
        assertEquals(1, c.ackCanceledCalls());
        assertEquals(5, c.ackErr.sum(), "the failed and the unbuildable batch, not the cancelled one");
        assertEquals(2, c.ackErrors.total());
        assertEquals(1, c.ackErrors.kind(ErrorStats.CANCELED));
        assertEquals(0, r.ack.sampleInterval().getTotalCount(), "no answer, no ack latency");
    }

    @Test
    void aCancelledPopIsNeitherAnAnswerNorAnError() {
        RunCounters c = new RunCounters();
        RunTally t = new RunTally(c, new RunRecorders());
        t.canceled();
        t.failed(TestFailures.of(ErrorKind.TIMEOUT));
        t.answered();
        t.empty();
        assertEquals(1, c.popCanceledCalls());
        assertEquals(1, c.popErr.sum());
        assertEquals(1, c.popCalls.sum());
        assertEquals(1, c.emptyPops.sum());
        assertEquals(1, c.popErrors.total());
        assertEquals(1, c.popErrors.kind(ErrorStats.CANCELED));
    }
}
