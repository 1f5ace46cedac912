package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void intervalsAreDisjointAndFoldIntoTheWholeRun() {
        var r = new LatencyRecorder("push");
        for (int i = 1; i <= 100; i++) {
            r.record(i * 1000L);
        }
        var first = r.sampleInterval();
        assertEquals(100, first.getTotalCount());
        assertEquals(50.0, LatencySummary.of(first).p50(), 0.05);
        r.record(5_000_000L);
        var second = r.sampleInterval();
        assertEquals(1, second.getTotalCount(), "an interval holds only what was recorded since the last sample");
        assertEquals(101, r.cumulative().getTotalCount());
        assertEquals(5_000_000L, r.exactMaxMicros());
    }

    @Test
    void clampsHugeAndNegativeValuesInsteadOfThrowing() {
        var r = new LatencyRecorder("push");
        r.record(-5);
        r.record(LatencyRecorder.HIGHEST_MICROS * 10);
        var h = r.sampleInterval();
        assertEquals(2, h.getTotalCount());
        assertEquals(1, r.clamped());
        assertEquals(0, h.getMinValue());
    }

    @Test
    void emptyHistogramSummarizesToZeros() {
        assertEquals(LatencySummary.EMPTY, LatencySummary.of(new LatencyRecorder("x").sampleInterval()));
    }

    @Test
    void percentilesNeverExceedTheExactMax() {
        var r = new LatencyRecorder("push");
        r.record(933_640);
        r.sampleInterval();
        LatencySummary p = LatencySummary.of(r.cumulative(), r.exactMaxMicros());
        assertEquals(933.64, p.max(), 1e-9);
        assertEquals(933.64, p.p999(), 1e-9, "the bucket's upper edge would say more than was recorded");
    }

    /**
     * The lazily created recorder and the packed whole-run histogram hold what HdrHistogram's own eager
     * {@link Recorder} and a plain {@link Histogram} hold, interval by interval, to the byte of the encoding the
     * {@code .hlog} writes: intervals before anything was recorded, the first value arriving mid-run, values across
     * the whole range, a clamped one.
     */
    @Test
    void intervalsAndTheWholeRunEncodeAsTheEagerRecordersDid() {
        var lazy = new LatencyRecorder("e2e");
        var eager = new Recorder(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        var eagerWhole = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        Histogram eagerRecycled = null;
        var rnd = new SplittableRandom(15);
        for (int interval = 0; interval < 12; interval++) {
            int n = interval < 3 || interval == 7 ? 0 : 1 + rnd.nextInt(5_000);
            for (int i = 0; i < n; i++) {
                long v = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextLong(1, 100);
                    case 1 -> rnd.nextLong(100, 100_000);
                    case 2 -> rnd.nextLong(100_000, LatencyRecorder.HIGHEST_MICROS);
                    default -> rnd.nextLong(1, 2_000);
                };
                lazy.record(v);
                eager.recordValue(v);
            }
            if (interval == 9) {
                lazy.record(LatencyRecorder.HIGHEST_MICROS * 3);
                eager.recordValue(LatencyRecorder.HIGHEST_MICROS);
            }
            Histogram a = lazy.sampleInterval();
            Histogram b = eager.getIntervalHistogram(eagerRecycled);
            eagerRecycled = b;
            eagerWhole.add(b);
            assertEquals(b.getTotalCount(), a.getTotalCount(), "interval " + interval);
            assertArrayEquals(encoded(b), encoded(a), "interval " + interval + "'s encoding");
            assertEquals("e2e", a.getTag());
        }
        assertArrayEquals(encoded(eagerWhole), encoded(lazy.cumulative()), "the whole run's encoding");
        for (double q : new double[] {0, 50, 90, 99, 99.9, 99.99, 100}) {
            assertEquals(eagerWhole.getValueAtPercentile(q), lazy.cumulative().getValueAtPercentile(q), "p" + q);
        }
        assertEquals(eagerWhole.getTotalCount(), lazy.cumulative().copy().getTotalCount());
        assertEquals(1, lazy.clamped());
    }

    /** What an unused recorder costs: nothing recorded is nothing allocated for it, whatever the intervals. */
    @Test
    void aRecorderNothingIsRecordedIntoHoldsNoCountsArrays() {
        var unused = new LatencyRecorder("ack");
        for (int i = 0; i < 5; i++) assertEquals(0, unused.sampleInterval().getTotalCount());
        int full = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS).getEstimatedFootprintInBytes();
        assertTrue(full > 150_000, "a plain histogram of this range takes " + full + " bytes");
        assertTrue(unused.sampleInterval().getEstimatedFootprintInBytes() < full / 20,
                unused.sampleInterval().getEstimatedFootprintInBytes() + " bytes");
        assertTrue(unused.cumulative().getEstimatedFootprintInBytes() < full / 20,
                unused.cumulative().getEstimatedFootprintInBytes() + " bytes");
        var used = new LatencyRecorder("push");
        for (int i = 1; i <= 100_000; i++) used.record(i % 20_000);
        used.sampleInterval();
        assertTrue(used.cumulative().getEstimatedFootprintInBytes() < full / 4,
                "the whole run's histogram takes only the buckets hit: "
                        + used.cumulative().getEstimatedFootprintInBytes() + " bytes");
        assertEquals(100_000, used.cumulative().getTotalCount());
    }

    /** Threads racing to record the first value all land in the one recorder that wins the creation. */
    @Test
    void concurrentFirstRecordsAreAllCounted() throws Exception {
        for (int round = 0; round < 50; round++) {
            var r = new LatencyRecorder("push");
            int threads = 4;
            var go = new CountDownLatch(1);
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                ts[t] = Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    for (int i = 0; i < 1_000; i++) r.record(i + 1);
                });
            }
            go.countDown();
            for (Thread t : ts) t.join();
            assertEquals(threads * 1_000L, r.sampleInterval().getTotalCount(), "round " + round);
        }
    }

    private static byte[] encoded(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Arrays.copyOf(b.array(), n);
    }
}
