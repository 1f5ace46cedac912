package dev.goload.report.html;

import java.util.Arrays;

/**
 * The report's time buckets: a run's intervals, in order, merged {@code k} adjacent ones at a time so that no series
 * has more than a point budget of points — a 24-hour run at 1 s intervals (86,400 of them) becomes ≤ 2,000 points of
 * 44 intervals each. Merging is exact: every interval falls entirely into one group, whose histograms are added and
 * whose counts are summed (never sampled). Immutable.
 *
 * <p>Rates are judged only on intervals long enough to judge them on: {@link #rateJudged} is false for an interval
 * shorter than {@link #MIN_RATE_FRACTION} of the run's report interval. That is the run's last one, from the last
 * boundary to the end of the drain (tens of milliseconds after a {@code -duration} run, during which nothing is
 * offered any more), or the short one after a late wake-up; divided by so little time its rates read zero or
 * noise, and drawn they end every rate timeline in a cliff. The report interval is the median interval length (the
 * CSV does not carry {@code -report}; all intervals but the last and a late wake-up's pair are that long).
 */
public final class IntervalGroups {
    /** Points per series in a report (a 24-hour run stays well under 5 MB of HTML). */
    public static final int DEFAULT_BUDGET = 2000;

    /** An interval shorter than this fraction of the report interval is too short to judge a rate on. */
    public static final double MIN_RATE_FRACTION = 0.5;

    private final long t0Ms;
    private final long[] startMs;
    private final long[] endMs;
    private final int k;
    private final int count;
    private final long reportMs;

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
        long[] len = new long[n];
        for (int i = 0; i < n; i++) len[i] = endMs[i] - startMs[i];
        Arrays.sort(len);
        // the upper median: of a full interval and the last one, the full one
        this.reportMs = n == 0 ? 0 : len[n / 2];
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

    /** The run's report interval as its intervals measure it (ms): their median length. */
    public long reportIntervalMs() {
        return reportMs;
    }

    /**
     * Whether interval {@code i} is long enough to judge a rate on: at least {@link #MIN_RATE_FRACTION} of the report
     * interval. Rate series leave the others out (their counts and their seconds); gauges and latencies keep them.
     */
    public boolean rateJudged(int i) {
        return endMs[i] - startMs[i] >= MIN_RATE_FRACTION * reportMs;
    }

    /** Seconds of group {@code g} that rates are judged on: the length of its {@link #rateJudged} intervals. */
    public double judgedSeconds(int g) {
        long ms = 0;
        for (int i = g * k; i < Math.min(endMs.length, g * k + k); i++) {
            if (rateJudged(i)) ms += endMs[i] - startMs[i];
        }
        return ms / 1000.0;
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
        int i = intervalAt(epochMs);
        return i < 0 ? -1 : groupOfInterval(i);
    }

    /** As {@link #groupAt}, but -1 also inside an interval too short to judge a rate on ({@link #rateJudged}). */
    public int judgedGroupAt(double epochMs) {
        int i = intervalAt(epochMs);
        return i < 0 || !rateJudged(i) ? -1 : groupOfInterval(i);
    }

    private int intervalAt(double epochMs) {
        if (count == 0 || epochMs < startMs[0] || epochMs > endMs[endMs.length - 1]) return -1;
        int i = Arrays.binarySearch(endMs, (long) Math.ceil(epochMs));
        if (i < 0) i = -i - 1;
        return Math.min(i, endMs.length - 1);
    }
}
