package dev.goload.report;

import dev.goload.modes.StartGate;
import dev.goload.shard.CoordinatedStart;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Locale;

/**
 * The console lines of a coordinated start, the same in every mode that can be sharded (docs/distributed.md):
 * <pre>
 * [shard] I/N starts at T0 &lt;instant&gt; (-start-at)
 * [shard] I/N starts at T0 &lt;instant&gt; (coordinator &lt;url&gt;, clock offset ±x.x ms)
 * [shard] WARNING: I/N reached T0 x ms late (up to 250 ms is tolerated): its schedule stays anchored on T0 …
 * [shard] WARNING: this loader's clock is x ms behind the coordinator's …
 * </pre>
 * Printed when T0 is known, before the wait. These are goload's lines (the reference had no sharding).
 */
final class StartLines {
    private StartLines() {}

    static void print(PrintStream out, StartGate.Started st) {
        CoordinatedStart.Start s = st.start();
        String via = s.coordinator() == null ? "-start-at"
                : String.format(Locale.ROOT, "coordinator %s, clock offset %+.1f ms", s.coordinator(), s.clockOffsetMs());
        out.printf(Locale.ROOT, "[shard] %s starts at T0 %s (%s)%n", st.shard(), Instant.ofEpochMilli(s.t0EpochMs()),
                via);
        long lateMs = st.lateNanos() / 1_000_000L;
        if (lateMs > 0) {
            out.printf(Locale.ROOT, "[shard] WARNING: %s reached T0 %d ms late (up to %d ms is tolerated): its schedule"
                    + " stays anchored on T0, the sends due meanwhile are caught up or shed by its pacer%n", st.shard(),
                    lateMs, StartGate.LATE_TOLERANCE_NANOS / 1_000_000L);
        }
        String warning = s.offsetWarning();
        if (warning != null) out.println(warning);
    }
}
