package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.pace.NanoClock;
import dev.goload.shard.CoordinatedStart;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The engine's side of the coordinated start: T0 from the epoch onto the injected clock, a missed T0 refused. */
class ShardStartTest {
    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final NanoClock clock = now::get;
    private final EpochClock epoch = new EpochClock(clock);

    private long epochMsIn(long nanosFromNow) {
        return epoch.toEpochMillis(now.get() + nanosFromNow);
    }

    @Test
    void anUncoordinatedRunStartsNow() throws Exception {
        ShardStart.Began b = ShardStart.await(ShardStart.Gate.NONE, clock, epoch);
        assertEquals(now.get(), b.t0Nanos());
        assertNull(b.start());
    }

    @Test
    void theLocalT0IsPlacedOnTheMonotonicClock() throws Exception {
        // T0 100 ms ago on this loader's clock: within the tolerance, so no wait; the start is on T0's grid
        long t0Ms = epochMsIn(-100_000_000L);
        var s = new CoordinatedStart.Start(t0Ms + 7, t0Ms, 7.0, "http://127.0.0.1:1");
        ShardStart.Began b = ShardStart.await(e -> s, clock, epoch);
        assertEquals(epoch.toEpochNanos(b.t0Nanos()), t0Ms * 1_000_000L);
        assertEquals(s, b.start());
    }

    @Test
    void aT0ThatPassedBeforeTheLoaderWasReadyIsRefused() {
        long t0Ms = epochMsIn(-2_000_000_000L);
        var s = new CoordinatedStart.Start(t0Ms, t0Ms, null, null);
        ShardStart.Refused e = assertThrows(ShardStart.Refused.class, () -> ShardStart.await(x -> s, clock, epoch));
        // 2 s late (the epoch milliseconds are truncated: 2000 or 2001 ms)
        assertTrue(e.getMessage().matches(".*passed 200[01] ms before this loader was ready.*"), e.getMessage());
    }

    @Test
    void aBarrierRefusalOrAnUnreachableCoordinatorIsARefusedStart() {
        ShardStart.Refused a = assertThrows(ShardStart.Refused.class, () -> ShardStart.await(x -> {
            throw new IllegalStateException("shard 1 registered twice");
        }, clock, epoch));
        assertTrue(a.getMessage().contains("nothing was sent: shard 1 registered twice"), a.getMessage());
        ShardStart.Refused b = assertThrows(ShardStart.Refused.class, () -> ShardStart.await(x -> {
            throw new IOException("cannot reach the coordinator");
        }, clock, epoch));
        assertTrue(b.getMessage().contains("cannot reach the coordinator"), b.getMessage());
    }
}
