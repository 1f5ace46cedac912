package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.InflightLimit;
import dev.goload.pace.NanoClock;
import dev.goload.pace.OpenLoopPacer;
import dev.goload.pace.RateCurve;
import dev.goload.pace.ShedReason;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3, test 2: latency is measured from the scheduled instant, so a stalled pacer shows up as latency (or,
 * beyond {@code -behind-ms}, as shed-behind and a loader-bound run) — never as a lower offered rate.
 */
class LatencyFromScheduleTest {
    private static final long MS = 1_000_000L;
    private static final long STALL_MS = 300;

    @TempDir
    Path dir;

    /** Completes every launch instantly at the pacer's "now", recording now − scheduled like PushSender does. */
    private static final class InstantSink implements OpenLoopPacer.Sink {
        final LatencyRecorder latency = new LatencyRecorder("push");
        final InflightLimit limit;
        long shedBehind;
        long shedCap;

        InstantSink(InflightLimit limit) {
            this.limit = limit;
        }

        @Override
        public void launch(long seq, long scheduledNanos, long nowNanos) {
            latency.recordNanos(scheduledNanos, nowNanos);
            limit.release();
        }

        @Override
        public void shed(long seq, long scheduledNanos, ShedReason reason) {
            if (reason == ShedReason.BEHIND) {
                shedBehind++;
            } else {
                shedCap++;
            }
        }
    }

    /** 1000 req/s for 1 s, advanced every ms except for one 300 ms gap after t = 100 ms. */
    private static InstantSink driveWithOneStall(long behindNanos, OpenLoopPacer[] out) {
        InflightLimit limit = new InflightLimit(1_000_000);
        InstantSink sink = new InstantSink(limit);
        OpenLoopPacer p = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1000, 0)), 0, 1000 * MS,
                behindNanos, limit, sink);
        for (long t = 0; t <= 1000; t++) {
            if (t > 100 && t < 100 + STALL_MS) {
                continue; // the pacer thread is not scheduled
            }
            p.advance(t * MS);
        }
        out[0] = p;
        return sink;
    }

    @Test
    void aLateWakeIsRecordedAsLatencyAndOffersTheWholeSchedule() {
        OpenLoopPacer[] p = new OpenLoopPacer[1];
        InstantSink sink = driveWithOneStall(1000 * MS, p);
        LatencySummary pct = LatencySummary.of(sink.latency.sampleInterval(), sink.latency.exactMaxMicros());

        assertEquals(1000, p[0].offered(), "the stall cost no offered request");
        assertEquals(1000, pct.count(), "and none was shed");
        assertEquals(STALL_MS - 1, pct.max(), 0.001, "request due at 101 ms launched at 400 ms");
        assertTrue(pct.p99() >= STALL_MS - 12, "the stall dominates p99: " + pct);
        assertTrue(pct.p50() < 1, "unstalled requests are on time: " + pct);
    }

    @Test
    void aWakeLaterThanBehindShedsExactlyTheStaleRequestsAsBehind() {
        OpenLoopPacer[] p = new OpenLoopPacer[1];
        InstantSink sink = driveWithOneStall(100 * MS, p);
        LatencySummary pct = LatencySummary.of(sink.latency.sampleInterval(), sink.latency.exactMaxMicros());

        assertEquals(1000, p[0].offered());
        assertEquals(199, sink.shedBehind, "due at 101..299 ms: more than 100 ms late at 400 ms");
        assertEquals(0, sink.shedCap);
        assertEquals(1000 - 199, pct.count());
        assertEquals(100, pct.max(), 0.001, "what was sent was at most behind-ms late");
    }

    /**
     * A manual stall: on the pacer thread's first read at least {@code atMs} into the run, the clock jumps
     * {@link #STALL_MS} forward for every reader, exactly as if that thread had not been scheduled for that long.
     * Nothing sleeps, so the stall is exactly {@link #STALL_MS} however loaded the machine is.
     */
    private static final class StallingClock implements NanoClock {
        private final long start = System.nanoTime();
        private final long atNanos;
        private final AtomicLong offset = new AtomicLong();
        private final AtomicBoolean stalled = new AtomicBoolean();

        StallingClock(long atMs) {
            this.atNanos = atMs * MS;
        }

        @Override
        public long nanoTime() {
            long now = System.nanoTime();
            if (now - start >= atNanos && !stalled.get() && PACING_THREADS.contains(Thread.currentThread().getName())
                    && stalled.compareAndSet(false, true)) {
                offset.set(STALL_MS * MS);
            }
            return now + offset.get();
        }

        boolean stalled() {
            return stalled.get();
        }
    }

    /** The threads that drive the pacer: the pacer thread, or the push loop's. */
    private static final java.util.Set<String> PACING_THREADS = java.util.Set.of("goload-pacer", "goload-push-sender");

    private OpenLoopRunFixture stalledRun(EmbeddedBroker broker, int behindMs, StallingClock clock, boolean pushLoop) {
        OpenLoopRunFixture f = new OpenLoopRunFixture(broker.url(), dir);
        f.pushLoop = pushLoop;
        f.rate = 2000; // 200 req/s for 2 s
        f.pushBatch = 10;
        f.behindMillis = behindMs;
        f.clock = clock;
        return f;
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void aStalledPacerThreadShowsUpAsPushLatencyNotAsALowerOfferedRate(boolean pushLoop) throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            StallingClock clock = new StallingClock(700);
            RunResult res = stalledRun(broker, 1000, clock, pushLoop).run();

            assertTrue(clock.stalled());
            RunCounters.Snapshot t = res.outcome().counters();
            assertEquals(400, t.offeredReq(), "200 req/s x 2 s offered, stall or not");
            assertEquals(0, t.shedBehindReq(), "the stall is below -behind-ms");
            assertEquals(0, t.shedCapReq());
            LatencySummary push = res.outcome().latency("push");
            assertTrue(push.max() >= STALL_MS, "push max " + push.max());
            assertTrue(push.p99() >= STALL_MS - 50, "push p99 carries the stall: " + push);
            // The clock jumps at whichever read of the pacing thread comes first after 700 ms: when that read only
            // computes the wait for the next request (due at most one 5 ms gap ahead), the first late launch is
            // STALL_MS minus that gap late (CI saw it).
            double gapMs = 1000.0 / 200;
            assertTrue(res.outcome().latency("lateness").max() >= STALL_MS - gapMs, "and the pacer's own lateness shows it");
        }
    }

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void aStallBeyondBehindMsIsShedAsBehindAndMarksTheRunLoaderBound(boolean pushLoop) throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            StallingClock clock = new StallingClock(700);
            OpenLoopRunFixture f = stalledRun(broker, 100, clock, pushLoop);
            RunResult res = f.run();

            assertTrue(clock.stalled());
            RunCounters.Snapshot t = res.outcome().counters();
            assertEquals(400, t.offeredReq(), "offered");
            // ≈ (300 − 100) ms x 200 req/s = 40 requests more than 100 ms late
            assertTrue(t.shedBehindReq() >= 30, "shed behind " + t.shedBehindReq());
            assertEquals(0, t.shedCapReq(), "not blamed on the broker");
            assertEquals(t.offeredReq(), t.sentReq() + t.shedReq());
            assertTrue(res.outcome().loader().loaderBound());
            assertTrue(res.outcome().loader().reasons().stream().anyMatch(r -> r.contains("shed as behind")),
                    res.outcome().loader().reasons().toString());
            assertTrue(f.record().path("loader").path("loaderBound").asBoolean());
            assertTrue(f.lines().stream().anyMatch(l -> l.startsWith("[final] WARNING loader-bound: ")
                    && l.contains("behind")), f.console());
            assertFalse(f.lines().stream().anyMatch(l -> l.startsWith("[final] + shed cap=0 behind=0")));
        }
    }
}
