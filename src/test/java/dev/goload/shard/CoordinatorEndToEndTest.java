package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The barrier over loopback HTTP: four shards, one of them on a clock 5 s ahead. */
class CoordinatorEndToEndTest {
    private static final long SKEW_NANOS = 5_000_000_000L;

    private static long wallNanos() {
        java.time.Instant i = java.time.Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    @Test
    void fourShardsGetTheSameT0AndASkewedShardConvertsItToItsOwnClock() throws Exception {
        StartBarrier barrier = new StartBarrier(4, 1_000, 30_000, System::currentTimeMillis);
        try (CoordinatorServer server = CoordinatorServer.start(new InetSocketAddress("127.0.0.1", 0), barrier,
                CoordinatorEndToEndTest::wallNanos);
             ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<CoordinatorClient.Start>> starts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int shard = i;
                long skew = shard == 3 ? SKEW_NANOS : 0; // shard 3's clock reads 5 s ahead
                starts.add(ex.submit(() -> {
                    CoordinatorClient c = new CoordinatorClient(server.url(), () -> wallNanos() + skew);
                    CoordinatorClient.Offset o = c.measureOffset(8);
                    return c.join(new StartBarrier.Hello(shard, 4, "run-x", "fp", "h" + shard, "i" + shard), o,
                            20_000);
                }));
            }
            long t0 = -1;
            for (int i = 0; i < 4; i++) {
                CoordinatorClient.Start s = starts.get(i).get();
                if (t0 < 0) t0 = s.t0EpochMs();
                assertEquals(t0, s.t0EpochMs(), "one T0 for every shard");
                assertEquals(4, s.shards());
                long expectedLocal = i == 3 ? t0 + SKEW_NANOS / 1_000_000 : t0;
                // no fixed millisecond budget: the offset's own guarantee. Both ends read the same wall clock, so the
                // server's reading lies inside [sent, received] and the midpoint estimate errs by at most RTT/2 of the
                // round trip it kept; +2 ms for the two roundings to whole milliseconds (offset and T0).
                assertTrue(s.offset().rttNanos() > 0);
                long boundMs = s.offset().rttNanos() / 2_000_000 + 2;
                assertTrue(Math.abs(s.localT0EpochMs() - expectedLocal) <= boundMs,
                        "shard " + i + " local T0 " + s.localT0EpochMs() + " vs " + expectedLocal + " (RTT/2 bound "
                                + boundMs + " ms)");
            }
        }
    }

    @Test
    void aRefusalReachesEveryWaitingShardWithItsReason() throws Exception {
        StartBarrier barrier = new StartBarrier(2, 1_000, 30_000, System::currentTimeMillis);
        try (CoordinatorServer server = CoordinatorServer.start(new InetSocketAddress("127.0.0.1", 0), barrier,
                CoordinatorEndToEndTest::wallNanos);
             ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            CoordinatorClient c = new CoordinatorClient(server.url(), CoordinatorEndToEndTest::wallNanos);
            CoordinatorClient.Offset o = c.measureOffset(2);
            Future<CoordinatorClient.Start> first = ex.submit(() ->
                    c.join(new StartBarrier.Hello(0, 2, "r", "fp-a", "h0", "i0"), o, 20_000));
            while (barrier.decision() == null && !barrierHasOne(barrier)) Thread.onSpinWait();
            IllegalStateException second = assertThrows(IllegalStateException.class,
                    () -> c.join(new StartBarrier.Hello(1, 2, "r", "fp-b", "h1", "i1"), o, 20_000));
            assertTrue(second.getMessage().contains("another configuration"), second.getMessage());
            var e = assertThrows(java.util.concurrent.ExecutionException.class, first::get);
            assertTrue(e.getCause().getMessage().contains("another configuration"), e.getCause().getMessage());
        }
    }

    private static boolean barrierHasOne(StartBarrier b) {
        return b.registered() > 0;
    }
}
