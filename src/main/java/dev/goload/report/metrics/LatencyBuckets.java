package dev.goload.report.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An immutable, sparse copy of a latency HdrHistogram (µs) — its non-empty buckets only — and its conversion into
 * Prometheus histogram buckets: classic ({@code le} bounds) and native (exponential, schema {@code s}).
 *
 * <p>Exact to HdrHistogram's resolution, by one rule: every HdrHistogram bucket counts at its <em>highest equivalent
 * value</em>, the value HdrHistogram (and so every goload summary, {@code LatencySummary}) reports for a percentile
 * that falls in it. So a classic bucket {@code le=B} holds exactly the values whose HdrHistogram bucket ends at or
 * below {@code B}, and "the summary's p99 ≤ B" ⟺ "the {@code le=B} bucket holds ≥ 99 % of the count" — the endpoint
 * and the record never disagree about which side of a bound a value is on. The sum counts each value at its bucket's
 * median equivalent value, as HdrHistogram's mean does, so {@code _sum/_count} is the record's {@code mean}.
 *
 * <p>Native buckets follow Prometheus' definition: bucket {@code i} of schema {@code s} holds values in
 * {@code (2^((i-1)·2^-s), 2^(i·2^-s)]} seconds; a value of 0 µs goes to the zero bucket (threshold 0). The schema is
 * the finest (≤ 8) that keeps the populated buckets within a budget, as Prometheus' own clients do, so a 24-hour run
 * keeps a bounded series size; lowering the schema merges bucket pairs, which keeps the rule exact.
 *
 * <p>Threading: immutable (but for a memo of the last native conversion); built on the reporter thread, converted
 * on scrape threads.
 */
public final class LatencyBuckets {
    /** Prometheus' finest native schema (bucket growth factor 2^(1/256) ≈ 1.0027). */
    public static final int MAX_SCHEMA = 8;
    /** Prometheus' coarsest native schema. */
    public static final int MIN_SCHEMA = -4;
    /** Populated native buckets per series at most (client_java's default {@code nativeMaxNumberOfBuckets}). */
    public static final int DEFAULT_MAX_NATIVE_BUCKETS = 160;

    public static final LatencyBuckets EMPTY = new LatencyBuckets(new long[0], new long[0], 0);

    /** Highest equivalent value (µs) of each non-empty HdrHistogram bucket, ascending. */
    private final long[] tops;
    private final long[] counts;
    private final double sumMicros;
    private final long total;
    /** The last {@link #nativeBuckets} answer: every scrape between two intervals asks the same (benign race). */
    private volatile Native nativeMemo;

    private LatencyBuckets(long[] tops, long[] counts, double sumMicros) {
        this.tops = tops;
        this.counts = counts;
        this.sumMicros = sumMicros;
        this.total = Arrays.stream(counts).sum();
    }

    /** Copies the non-empty buckets of {@code h} (recorded in µs). */
    public static LatencyBuckets of(Histogram h) {
        if (h.getTotalCount() == 0) return EMPTY;
        int n = 0;
        long[] tops = new long[64];
        long[] counts = new long[64];
        double sum = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            if (n == tops.length) {
                tops = Arrays.copyOf(tops, n * 2);
                counts = Arrays.copyOf(counts, n * 2);
            }
            long value = v.getValueIteratedTo();
            tops[n] = h.highestEquivalentValue(value);
            counts[n] = v.getCountAtValueIteratedTo();
            sum += (double) h.medianEquivalentValue(value) * counts[n];
            n++;
        }
        return new LatencyBuckets(Arrays.copyOf(tops, n), Arrays.copyOf(counts, n), sum);
    }

    public long count() {
        return total;
    }

    /** Sum of the values in seconds (each at its bucket's median equivalent value). */
    public double sumSeconds() {
        return sumMicros / 1e6;
    }

    /**
     * Classic buckets with the given finite upper bounds (µs, ascending) plus {@code +Inf}; counts per bucket (the
     * exposition writer accumulates them).
     */
    public ClassicHistogramBuckets classic(long[] upperBoundsMicros) {
        double[] bounds = new double[upperBoundsMicros.length + 1];
        long[] perBucket = new long[bounds.length];
        for (int b = 0; b < upperBoundsMicros.length; b++) {
            if (b > 0 && upperBoundsMicros[b] <= upperBoundsMicros[b - 1]) {
                throw new IllegalArgumentException("bounds must ascend: " + Arrays.toString(upperBoundsMicros));
            }
            bounds[b] = upperBoundsMicros[b] / 1e6;
        }
        bounds[bounds.length - 1] = Double.POSITIVE_INFINITY;
        int b = 0;
        for (int i = 0; i < tops.length; i++) {
            while (b < upperBoundsMicros.length && tops[i] > upperBoundsMicros[b]) b++;
            perBucket[b] += counts[i];
        }
        return ClassicHistogramBuckets.of(bounds, perBucket);
    }

    /** Native buckets of one schema: the zero bucket's count and the positive buckets, within {@code maxBuckets}. */
    public record Native(int schema, long zeroCount, NativeHistogramBuckets positive, int maxBuckets) {}

    /** The finest schema whose populated buckets fit in {@code maxBuckets}, and its buckets. */
    public Native nativeBuckets(int maxBuckets) {
        Native memo = nativeMemo;
        if (memo != null && memo.maxBuckets() == maxBuckets) return memo;
        memo = computeNative(maxBuckets);
        nativeMemo = memo;
        return memo;
    }

    private Native computeNative(int maxBuckets) {
        long zero = 0;
        int first = 0;
        while (first < tops.length && tops[first] == 0) zero += counts[first++];
        int schema = MAX_SCHEMA;
        int[] index = new int[tops.length - first];
        for (int i = first; i < tops.length; i++) index[i - first] = nativeIndex(tops[i] / 1e6, schema);
        while (distinct(index) > maxBuckets && schema > MIN_SCHEMA) {
            // bucket i of schema s is half of bucket ceil(i/2) of schema s-1: the bounds nest, so merging is exact
            for (int i = 0; i < index.length; i++) index[i] = Math.floorDiv(index[i] + 1, 2);
            schema--;
        }
        NativeHistogramBuckets.Builder pos = NativeHistogramBuckets.builder();
        int i = 0;
        while (i < index.length) {
            int at = index[i];
            long c = 0;
            while (i < index.length && index[i] == at) c += counts[first + i++];
            pos.bucket(at, c);
        }
        return new Native(schema, zero, pos.build(), maxBuckets);
    }

    /** Number of distinct values of a non-decreasing array. */
    private static int distinct(int[] sorted) {
        int n = 0;
        for (int i = 0; i < sorted.length; i++) if (i == 0 || sorted[i] != sorted[i - 1]) n++;
        return n;
    }

    /** The schema-8 bounds within one octave: {@code OCTAVE[j] = 2^(j/256)}, from 1 to 2. */
    private static final double[] OCTAVE = new double[(1 << MAX_SCHEMA) + 1];

    static {
        for (int j = 0; j < OCTAVE.length; j++) OCTAVE[j] = Math.pow(2, j / (double) (1 << MAX_SCHEMA));
    }

    /**
     * The native bucket holding {@code v > 0}: the {@code i} with {@code upperBound(i-1) < v ≤ upperBound(i)}. Found at
     * schema 8 from the exponent and a table of the octave's bounds (as Prometheus' Go client does, no logarithm),
     * then halved down to {@code schema}: the bounds nest, so bucket {@code i} of schema {@code s} is
     * {@code ceil(i/2)} of {@code s-1}.
     */
    static int nativeIndex(double v, int schema) {
        int e = Math.getExponent(v);
        int j = java.util.Arrays.binarySearch(OCTAVE, Math.scalb(v, -e)); // the mantissa, in [1, 2)
        if (j < 0) j = -j - 1; // the first bound at or above it
        int i = (e << MAX_SCHEMA) + j;
        for (int s = MAX_SCHEMA; s > schema; s--) i = Math.floorDiv(i + 1, 2);
        return i;
    }

    /** The upper bound of native bucket {@code i} of {@code schema}: {@code 2^(i·2^-schema)}. */
    static double upperBound(int i, int schema) {
        long j = (long) i << (MAX_SCHEMA - schema);
        int per = 1 << MAX_SCHEMA;
        return Math.scalb(OCTAVE[(int) Math.floorMod(j, per)], (int) Math.floorDiv(j, per));
    }
}
