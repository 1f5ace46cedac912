package dev.goload.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code /usr/bin/time -v} said about one process (the launcher execs the JVM, so that is the whole loader:
 * JIT compilation, GC and every thread included), read from its {@code -o} file.
 *
 * @param userSec   user CPU seconds
 * @param sysSec    system CPU seconds
 * @param wallSec   elapsed wall-clock seconds
 * @param maxRssKb  peak resident set, KiB ("Maximum resident set size (kbytes)")
 * @param exitCode  the command's exit status (0 unless time printed "Command exited with non-zero status N")
 */
record GnuTime(double userSec, double sysSec, double wallSec, long maxRssKb, int exitCode) {
    /** user + sys, in time's own centiseconds (a double sum would print 10.25 + 0.67 as 10.920000000000002). */
    double cpuSec() {
        return Math.round((userSec + sysSec) * 100) / 100.0;
    }

    /** The figures in {@code file}, or null when it does not exist (the phase did not run under time). */
    static GnuTime read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return null;
        double user = 0, sys = 0, wall = 0;
        long rss = 0;
        int exit = 0;
        for (String raw : Files.readAllLines(file)) {
            String line = raw.trim();
            String v = line.substring(line.lastIndexOf(' ') + 1);
            if (line.startsWith("User time (seconds):")) user = Double.parseDouble(v);
            else if (line.startsWith("System time (seconds):")) sys = Double.parseDouble(v);
            else if (line.startsWith("Maximum resident set size (kbytes):")) rss = Long.parseLong(v);
            else if (line.startsWith("Elapsed (wall clock) time")) wall = clock(v);
            else if (line.startsWith("Command exited with non-zero status")) exit = Integer.parseInt(v);
        }
        return new GnuTime(user, sys, wall, rss, exit);
    }

    /** {@code [h:]mm:ss.ss} in seconds. */
    static double clock(String v) {
        double s = 0;
        for (String part : v.split(":")) s = s * 60 + Double.parseDouble(part);
        return s;
    }
}
