package dev.goload.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.ShardOptions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class CoordinatedStartTest {
    private static final LongSupplier WALL = () -> {
        java.time.Instant i = java.time.Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    };

    private static int freePort() throws Exception {
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void shardZeroServesTheBarrierAndBothShardsGetOneT0() throws Exception {
        int port = freePort();
        String url = "http://127.0.0.1:" + port;
        ShardOptions zero = new ShardOptions(new Shard(0, 2), null, url, "127.0.0.1:" + port, 20_000, 500);
        ShardOptions one = new ShardOptions(new Shard(1, 2), null, url, "", 20_000, 500);
        try (CoordinatedStart s0 = CoordinatedStart.open(zero, WALL);
             CoordinatedStart s1 = CoordinatedStart.open(one, WALL);
             ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            assertNotNull(s0.servedAt());
            assertNull(s1.servedAt(), "only shard 0 serves");
            Future<CoordinatedStart.Start> a = ex.submit(() -> s0.await("r", "fp", "h0", WALL));
            Future<CoordinatedStart.Start> b = ex.submit(() -> s1.await("r", "fp", "h1", WALL));
            CoordinatedStart.Start x = a.get();
            CoordinatedStart.Start y = b.get();
            assertEquals(x.t0EpochMs(), y.t0EpochMs());
            assertTrue(x.t0EpochMs() > System.currentTimeMillis() - 5_000);
            assertEquals(url, x.coordinator());
            assertNull(x.offsetWarning(), "same machine: no offset worth a warning");
        }
    }

    @Test
    void startAtNeedsNoCoordinatorAndNoPlanMeansStartWhenReady() throws Exception {
        long at = System.currentTimeMillis() + 60_000;
        try (CoordinatedStart s = CoordinatedStart.open(new ShardOptions(new Shard(1, 3), at, "", "", 1_000, 0),
                WALL)) {
            CoordinatedStart.Start st = s.await("r", "fp", "h", WALL);
            assertEquals(at, st.t0EpochMs());
            assertEquals(at, st.localT0EpochMs());
            assertNull(st.clockOffsetMs());
        }
        try (CoordinatedStart s = CoordinatedStart.open(ShardOptions.NONE, WALL)) {
            assertNull(s.await("r", "fp", "h", WALL));
        }
    }

    @Test
    void aLargeOffsetIsAWarningAndAnUnreachableCoordinatorFailsWithinTheTimeout() throws Exception {
        assertTrue(new CoordinatedStart.Start(1, 1, 250.0, "u").offsetWarning().contains("250.0 ms behind"));
        assertTrue(new CoordinatedStart.Start(1, 1, -250.0, "u").offsetWarning().contains("ahead of"));
        int port = freePort();
        ShardOptions lost = new ShardOptions(new Shard(1, 2), null, "http://127.0.0.1:" + port, "", 1_200, 0);
        try (CoordinatedStart s = CoordinatedStart.open(lost, WALL)) {
            var e = assertThrows(java.io.IOException.class, () -> s.await("r", "fp", "h", WALL));
            assertTrue(e.getMessage().contains("cannot reach the coordinator"), e.getMessage());
        }
    }

    @Test
    void aCancelEndsARegistrationTheCoordinatorHoldsAndARetryLoopAtOnce() throws Exception {
        int port = freePort();
        String url = "http://127.0.0.1:" + port;
        // a barrier of 2 where shard 0 never registers: shard 1's registration is held (30 s a request)
        StartBarrier barrier = new StartBarrier(2, 500, 600_000, System::currentTimeMillis);
        ShardOptions one = new ShardOptions(new Shard(1, 2), null, url, "", 600_000, 500);
        int unused = freePort();
        ShardOptions lost = new ShardOptions(new Shard(1, 2), null, "http://127.0.0.1:" + unused, "", 600_000, 0);
        try (CoordinatorServer server = CoordinatorServer.start(
                new java.net.InetSocketAddress("127.0.0.1", port), barrier, WALL);
             CoordinatedStart held = CoordinatedStart.open(one, WALL);
             CoordinatedStart retrying = CoordinatedStart.open(lost, WALL);
             ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<CoordinatedStart.Start> a = ex.submit(() -> held.await("r", "fp", "h1", WALL));
            Future<CoordinatedStart.Start> b = ex.submit(() -> retrying.await("r", "fp", "h1", WALL));
            long until = System.nanoTime() + 60_000_000_000L; // until shard 1 is registered and held
            while (barrier.registered() == 0 && !a.isDone() && System.nanoTime() < until) Thread.sleep(10);
            assertEquals(1, barrier.registered());
            held.cancel();
            retrying.cancel();
            // bounded: without the cancel these would wait 10 minutes
            var e = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> a.get(60, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof java.util.concurrent.CancellationException, e.getCause().toString());
            var f = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> b.get(60, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(f.getCause() instanceof java.util.concurrent.CancellationException, f.getCause().toString());
        }
    }
}
