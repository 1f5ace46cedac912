package dev.goload.report.html;

import java.util.Arrays;

/**
 * The report's time buckets: a run's intervals, in order, merged {@code k} adjacent ones at a time so that no series
 * has more than a point budget of points — a 24-hour run at 1 s intervals (86,400 of them) becomes ≤ 2,000 points of
 * 44 intervals each. Merging is exact: every interval falls entirely into one group, whose histograms are added and
 * whose counts are summed (never sampled). Immutable.
 */
public final class IntervalGroups {
    /** Points per series in a report (a 24-hour run stays well under 5 MB of HTML). */
    public static final int DEFAULT_BUDGET = 2000;

    private final long t0Ms;
    private final long[] startMs;
    private final long[] endMs;
    private final int k;
    private final int count;

    /**
     * @param t0Ms    the run's T0 (epoch ms), the origin of the time axis
     * @param startMs each interval's start (epoch ms), ascending
     * @param endMs   each interval's end (epoch ms)
     * @param budget  the most groups wanted (≥ 1)
     */
    public IntervalGroups(long t0Ms, long[] startMs, long[] endMs, int budget) {
        if (startMs.length != endMs.length) throw new IllegalArgumentException("spans differ in length");
        if (budget < 1) throw new IllegalArgumentException("budget must be >= 1");
        this.t0Ms = t0Ms;
        this.startMs = startMs.clone();
        this.endMs = endMs.clone();
        int n = startMs.length;
        this.k = Math.max(1, (n + budget - 1) / budget);
        this.count = (n + k - 1) / k;
    }

    /** Intervals per group (the last group may hold fewer). */
    public int intervalsPerGroup() {
        return k;
    }

    /** Number of groups (points per series). */
    public int count() {
        return count;
    }

    public int intervals() {
        return startMs.length;
    }

    public long t0Ms() {
        return t0Ms;
    }

    public int groupOfInterval(int i) {
        return i / k;
    }

    /**
     * The group of the interval a histogram spanning [{@code fromMs}, {@code toMs}] was recorded in: the interval whose
     * span holds its middle (the log's timestamps are rounded to the millisecond), or -1 when none does.
     */
    public int groupOfSpan(long fromMs, long toMs) {
        double mid = (fromMs + toMs) / 2.0;
        int i = Arrays.binarySearch(endMs, (long) Math.ceil(mid));
        if (i < 0) i = -i - 1;
        if (i >= endMs.length || mid < startMs[i] - 1) return -1;
        return groupOfInterval(i);
    }

    /** The first interval's start of group {@code g} (epoch ms). */
    public long groupStartMs(int g) {
        return startMs[g * k];
    }

    /** The last interval's end of group {@code g} (epoch ms). */
    public long groupEndMs(int g) {
        return endMs[Math.min(endMs.length - 1, g * k + k - 1)];
    }

    /** The time axis: each group's end, in seconds since T0. */
    public double[] xSeconds() {
        double[] x = new double[count];
        for (int g = 0; g < count; g++) x[g] = (groupEndMs(g) - t0Ms) / 1000.0;
        return x;
    }

    /** The group holding the instant {@code epochMs}, or -1 outside the run's intervals. */
    public int groupAt(double epochMs) {
        if (count == 0 || epochMs < startMs[0] || epochMs > endMs[endMs.length - 1]) return -1;
        int i = Arrays.binarySearch(endMs, (long) Math.ceil(epochMs));
        if (i < 0) i = -i - 1;
        return groupOfInterval(Math.min(i, endMs.length - 1));
    }
}
