package dev.goload.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kernel's per-thread counters of this process ({@code /proc/self/task/*}): voluntary and involuntary context
 * switches and user + system CPU ticks, summed by thread name. Two snapshots around a steady window, divided by the
 * requests scheduled in it, give the wake-ups and CPU per request of each thread, independent of the machine's load
 * (a wake-up is counted whether it cost 5 or 50 us).
 */
final class TaskCounters {
    /** Voluntary switches, involuntary switches, CPU ticks (user + system), by thread name. */
    final Map<String, long[]> byName = new TreeMap<>();

    private TaskCounters() {}

    /** A snapshot of given counters (tests). */
    static TaskCounters of(Map<String, long[]> byName) {
        TaskCounters t = new TaskCounters();
        byName.forEach((k, v) -> t.byName.put(k, v.clone()));
        return t;
    }

    /** Linux only; an empty snapshot elsewhere or when /proc cannot be read. */
    static TaskCounters snapshot() {
        TaskCounters t = new TaskCounters();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    long[] v = t.byName.computeIfAbsent(name, k -> new long[3]);
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) v[0] += number(line);
                        else if (line.startsWith("nonvoluntary_ctxt_switches:")) v[1] += number(line);
                    }
                    String stat = Files.readString(task.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    v[2] += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14, 15)
                } catch (IOException | RuntimeException gone) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException noProc) {
            // not Linux: no figures
        }
        return t;
    }

    private static long number(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
    }

    /**
     * {@code {"voluntary":v,"involuntary":i,"cpuMicros":c,"byThread":{name:[v,i,c],...}}} per request of
     * {@code requests} between {@code before} and {@code after}; threads under 0.01 switches and 0.1 us per request
     * are left out of {@code byThread}. Ticks are taken as 10 ms (USER_HZ 100).
     */
    static String perRequestJson(TaskCounters before, TaskCounters after, double requests) {
        double[] total = new double[3];
        StringBuilder threads = new StringBuilder();
        for (var e : after.byName.entrySet()) {
            long[] b = before.byName.getOrDefault(e.getKey(), new long[3]);
            double[] d = new double[3];
            for (int k = 0; k < 3; k++) {
                d[k] = (e.getValue()[k] - b[k]) / requests * (k == 2 ? 10_000 : 1);
                total[k] += d[k];
            }
            if (d[0] < 0.01 && d[1] < 0.01 && d[2] < 0.1) continue;
            if (!threads.isEmpty()) threads.append(',');
            threads.append(String.format(Locale.ROOT, "\"%s\":[%.3f,%.3f,%.2f]", e.getKey().replace("\"", "'"),
                    d[0], d[1], d[2]));
        }
        return String.format(Locale.ROOT, "{\"voluntary\":%.3f,\"involuntary\":%.3f,\"cpuMicros\":%.2f,\"byThread\":{%s}}",
                total[0], total[1], total[2], threads);
    }
}
