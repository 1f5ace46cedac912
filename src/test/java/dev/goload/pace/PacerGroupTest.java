package dev.goload.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The multiplexing driver with an injected clock: exact instants, no sleeping. */
class PacerGroupTest {
    private static final long MS = 1_000_000L;

    private static final class Recording implements OpenLoopPacer.Sink {
        final List<Long> launched = new ArrayList<>();
        final InflightLimit limit;

        Recording(InflightLimit limit) {
            this.limit = limit;
        }

        @Override
        public void launch(long seq, long scheduledNanos, long nowNanos) {
            launched.add(scheduledNanos);
            limit.release();
        }
    }

    private static OpenLoopPacer pacer(double rps, long base, long end, InflightLimit limit, Recording sink) {
        return new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(rps, 0)), base, end, 5_000 * MS, limit, sink);
    }

    @Test
    void advancesOnlyDuePacersAndReturnsTheEarliestNextInstant() {
        InflightLimit limit = new InflightLimit(100);
        Recording a = new Recording(limit);
        Recording b = new Recording(limit);
        PacerGroup g = new PacerGroup("t", () -> 0);
        g.add(pacer(10, 0, Long.MAX_VALUE, limit, a));          // every 100 ms from 0
        g.add(pacer(4, 30 * MS, Long.MAX_VALUE, limit, b));     // every 250 ms from 30 ms

        assertEquals(30 * MS, g.advanceDue(0));
        assertEquals(List.of(0L), a.launched);
        assertEquals(List.of(), b.launched);

        assertEquals(100 * MS, g.advanceDue(30 * MS));
        assertEquals(List.of(30 * MS), b.launched);

        assertEquals(200 * MS, g.advanceDue(150 * MS));
        assertEquals(List.of(0L, 100 * MS), a.launched);

        // a late wake offers everything that became due, from every pacer
        g.advanceDue(600 * MS);
        assertEquals(List.of(0L, 100 * MS, 200 * MS, 300 * MS, 400 * MS, 500 * MS, 600 * MS), a.launched);
        assertEquals(List.of(30 * MS, 280 * MS, 530 * MS), b.launched);
        assertEquals(10, offered(g));
    }

    @Test
    void endedSchedulesLeaveTheGroupAndAllEndedReturnsMax() {
        InflightLimit limit = new InflightLimit(10);
        Recording a = new Recording(limit);
        PacerGroup g = new PacerGroup("t", () -> 0);
        g.add(pacer(10, 0, 250 * MS, limit, a));
        g.advanceDue(0);
        assertEquals(Long.MAX_VALUE, g.advanceDue(1_000 * MS));
        assertEquals(3, a.launched.size());
    }

    @Test
    void aSharedInflightCapShedsAcrossPacers() {
        InflightLimit limit = new InflightLimit(1);
        List<Long> held = new ArrayList<>();
        List<ShedReason> shed = new ArrayList<>();
        OpenLoopPacer.Sink holding = new OpenLoopPacer.Sink() {
            @Override
            public void launch(long seq, long sched, long now) {
                held.add(sched); // never releases
            }

            @Override
            public void shed(long seq, long sched, ShedReason reason) {
                shed.add(reason);
            }
        };
        PacerGroup g = new PacerGroup("t", () -> 0);
        OpenLoopPacer p1 = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(10, 0)), 0, Long.MAX_VALUE,
                5_000 * MS, limit, holding);
        OpenLoopPacer p2 = new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(10, 0)), 0, Long.MAX_VALUE,
                5_000 * MS, limit, holding);
        g.add(p1).add(p2);
        g.advanceDue(0);
        assertEquals(1, held.size());
        assertEquals(List.of(ShedReason.CAP), shed);
    }

    @Test
    void theDriverThreadRunsAndStops() throws Exception {
        InflightLimit limit = new InflightLimit(100);
        Recording a = new Recording(limit);
        PacerGroup g = new PacerGroup("t", NanoClock.SYSTEM);
        long now = System.nanoTime();
        g.add(pacer(1000, now, now + 50 * MS, limit, a));
        g.start();
        assertEquals(true, g.join(10_000));
        assertEquals(50, a.launched.size(), 1);
    }

    @Test
    void stopAfterTheEndStillOffersEveryRequestThatFellDueOnEveryPacer() throws Exception {
        // A timed cloud run stops the group at the load's end. A driver parked (or late) at that moment must still
        // offer what fell due before the end, on every pacer: else those requests are neither offered nor shed.
        AtomicLong now = new AtomicLong(0);
        InflightLimit limit = new InflightLimit(1_000);
        Recording a = new Recording(limit);
        Recording b = new Recording(limit);
        PacerGroup g = new PacerGroup("t", now::get);
        for (var p : List.of(new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(1, 0)), 0, 10_000 * MS,
                60_000 * MS, limit, a), new OpenLoopPacer(ArrivalSchedule.uniform(new RateCurve(2, 0)), 0, 10_000 * MS,
                60_000 * MS, limit, b))) {
            g.add(p);
        }
        g.start();
        long deadline = System.nanoTime() + 10_000 * MS;
        while (offered(g) < 2) {
            assertTrue(System.nanoTime() < deadline, "the first request of each pacer is due at once");
            Thread.sleep(1);
        }
        now.set(10_000 * MS); // the load's end, while the driver is parked for ~0.5 s of real time
        g.stop();
        assertTrue(g.join(5_000));
        assertEquals(10, a.launched.size(), "offered == F(duration) for the 1 req/s pacer");
        assertEquals(20, b.launched.size(), "and for the 2 req/s pacer");
        assertEquals(30, offered(g));
    }

    private static long offered(PacerGroup g) {
        return g.pacers().stream().mapToLong(OpenLoopPacer::offered).sum();
    }
}
