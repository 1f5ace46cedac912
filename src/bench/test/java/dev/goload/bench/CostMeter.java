package dev.goload.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The cost harnesses' one measurement: runs {@code work} {@code calls / 2} times to warm it, then {@code calls}
 * times, and prints the bytes the calling thread allocated (deterministic) and its CPU time per message.
 */
public final class CostMeter {
    /** One call of the work measured. */
    public interface Work {
        void run() throws Exception;
    }

    private CostMeter() {
    }

    public static void print(String what, int calls, int messagesPerCall, Work work) throws Exception {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        for (int i = 0; i < calls / 2; i++) work.run();
        long a0 = mx.getThreadAllocatedBytes(id);
        long c0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) work.run();
        long c1 = mx.getCurrentThreadCpuTime();
        long a1 = mx.getThreadAllocatedBytes(id);
        double msgs = (double) calls * messagesPerCall;
        System.out.printf(Locale.ROOT, "%-14s %8.1f B/msg %7.3f us/msg%n", what, (a1 - a0) / msgs,
                (c1 - c0) / 1000.0 / msgs);
    }
}
