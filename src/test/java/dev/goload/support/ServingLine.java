package dev.goload.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Waits for a run's {@code [metrics] serving URL} or {@code [dashboard] serving URL} line on its captured stderr. */
public final class ServingLine {
    private ServingLine() {}

    /**
     * @param line  the line's pattern, its group 1 the URL
     * @param err   the run's stderr as it is written
     * @param run   the run: one that ended without the line fails at once
     * @param which {@code metrics} or {@code dashboard}, for the message
     * @return the URL, within 30 s
     */
    public static String await(Pattern line, ByteArrayOutputStream err, Future<?> run, String which)
            throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            Matcher m = line.matcher(err.toString(StandardCharsets.UTF_8));
            if (m.find()) return m.group(1);
            if (run.isDone()) throw new AssertionError("the run ended without serving: " + err);
            Thread.sleep(50);
        }
        throw new AssertionError("no [" + which + "] serving line on stderr: " + err);
    }
}
