package dev.goload.report.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.LatencySummary;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.NativeHistogramBucket;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** HdrHistogram (µs) → Prometheus classic and native buckets, exactly, by the highest-equivalent-value rule. */
class LatencyBucketsTest {

    private static Histogram hist(long... micros) {
        Histogram h = new Histogram(1, LatencyRecorder.HIGHEST_MICROS, LatencyRecorder.DIGITS);
        for (long v : micros) h.recordValue(v);
        return h;
    }

    private static long[] counts(ClassicHistogramBuckets b) {
        long[] c = new long[b.size()];
        for (int i = 0; i < c.length; i++) c[i] = b.getCount(i);
        return c;
    }

    @Test
    void classicBucketsCountEachValueAtOrBelowItsBoundWhereTheHistogramResolvesSingleMicroseconds() {
        LatencyBuckets b = LatencyBuckets.of(hist(50, 50, 50, 51, 100, 101, 1000, 2047));
        ClassicHistogramBuckets c = b.classic(new long[] {50, 100, 1000});
        assertArrayEquals(new double[] {50e-6, 100e-6, 1000e-6, Double.POSITIVE_INFINITY},
                new double[] {c.getUpperBound(0), c.getUpperBound(1), c.getUpperBound(2), c.getUpperBound(3)});
        assertArrayEquals(new long[] {3, 2, 2, 1}, counts(c));
        assertEquals(8, b.count());
    }

    @Test
    void aCoarseHdrBucketCountsAtItsHighestEquivalentValueAsThePercentilesDo() {
        Histogram h = hist(4999, 5000);
        // above 4096 µs HdrHistogram (3 digits) keeps 4-µs buckets: 4996..4999 and 5000..5003
        assertEquals(4999, h.highestEquivalentValue(4999));
        assertEquals(5003, h.highestEquivalentValue(5000));
        ClassicHistogramBuckets c = LatencyBuckets.of(h).classic(new long[] {5000});
        assertArrayEquals(new long[] {1, 1}, counts(c), "5000 µs sits in a bucket reaching 5003 µs: above le=5ms");
        // the summary agrees: its p99 (5.003 ms) is above 5 ms, so fewer than 99 % of the values are ≤ 5 ms
        assertEquals(5.003, LatencySummary.of(h, -1).p99(), 1e-12);
    }

    @Test
    void sumIsTheHdrMeanTimesTheCount() {
        Histogram h = hist(7, 900, 12_345, 250_000, 3_000_000);
        LatencyBuckets b = LatencyBuckets.of(h);
        assertEquals(h.getMean() * 5 / 1e6, b.sumSeconds(), 1e-12);
        assertEquals(LatencySummary.of(h).mean(), b.sumSeconds() / b.count() * 1000, 1e-9);
    }

    @Test
    void nativeIndexPutsEachBoundInItsOwnBucketAndTheNextValueInTheNext() {
        for (int schema = LatencyBuckets.MIN_SCHEMA; schema <= LatencyBuckets.MAX_SCHEMA; schema++) {
            int span = schema < 0 ? 60 : 400;
            for (int i = -span; i <= span; i++) {
                double bound = LatencyBuckets.upperBound(i, schema);
                assertEquals(Math.pow(2, i * Math.pow(2, -schema)), bound, bound * 1e-15, "bound " + i + "@" + schema);
                assertEquals(i, LatencyBuckets.nativeIndex(bound, schema), "bound " + i + "@" + schema);
                assertEquals(i + 1, LatencyBuckets.nativeIndex(Math.nextUp(bound), schema), "after " + i + "@" + schema);
            }
        }
        assertEquals(0, LatencyBuckets.nativeIndex(1.0, 0));
        assertEquals(0, LatencyBuckets.nativeIndex(0.75, 0)); // (0.5, 1]
        assertEquals(-1, LatencyBuckets.nativeIndex(0.5, 0));
        assertEquals(2, LatencyBuckets.nativeIndex(3.0, 0)); // (2, 4]
    }

    @Test
    void nativeBucketsUseTheFinestSchemaWithinTheBudgetAndMergeExactly() {
        long[] values = new long[2047];
        for (int v = 1; v <= 2047; v++) values[v - 1] = v; // every µs from 1 to 2047: 11 octaves
        LatencyBuckets b = LatencyBuckets.of(hist(values));
        LatencyBuckets.Native n = b.nativeBuckets(160);
        // expected, computed value by value at the chosen schema and the next finer one
        Map<Integer, Long> atSchema = byIndex(values, n.schema());
        assertTrue(atSchema.size() <= 160, atSchema.size() + " buckets");
        assertTrue(byIndex(values, n.schema() + 1).size() > 160, "the next finer schema does not fit");
        Map<Integer, Long> got = new TreeMap<>();
        for (NativeHistogramBucket x : n.positive()) got.put(x.getBucketIndex(), x.getCount());
        assertEquals(atSchema, got);
        assertEquals(0, n.zeroCount());
        assertTrue(n.schema() < LatencyBuckets.MAX_SCHEMA, "the budget lowered the schema: " + n.schema());
    }

    private static Map<Integer, Long> byIndex(long[] micros, int schema) {
        Map<Integer, Long> m = new TreeMap<>();
        for (long v : micros) m.merge(LatencyBuckets.nativeIndex(v / 1e6, schema), 1L, Long::sum);
        return m;
    }

    @Test
    void nativeBucketsAtTheFinestSchemaWhenFewValues() {
        LatencyBuckets.Native n = LatencyBuckets.of(hist(0, 0, 1000, 1000, 1001)).nativeBuckets(160);
        assertEquals(LatencyBuckets.MAX_SCHEMA, n.schema());
        assertEquals(2, n.zeroCount(), "0 µs goes to the zero bucket");
        Map<Integer, Long> got = new TreeMap<>();
        for (NativeHistogramBucket x : n.positive()) got.put(x.getBucketIndex(), x.getCount());
        int i1000 = LatencyBuckets.nativeIndex(0.001, 8);
        assertTrue(Math.pow(2, (i1000 - 1) / 256.0) < 0.001 && 0.001 <= Math.pow(2, i1000 / 256.0));
        // 1000 and 1001 µs differ by 0.1 %, less than one schema-8 bucket (0.27 %): one bucket or two adjacent
        long total = got.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(3, total);
        assertEquals(2L, got.get(i1000));
        assertEquals(LatencyBuckets.nativeIndex(0.001001, 8), got.keySet().stream().max(Integer::compare).orElseThrow());
    }

    @Test
    void anEmptyHistogramHasZeroCountsEverywhere() {
        LatencyBuckets b = LatencyBuckets.of(hist());
        assertEquals(0, b.count());
        assertArrayEquals(new long[] {0, 0, 0}, counts(b.classic(new long[] {100, 1000})));
        assertEquals(0, b.nativeBuckets(160).positive().size());
    }
}
