package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.ConsumerOptions;
import dev.goload.metrics.RunCounters;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a loader-bound run's requests were mostly empty pops, and the figures it then reports. */
class EmptyPollingTest {
    private static final ConsumerOptions CONSUMERS =
            new ConsumerOptions(150, 100, true, 1, false, 2000, 2, false, false, 256);

    /** A run's totals: push requests sent, pops answered (empty ones included), failed pops, ack calls. */
    private static RunCounters.Snapshot totals(long sent, long popCalls, long popErr, long empty, long ackCalls) {
        return new RunCounters.Snapshot(sent, sent, sent, 0, 0, sent, 0, 0, 0, 0, popCalls - empty, popCalls, popErr,
                empty, 0, 0, ackCalls, 0, 0, 0, 0, 0, 0, Map.of());
    }

    @Test
    void aLoaderBoundRunOfMostlyEmptyPopsGetsItsFigures() {
        // the -rate 100 -embedded run: 800 pushes, 800 non-empty pops, 154,211 empty ones in 8 s
        var p = EmptyPolling.of(true, totals(800, 155_011, 0, 154_211, 0), 8.0, CONSUMERS).orElseThrow();
        assertEquals(154_211, p.emptyPops());
        assertEquals(154_211 / 8.0, p.perSecond(), 1e-9);
        assertEquals(154_211 / 155_811.0, p.share(), 1e-12);
        assertEquals(155_811, p.requests());
        assertEquals(CONSUMERS, p.consumers());
    }

    @Test
    void aRunThatWasNotLoaderBoundHasNone() {
        assertTrue(EmptyPolling.of(false, totals(800, 155_011, 0, 154_211, 0), 8.0, CONSUMERS).isEmpty());
    }

    @Test
    void emptyPopsAtHalfTheRequestsOrLessAreNotMostOfThem() {
        // 10,000 pushes, 10,000 pops of which 5,000 empty, 5,000 acks: 5,000 of 25,000 requests
        assertTrue(EmptyPolling.of(true, totals(10_000, 10_000, 0, 5_000, 5_000), 1.0, CONSUMERS).isEmpty());
        // exactly half: 5,000 pushes, 5,000 empty pops
        assertTrue(EmptyPolling.of(true, totals(5_000, 5_000, 0, 5_000, 0), 1.0, CONSUMERS).isEmpty());
        // just over half
        assertTrue(EmptyPolling.of(true, totals(4_999, 5_000, 0, 5_000, 0), 1.0, CONSUMERS).isPresent());
    }

    @Test
    void failedPopsAndAckCallsAreRequestsToo() {
        // 6,000 empty of 6,000 answered pops, but 3,000 failed pops and 3,000 ack calls: 6,000 of 12,000
        assertTrue(EmptyPolling.of(true, totals(0, 6_000, 3_000, 6_000, 3_000), 1.0, CONSUMERS).isEmpty());
        assertTrue(EmptyPolling.of(true, totals(0, 6_000, 2_999, 6_000, 3_000), 1.0, CONSUMERS).isPresent());
    }

    @Test
    void slowPollingIsTooCheapToName() {
        // all empty, but 999 a second
        assertTrue(EmptyPolling.of(true, totals(0, 9_990, 0, 9_990, 0), 10.0, CONSUMERS).isEmpty());
        assertTrue(EmptyPolling.of(true, totals(0, 10_000, 0, 10_000, 0), 10.0, CONSUMERS).isPresent());
    }

    @Test
    void aRunWithoutTimeOrPopsHasNone() {
        assertTrue(EmptyPolling.of(true, totals(0, 0, 0, 0, 0), 8.0, CONSUMERS).isEmpty());
        assertTrue(EmptyPolling.of(true, totals(0, 9_000, 0, 9_000, 0), 0.0, CONSUMERS).isEmpty());
    }
}
