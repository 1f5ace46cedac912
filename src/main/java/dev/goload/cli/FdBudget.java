package dev.goload.cli;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Whether a run's sockets fit the process's file-descriptor limit ({@code ulimit -n}). With {@code -embedded} one
 * process holds both ends of every connection: ten thousand parked long-polls then need twenty thousand
 * descriptors, and once they are gone every new socket fails with "Too many open files" (every push of
 * {@code -mode tenants} at its default shape failed so, and the JDK server's accept loop spun on it). So:
 * a broker that would not fit in the loader's process runs in a child JVM ({@link BrokerLaunchers#forked}),
 * and a loader that alone does not fit stops before it starts.
 *
 * @param sockets the loader's sockets at most (see {@link #sockets(long, long, long)})
 * @param limit   the descriptor limit; {@code <= 0}: unknown (not a Unix JVM), everything fits
 */
public record FdBudget(long sockets, long limit) {
    /** Descriptors beyond the sockets: the JVM's jars and pipes, the record's files, a margin. */
    static final long SPARE = 256;

    /** Where the embedded broker goes. */
    public enum Placement { IN_PROCESS, CHILD_JVM, LOADER_OVER_LIMIT }

    /**
     * A run's sockets: one parked long-poll per consumer, one push in flight per producer, plus the pushes' and
     * acks' pooled keep-alive sockets (at most {@code idleConns}, and no more than there are producers).
     */
    public static long sockets(long consumers, long producers, long idleConns) {
        return consumers + producers + Math.min(Math.max(0, idleConns), producers);
    }

    /** This process's limit ({@code getMaxFileDescriptorCount}); 0 when the JVM cannot tell. */
    public static long processLimit() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean u
                ? u.getMaxFileDescriptorCount() : 0;
    }

    /** Descriptors the loader needs on its own. */
    public long loaderNeed() {
        return sockets + SPARE;
    }

    /** Descriptors loader and broker need in one process (each connection has both ends here). */
    public long inProcessNeed() {
        return 2 * sockets + SPARE;
    }

    public Placement placement() {
        if (limit <= 0) return Placement.IN_PROCESS;
        if (loaderNeed() > limit) return Placement.LOADER_OVER_LIMIT;
        return inProcessNeed() > limit ? Placement.CHILD_JVM : Placement.IN_PROCESS;
    }

    /** Why the broker runs in a child JVM (stderr, after the child's pid). */
    public String childReason() {
        return String.format(Locale.ROOT, "%d sockets need %d file descriptors in one process, limit %d", sockets,
                inProcessNeed(), limit);
    }

    /** Why the run cannot start (exit 1). */
    public String overLimitMessage() {
        return String.format(Locale.ROOT, "needs %d file descriptors (%d sockets + %d), ulimit -n is %d: raise it"
                + " (ulimit -n) or run fewer consumers", loaderNeed(), sockets, SPARE, limit);
    }
}
