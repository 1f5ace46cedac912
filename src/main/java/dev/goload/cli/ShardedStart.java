package dev.goload.cli;

import dev.goload.config.ShardOptions;
import dev.goload.modes.ShardStart;
import dev.goload.report.RunRecordWriter;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.PerShardFlags;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Instant;
import java.util.Locale;

/**
 * A command's side of a sharded run's start (docs/distributed.md): opens the {@link CoordinatedStart} (shard 0 with
 * {@code -coordinate-listen} serves the barrier from now until {@link #close()}), hands the engine a
 * {@link ShardStart.Gate} that joins it with this run's id and configuration fingerprint, prints the start and a large
 * clock offset on the console, and names the shard in the run record.
 *
 * <p>Not thread-safe beyond the engine calling the gate once on its thread.
 */
final class ShardedStart implements AutoCloseable {
    private final ShardOptions opts;
    private final CoordinatedStart coordinated;
    private volatile CoordinatedStart.Start start;

    private ShardedStart(ShardOptions opts, CoordinatedStart coordinated) {
        this.opts = opts;
        this.coordinated = coordinated;
    }

    /** @throws IOException shard 0 cannot serve the barrier on {@code -coordinate-listen} */
    static ShardedStart open(ShardOptions opts) throws IOException {
        return new ShardedStart(opts, CoordinatedStart.open(opts, ShardedStart::epochNanos));
    }

    /** The gate the engine awaits after its warm-up; the fingerprint is of every flag except the per-shard ones. */
    ShardStart.Gate gate(String runId, ParsedFlags f, PrintStream out) {
        String fingerprint = PerShardFlags.fingerprint(LoadModeSupport.maskedFlags(f));
        return epochNanos -> {
            CoordinatedStart.Start s = coordinated.await(runId, fingerprint, host(), epochNanos);
            start = s;
            if (s != null) {
                out.printf(Locale.ROOT, "[shard] shard %s: T0 %s%s%n", opts.shard(), Instant.ofEpochMilli(s.t0EpochMs()),
                        s.coordinator() == null ? " (-start-at)" : String.format(Locale.ROOT,
                                " from %s, clock offset %.1f ms", s.coordinator(), s.clockOffsetMs()));
                String warning = s.offsetWarning();
                if (warning != null) out.println(warning);
            }
            return s;
        };
    }

    /** Names this run's shard and T0 in the record (nothing for an unsharded, uncoordinated run: its bytes stay). */
    void record(RunRecordWriter<?> writer) {
        if (!opts.sharded() && !opts.coordinated()) return;
        CoordinatedStart.Start s = start;
        writer.shard(opts.shard().index(), opts.shard().count(), s == null ? null : s.t0EpochMs(),
                s == null ? null : s.clockOffsetMs(), s == null ? null : s.coordinator());
    }

    /** This host's name as the barrier lists the shard ("unknown" when it cannot be resolved). */
    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The epoch clock the barrier's offset measurement reads. */
    static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public void close() {
        coordinated.close();
    }
}
