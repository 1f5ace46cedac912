package dev.goload.report.html;

import dev.goload.metrics.LatencySummary;
import dev.goload.report.HlogFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Reads a run's {@code .hlog} (one histogram per recorder tag per interval, µs) through
 * {@link HlogFiles} and merges it exactly: per tag, the histograms of each {@link IntervalGroups} group are
 * added into one, whose percentiles become that group's point; all of a tag's histograms added together are its
 * whole-run histogram (the percentile distribution). Streams the log: memory is two histograms per tag plus the
 * groups' points, whatever the run's length.
 */
public final class HlogSeries {
    /** The percentile lines of a latency timeline. */
    public static final String[] FIELDS = {"p50", "p99", "p999", "max"};

    /** One tag's timeline (ms per group, NaN where the group recorded nothing) and whole-run histogram. */
    public record Tag(String tag, Map<String, double[]> points, Histogram whole) {}

    private HlogSeries() {}

    /**
     * @param groups the run's groups, or null when the run has no interval CSV (then only whole-run histograms)
     * @return the tags in the order the log first names them
     */
    public static Map<String, Tag> read(Path hlog, IntervalGroups groups) throws IOException {
        return read(hlog, groups, Long.MAX_VALUE);
    }

    /**
     * As {@link #read(Path, IntervalGroups)} up to {@code untilEpochMs}: an incomplete record's last whole interval
     * ({@link HlogFiles#forEachUntil}, a torn last line tolerated); {@code Long.MAX_VALUE} reads the whole log as is.
     */
    public static Map<String, Tag> read(Path hlog, IntervalGroups groups, long untilEpochMs) throws IOException {
        Map<String, Acc> acc = new LinkedHashMap<>();
        java.util.function.Consumer<Histogram> each = h -> {
            Acc a = acc.computeIfAbsent(h.getTag(), t -> new Acc(h, groups == null ? 0 : groups.count()));
            int g = groups == null ? -1 : groups.groupOfSpan(h.getStartTimeStamp(), h.getEndTimeStamp());
            if (g != a.group) a.flush(g);
            addRecorded(a.current, h);
        };
        if (untilEpochMs == Long.MAX_VALUE) {
            HlogFiles.forEach(hlog, each);
        } else {
            HlogFiles.forEachUntil(hlog, untilEpochMs, each);
        }
        Map<String, Tag> out = new LinkedHashMap<>();
        acc.forEach((tag, a) -> {
            a.flush(-1);
            a.whole.setTag(tag);
            out.put(tag, new Tag(tag, a.points, a.whole));
        });
        return out;
    }

    /**
     * Adds {@code from} into {@code to} value by value: the same sum as {@link Histogram#add}, but walking only up to
     * the largest recorded value instead of the whole counts array (an interval's latencies sit in the first few
     * thousand of its ~23,000 buckets), which is most of the cost of merging a day of one-second histograms.
     */
    static void addRecorded(Histogram to, Histogram from) {
        for (HistogramIterationValue v : from.recordedValues()) {
            to.recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
        }
    }

    /** One tag's running sums: the whole run, and the group being filled. */
    private static final class Acc {
        final Histogram whole;
        final Histogram current;
        final Map<String, double[]> points = new LinkedHashMap<>();
        int group = -1;

        Acc(Histogram like, int groups) {
            whole = new Histogram(like.getLowestDiscernibleValue(), like.getHighestTrackableValue(),
                    like.getNumberOfSignificantValueDigits());
            current = new Histogram(like.getLowestDiscernibleValue(), like.getHighestTrackableValue(),
                    like.getNumberOfSignificantValueDigits());
            for (String f : FIELDS) {
                double[] a = new double[groups];
                Arrays.fill(a, Double.NaN);
                points.put(f, a);
            }
        }

        /**
         * Ends the group being filled (its percentiles become its point; its sum goes into the whole run) and starts
         * {@code next}. Histograms outside every group (-1) still count in the whole run.
         */
        void flush(int next) {
            whole.add(current);
            if (group >= 0 && current.getTotalCount() > 0) {
                LatencySummary s = LatencySummary.of(current);
                points.get("p50")[group] = s.p50();
                points.get("p99")[group] = s.p99();
                points.get("p999")[group] = s.p999();
                points.get("max")[group] = s.max();
            }
            current.reset();
            group = next;
        }
    }
}
