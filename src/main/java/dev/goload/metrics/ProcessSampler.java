package dev.goload.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Samples the loader process itself: CPU time used (as cores busy over the interval), the machine's CPU
 * load, GC pause time and count, and resident memory. Collectors whose MX bean counts concurrent cycles
 * ("… Cycles" for ZGC and Shenandoah) are left out, so the GC figures are stop-the-world pauses.
 *
 * <p>Threading: one sampling thread (the reporter).
 */
public final class ProcessSampler {

    /** One interval of the loader's own resource use. */
    public record Sample(double cpuCores, double machineCpu, long gcPauses, double gcPauseMs, long rssBytes,
                         long heapUsedBytes) {}

    private final com.sun.management.OperatingSystemMXBean os;
    private final java.util.function.LongSupplier cpuNanos;
    private final java.util.function.LongSupplier wallNanos;
    private final List<GarbageCollectorMXBean> pauseCollectors;
    private long lastCpuNanos;
    private long lastWallNanos;
    private long lastGcCount;
    private long lastGcMillis;
    private long peakRss;
    private long totalGcCount;
    private double totalGcMs;

    /** This process: its exact CPU time ({@link ProcessCpuClock}) over {@link System#nanoTime()}. */
    public ProcessSampler() {
        this(ProcessCpuClock::nanos, System::nanoTime);
    }

    /**
     * CPU time and wall time from the given clocks (nanoseconds; GC, RSS and the machine's load stay this
     * process's): for runs on a manual clock, whose intervals would otherwise divide this JVM's real CPU by a few
     * microseconds of real time.
     */
    public ProcessSampler(java.util.function.LongSupplier cpuNanos, java.util.function.LongSupplier wallNanos) {
        this.cpuNanos = cpuNanos;
        this.wallNanos = wallNanos;
        this.os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        this.pauseCollectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(b -> !b.getName().endsWith("Cycles"))
                .toList();
        this.lastCpuNanos = cpuNanos.getAsLong();
        this.lastWallNanos = wallNanos.getAsLong();
        this.lastGcCount = gcCount();
        this.lastGcMillis = gcMillis();
    }

    public Sample sample() {
        long cpu = cpuNanos.getAsLong();
        long wall = wallNanos.getAsLong();
        long count = gcCount();
        long millis = gcMillis();
        double cores = wall > lastWallNanos ? (cpu - lastCpuNanos) / (double) (wall - lastWallNanos) : 0;
        long dCount = count - lastGcCount;
        long dMillis = millis - lastGcMillis;
        lastCpuNanos = cpu;
        lastWallNanos = wall;
        lastGcCount = count;
        lastGcMillis = millis;
        totalGcCount += dCount;
        totalGcMs += dMillis;
        long rss = rssBytes();
        peakRss = Math.max(peakRss, rss);
        double load = os.getCpuLoad();
        Runtime rt = Runtime.getRuntime();
        return new Sample(cores, load < 0 ? Double.NaN : load, dCount, dMillis, rss, rt.totalMemory() - rt.freeMemory());
    }

    /** Total process CPU time so far, in nanoseconds. */
    public long processCpuNanos() {
        return cpuNanos.getAsLong();
    }

    /** The wall clock the CPU is divided by, in nanoseconds. */
    public long wallNanos() {
        return wallNanos.getAsLong();
    }

    public long peakRssBytes() {
        return peakRss;
    }

    public long totalGcPauses() {
        return totalGcCount;
    }

    public double totalGcPauseMs() {
        return totalGcMs;
    }

    private long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean b : pauseCollectors) {
            n += Math.max(0, b.getCollectionCount());
        }
        return n;
    }

    private long gcMillis() {
        long n = 0;
        for (GarbageCollectorMXBean b : pauseCollectors) {
            n += Math.max(0, b.getCollectionTime());
        }
        return n;
    }

    /** Resident set size from /proc/self/status (Linux); 0 where unreadable. */
    static long rssBytes() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] f = line.trim().split("\\s+");
                    return Long.parseLong(f[1]) * 1024;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }
}
