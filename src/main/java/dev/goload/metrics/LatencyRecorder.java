package dev.goload.metrics;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A latency distribution in microseconds, kept as an interval histogram and a whole-run histogram, both
 * HdrHistogram with 3 significant digits (0.1 %) from 1 µs to one hour. Memory is fixed (≈ 0.5 MB per
 * recorder) whatever the run length or rate: a 24-hour soak costs what a 10-second run costs.
 *
 * <p>Threading: {@link #record(long)} is wait-free and may be called from any number of threads at once.
 * {@link #sampleInterval()} and {@link #cumulative()} belong to the single reporting thread.
 *
 * <pre>{@code
 * LatencyRecorder push = new LatencyRecorder("push");
 * push.record(micros);                       // request tasks, concurrently
 * Histogram last = push.sampleInterval();   // reporter: this interval (valid until the next call)
 * double p99 = last.getValueAtPercentile(99) / 1000.0;
 * }</pre>
 */
public final class LatencyRecorder {
    /** Values above this are clamped into the top bucket (and counted in {@link #clamped()}). */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    public static final int DIGITS = 3;

    private final String tag;
    private final Recorder recorder = new Recorder(1, HIGHEST_MICROS, DIGITS);
    private final Histogram cumulative = new Histogram(1, HIGHEST_MICROS, DIGITS);
    private final AtomicLong exactMax = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong clamped = new AtomicLong();
    private Histogram recycled;

    public LatencyRecorder(String tag) {
        this.tag = tag;
        cumulative.setTag(tag);
    }

    public String tag() {
        return tag;
    }

    /** Records one value in microseconds; negative values count as 0. */
    public void record(long micros) {
        long v = micros < 0 ? 0 : micros;
        if (v > HIGHEST_MICROS) {
            clamped.incrementAndGet();
            v = HIGHEST_MICROS;
        }
        recorder.recordValue(v);
        long m = exactMax.get();
        while (v > m && !exactMax.compareAndSet(m, v)) {
            m = exactMax.get();
        }
    }

    /** Records the time from {@code fromNanos} to {@code toNanos}. */
    public void recordNanos(long fromNanos, long toNanos) {
        record((toNanos - fromNanos) / 1000);
    }

    /**
     * The values recorded since the previous call, also folded into the whole-run histogram. The returned
     * histogram is reused by the next call: read or copy it before then.
     */
    public Histogram sampleInterval() {
        Histogram h = recorder.getIntervalHistogram(recycled);
        recycled = h;
        h.setTag(tag);
        cumulative.add(h);
        return h;
    }

    /** The whole-run histogram, up to the last {@link #sampleInterval()}. */
    public Histogram cumulative() {
        return cumulative;
    }

    /** Exact largest value recorded (µs), or 0 when nothing was recorded. */
    public long exactMaxMicros() {
        long m = exactMax.get();
        return m == Long.MIN_VALUE ? 0 : m;
    }

    /** Values above {@link #HIGHEST_MICROS} that were clamped. */
    public long clamped() {
        return clamped.get();
    }
}
