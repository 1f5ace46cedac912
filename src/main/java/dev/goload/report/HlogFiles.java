package dev.goload.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads a run's {@code .hlog} (RunRecordWriter's, or a merged run's) interval by interval, in file order, with
 * HdrHistogram's {@link HistogramLogReader}: the one loop the HTML report, {@code goload merge} and the bench summary
 * share. Streams: one interval histogram at a time. Stateless. An incomplete run's log is read to its record's last
 * whole interval, a torn last line tolerated ({@link #forEachUntil}).
 */
public final class HlogFiles {
    private HlogFiles() {}

    /**
     * Hands each interval histogram of {@code hlog} to {@code each}, its tag set to "" when the log names none. A
     * histogram type goload does not write (a {@code DoubleHistogram}) is an {@link IOException}: skipping it would
     * drop values silently.
     */
    public static void forEach(Path hlog, Consumer<Histogram> each) throws IOException {
        read(hlog, Long.MAX_VALUE, false, each);
    }

    /**
     * The log of an incomplete run record (docs/run-record.md#incomplete-records): as {@link #forEach}, but only the
     * intervals that end by {@code untilEpochMs} (the record's last whole interval's end; an interval is in when its
     * middle is before it, so a millisecond of rounding in the log's timestamps decides nothing), and a line that
     * does not decode — the torn last line of a loader killed while writing it — ends the log instead of failing it.
     *
     * @return true when the log ended at an undecodable line
     */
    public static boolean forEachUntil(Path hlog, long untilEpochMs, Consumer<Histogram> each) throws IOException {
        return read(hlog, untilEpochMs, true, each);
    }

    private static boolean read(Path hlog, long untilEpochMs, boolean tornTailEnds, Consumer<Histogram> each)
            throws IOException {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            while (true) {
                EncodableHistogram e;
                try {
                    e = reader.nextIntervalHistogram();
                } catch (RuntimeException torn) {
                    if (!tornTailEnds) throw torn;
                    return true;
                }
                if (e == null) return false;
                if (!(e instanceof Histogram h)) {
                    throw new IOException(hlog + " holds a histogram type goload does not write");
                }
                if ((h.getStartTimeStamp() + h.getEndTimeStamp()) / 2.0 >= untilEpochMs) return false;
                if (h.getTag() == null) h.setTag("");
                each.accept(h);
            }
        } finally {
            reader.close();
        }
    }
}
