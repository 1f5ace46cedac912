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
 * share. Streams: one interval histogram at a time. Stateless.
 */
public final class HlogFiles {
    private HlogFiles() {}

    /**
     * Hands each interval histogram of {@code hlog} to {@code each}, its tag set to "" when the log names none. A
     * histogram type goload does not write (a {@code DoubleHistogram}) is an {@link IOException}: skipping it would
     * drop values silently.
     */
    public static void forEach(Path hlog, Consumer<Histogram> each) throws IOException {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            for (EncodableHistogram e; (e = reader.nextIntervalHistogram()) != null; ) {
                if (!(e instanceof Histogram h)) {
                    throw new IOException(hlog + " holds a histogram type goload does not write");
                }
                if (h.getTag() == null) h.setTag("");
                each.accept(h);
            }
        } finally {
            reader.close();
        }
    }
}
