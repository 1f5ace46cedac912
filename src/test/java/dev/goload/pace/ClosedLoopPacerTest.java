package dev.goload.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ClosedLoopPacerTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Test
    void advancesOneIntervalPerRequestAndSleepsTheRemainder() {
        ClosedLoopPacer p = new ClosedLoopPacer(now::get, () -> 100_000_000.0);
        assertEquals(100_000_000L, p.nextDelayNanos());
        now.addAndGet(100_000_000L);
        now.addAndGet(30_000_000L); // the push took 30 ms
        assertEquals(70_000_000L, p.nextDelayNanos());
    }

    @Test
    void behindByUpToTwoSecondsCatchesUpWithoutSleeping() {
        ClosedLoopPacer p = new ClosedLoopPacer(now::get, () -> 100_000_000.0);
        now.addAndGet(1_500_000_000L);
        assertEquals(0, p.nextDelayNanos());
        assertEquals(0, p.nextDelayNanos(), "still behind the kept schedule (due at +200 ms, now +1.5 s): no reset");
    }

    @Test
    void moreThanTwoSecondsBehindResetsTheScheduleInsteadOfBursting() {
        ClosedLoopPacer p = new ClosedLoopPacer(now::get, () -> 100_000_000.0);
        now.addAndGet(5_000_000_000L);
        assertEquals(0, p.nextDelayNanos());
        assertEquals(100_000_000L, p.nextDelayNanos(), "next slot is one interval after the reset, not a burst");
    }

    @Test
    void nonPositiveIntervalIsUnpaced() {
        ClosedLoopPacer p = new ClosedLoopPacer(now::get, () -> 0.0);
        assertEquals(0, p.nextDelayNanos());
        assertEquals(0, p.nextDelayNanos());
    }

    @Test
    void intervalChangesApplyFromTheNextRequest() {
        double[] iv = {100_000_000.0};
        ClosedLoopPacer p = new ClosedLoopPacer(now::get, () -> iv[0]);
        assertEquals(100_000_000L, p.nextDelayNanos());
        iv[0] = 50_000_000.0;
        assertEquals(150_000_000L, p.nextDelayNanos());
    }
}
