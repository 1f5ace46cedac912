package dev.goload.metrics;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The process CPU clock is exact on Linux, where the JDK's MXBean counts 10 ms clock ticks: a run's short last
 * interval read "loader cpu max=4.43 of 2 cores" from those ticks.
 */
class ProcessCpuClockTest {
    private static boolean linux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }

    @Test
    void onLinuxItReadsTheSchedulersRuntimeNotClockTicks() {
        assumeTrue(linux());
        assertTrue(ProcessCpuClock.precise(), "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) through FFM");
        // the smallest step between two different readings while this thread spins: clock ticks step by 10 ms
        long smallest = Long.MAX_VALUE;
        long prev = ProcessCpuClock.nanos();
        for (int changes = 0; changes < 50; ) {
            long now = ProcessCpuClock.nanos();
            assertTrue(now >= prev, "never goes back: " + prev + " then " + now);
            if (now != prev) {
                smallest = Math.min(smallest, now - prev);
                changes++;
            }
            prev = now;
        }
        assertTrue(smallest < 1_000_000, "steps of " + smallest + " ns: clock ticks, not the exact runtime");
    }

    @Test
    void agreesWithTheMxBeansTicks() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long busyUntil = System.nanoTime() + 50_000_000L;
        long x = 0;
        while (System.nanoTime() < busyUntil) x += x * 31 + 7;
        long ticks = os.getProcessCpuTime();
        long exact = ProcessCpuClock.nanos();
        long ticksAfter = os.getProcessCpuTime();
        assertTrue(exact >= ticks - 20_000_000L && exact <= ticksAfter + 20_000_000L,
                "exact " + exact + " against the MXBean's " + ticks + ".." + ticksAfter + " (x=" + x + ")");
    }
}
