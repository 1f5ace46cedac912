package dev.goload.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import org.HdrHistogram.Recorder;

/**
 * A latency distribution in microseconds, kept as an interval histogram and a whole-run histogram, both
 * HdrHistogram with 3 significant digits (0.1 %) from 1 µs to one hour. Memory is fixed whatever the run length or
 * rate: a 24-hour soak costs what a 10-second run costs.
 *
 * <p>Memory, because every mode holds its eight common recorders whether it records into them or not (a consume
 * run records into two or three, a push run into five): the recording side (HdrHistogram's {@link Recorder}, two
 * fixed 189 KB arrays) is created by the first {@link #record}, so a recorder nothing is recorded into costs a few
 * hundred bytes; the whole-run histogram is a {@link PackedHistogram}, whose counts take space only for the buckets
 * that were hit (~1-20 KB for a latency distribution instead of 189 KB). Either way a histogram holds the same
 * counts, percentiles and encoding (the {@code .hlog} bytes do not depend on it: {@code LatencyRecorderTest}).
 *
 * <p>Threading: {@link #record(long)} is lock-free (the recorder's creation is one compare-and-set that a racing
 * thread may lose, then use the winner's) and may be called from any number of threads at once.
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

    private static final VarHandle RECORDER;

    static {
        try {
            RECORDER = MethodHandles.lookup().findVarHandle(LatencyRecorder.class, "recorder", Recorder.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String tag;
    /** Null until the first value is recorded. */
    private volatile Recorder recorder;
    private final Histogram cumulative = new PackedHistogram(1, HIGHEST_MICROS, DIGITS);
    private final AtomicLong exactMax = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong clamped = new AtomicLong();
    /** The recorder's last interval histogram, handed back to it for reuse. */
    private Histogram recycled;
    /** What {@link #sampleInterval} returns while nothing was ever recorded. */
    private Histogram empty;

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
        Recorder r = recorder;
        if (r == null) r = create();
        r.recordValue(v);
        long m = exactMax.get();
        while (v > m && !exactMax.compareAndSet(m, v)) {
            m = exactMax.get();
        }
    }

    private Recorder create() {
        Recorder made = new Recorder(1, HIGHEST_MICROS, DIGITS);
        Recorder won = (Recorder) RECORDER.compareAndExchange(this, (Recorder) null, made);
        return won == null ? made : won;
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
        Recorder r = recorder;
        if (r == null) {
            if (empty == null) {
                empty = new PackedHistogram(1, HIGHEST_MICROS, DIGITS);
                empty.setTag(tag);
            }
            return empty;
        }
        Histogram h = r.getIntervalHistogram(recycled);
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
