package dev.goload.metrics;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The process's CPU time (every thread, live or ended), to the nanosecond. The JDK's
 * {@code OperatingSystemMXBean.getProcessCpuTime()} reads {@code times(2)} on Linux, in clock ticks (10 ms): over a
 * one-second interval that is ±1 %, but over the short last interval of a run (tens of milliseconds) it said
 * "loader cpu max=4.43 of 2 cores". On Linux this reads {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} (the
 * scheduler's exact runtime) through the FFM API; elsewhere, or where the call is unavailable, the MXBean.
 *
 * <p>Native access: the jar's manifest has {@code Enable-Native-Access: ALL-UNNAMED}; a JVM started with
 * {@code -cp} and without {@code --enable-native-access=ALL-UNNAMED} reads the MXBean (the JDK would warn on stderr
 * otherwise). {@link #precise()} says which source is in use.
 */
public final class ProcessCpuClock {
    /** {@code CLOCK_PROCESS_CPUTIME_ID} in Linux's {@code <time.h>}. */
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;
    private static final MethodHandle CLOCK_GETTIME = clockGettime();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpuClock() {}

    @SuppressWarnings("restricted") // native access is checked first (isNativeAccessEnabled)
    private static MethodHandle clockGettime() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) return null;
        // without native access granted (java -cp ... without --enable-native-access) the JDK would print a warning
        // on stderr at the first downcall: the MXBean then, silently
        if (!ProcessCpuClock.class.getModule().isNativeAccessEnabled()) return null;
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle h = linker.defaultLookup().find("clock_gettime")
                    .map(f -> linker.downcallHandle(f, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.ADDRESS)))
                    .orElse(null);
            if (h == null) return null;
            // struct timespec is two 64-bit fields on the 64-bit Linux ABIs; checked once here
            return read(h) >= 0 ? h : null;
        } catch (Throwable e) { // no native access allowed, an unknown ABI, ...: the MXBean
            return null;
        }
    }

    private static long read(MethodHandle h) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ts = a.allocate(16, 8);
            int rc = (int) h.invokeExact(CLOCK_PROCESS_CPUTIME_ID, ts);
            if (rc != 0) return -1;
            long sec = ts.get(ValueLayout.JAVA_LONG, 0);
            long nsec = ts.get(ValueLayout.JAVA_LONG, 8);
            return sec < 0 || nsec < 0 || nsec >= 1_000_000_000L ? -1 : sec * 1_000_000_000L + nsec;
        }
    }

    /** The process's CPU time so far, in nanoseconds (user + system, every thread). */
    public static long nanos() {
        if (CLOCK_GETTIME != null) {
            try {
                long n = read(CLOCK_GETTIME);
                if (n >= 0) return n;
            } catch (Throwable e) {
                // fall through to the MXBean
            }
        }
        return OS.getProcessCpuTime();
    }

    /** Whether {@link #nanos()} reads the scheduler's exact runtime (else the MXBean's clock ticks). */
    public static boolean precise() {
        return CLOCK_GETTIME != null;
    }
}
