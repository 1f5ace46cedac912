package dev.goload.report.html;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One run, read for a report or a comparison: its record, its interval CSV merged into at most {@code budget} groups,
 * and its {@code .hlog} merged into the same groups and into whole-run histograms.
 *
 * @param csv   the merged interval series, or null when the run has no interval CSV
 * @param tags  per recorder tag, the merged timeline and whole-run histogram (empty without a {@code .hlog})
 */
public record RunData(RunFiles files, RunRecord record, IntervalCsvSeries.Result csv, Map<String, HlogSeries.Tag> tags) {

    /**
     * Reads the run. An incomplete record ({@link RunRecord#complete}) is read to its last whole interval: the CSV's
     * first {@code intervals} rows and the {@code .hlog}'s intervals up to {@code endedAt} (a row or histogram the
     * loader wrote after that checkpoint, a torn last line included, is left out), so every figure of the page covers
     * the same stretch as the record's.
     */
    public static RunData load(RunFiles f, int budget) throws IOException {
        RunRecord r = RunRecord.of(f.json());
        int rows = r.complete() ? Integer.MAX_VALUE : r.intervals();
        IntervalCsvSeries.Result csv = f.csv() == null || rows == 0 ? null
                : IntervalCsvSeries.read(f.csv(), r.startedEpochMs(), budget, rows);
        long until = r.complete() ? Long.MAX_VALUE : r.endedEpochMs();
        Map<String, HlogSeries.Tag> tags = f.hlog() == null || rows == 0 ? Map.of()
                : HlogSeries.read(f.hlog(), csv == null ? null : csv.groups(), until);
        return new RunData(f, r, csv, tags);
    }

    /** The time axis (seconds since T0 per group); empty without a CSV. */
    public double[] x() {
        return csv == null ? new double[0] : csv.groups().xSeconds();
    }

    public Map<String, double[]> series() {
        return csv == null ? Map.of() : csv.series();
    }

    /** Whole-run histogram per tag: the sum of every interval of the log. */
    public Map<String, Histogram> whole() {
        Map<String, Histogram> m = new LinkedHashMap<>();
        tags.forEach((t, s) -> m.put(t, s.whole()));
        return m;
    }
}
