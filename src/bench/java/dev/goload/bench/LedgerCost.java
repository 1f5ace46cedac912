package dev.goload.bench;

import dev.goload.verify.TenantLedger;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * The CPU the (tenant, seq) verification itself spends per message, apart from everything else a cloud run does:
 * {@code tenants} ledgers, each message marked sent and recorded received once (the two calls a cloud push and
 * its delivery make), round-robin over the tenants as a cloud run interleaves them; the calling thread's CPU time
 * over the loop (after one untimed pass for the JIT), and the ledgers' heap bytes at the end
 * ({@link TenantLedger#heldBytes}). One line of JSON on stdout. {@code scripts/bench}'s verify phase runs it; the
 * end-to-end cloud runs beside it carry the noise of a whole loader and broker.
 *
 * <p>Usage: {@code java -cp goload.jar:goload-bench.jar dev.goload.bench.LedgerCost TENANTS MESSAGES}. Not thread-safe; a tool.
 */
public final class LedgerCost {
    private LedgerCost() {}

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: LedgerCost TENANTS MESSAGES");
            System.exit(2);
        }
        int tenants = Integer.parseInt(args[0]);
        long messages = Long.parseLong(args[1]);
        run(tenants, Math.min(messages, 1_000_000)); // warm-up pass: compiled before the measured one
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        TenantLedger[] ledgers = run(tenants, messages);
        long ns = mx.getCurrentThreadCpuTime() - t0;
        long bitmap = 0, missing = 0;
        for (TenantLedger l : ledgers) {
            bitmap += l.bitmapBytes();
            missing += l.result().missing();
        }
        long held = TenantLedger.heldBytes(tenants, bitmap);
        System.out.printf(Locale.ROOT, "{\"tenants\":%d,\"messages\":%d,\"cpuNanosPerMsg\":%.1f,\"ledgerBytes\":%d,"
                + "\"ledgerBytesPerTenant\":%d,\"missing\":%d}%n", tenants, messages, (double) ns / messages, held,
                held / tenants, missing);
    }

    /** {@code messages} messages over {@code tenants} fresh ledgers, each reserved, sent and received once. */
    private static TenantLedger[] run(int tenants, long messages) {
        TenantLedger[] ledgers = new TenantLedger[tenants];
        long[] seq = new long[tenants];
        for (int i = 0; i < tenants; i++) ledgers[i] = new TenantLedger(i, "t" + i, "c", "q");
        for (long m = 0; m < messages; m++) {
            int t = (int) (m % tenants);
            long s = ++seq[t];
            TenantLedger l = ledgers[t];
            l.noteAssigned(s);
            l.markSent(s, 1);
            l.recordReceived(s);
        }
        return ledgers;
    }
}
