package dev.goload.cli;

import dev.goload.config.ShardOptions;
import dev.goload.modes.StartGate;
import dev.goload.report.RunRecordWriter;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.PerShardFlags;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Instant;
import java.util.Map;

/**
 * Every sharded command's side of its start (docs/distributed.md): opens the {@link CoordinatedStart} (shard 0 with
 * {@code -coordinate-listen} serves the barrier from now until {@link #close()}), hands the engine the one
 * {@link StartGate} over it (joined with this run's id and configuration fingerprint, cancelled when the run is
 * stopped), and names the shard, T0, the clock offset and the lateness in the run record. The console lines are the
 * engine's {@link StartGate.Started} note, rendered by the mode's console.
 *
 * <p>Not thread-safe beyond the engine awaiting the gate once on its thread.
 */
final class ShardedStart implements AutoCloseable {
    private final ShardOptions opts;
    private final CoordinatedStart coordinated;
    private StartGate gate = StartGate.NONE;

    private ShardedStart(ShardOptions opts, CoordinatedStart coordinated) {
        this.opts = opts;
        this.coordinated = coordinated;
    }

    /**
     * Opens the start; shard 0 with a listen address serves the barrier from now and says where on {@code out}.
     *
     * @throws IOException              shard 0 cannot serve the barrier on {@code -coordinate-listen}
     * @throws IllegalArgumentException a malformed {@code -coordinate-listen}
     */
    static ShardedStart open(ShardOptions opts, PrintStream out) throws IOException {
        ShardedStart s = new ShardedStart(opts, CoordinatedStart.open(opts, ShardedStart::epochNanos));
        if (s.coordinated.servedAt() != null) out.printf("[shard] serving the start barrier at %s%n",
                s.coordinated.servedAt());
        return s;
    }

    /**
     * The gate the engine awaits after its warm-up ({@link StartGate#NONE} when the run is not coordinated).
     *
     * @param flags the flags the configuration fingerprint is taken of (every flag except the per-shard ones)
     */
    StartGate gate(String runId, Map<String, Object> flags) {
        if (!opts.coordinated()) return gate;
        String fingerprint = PerShardFlags.fingerprint(flags);
        gate = new StartGate(opts.shard(), new StartGate.Source() {
            @Override
            public CoordinatedStart.Start await(dev.goload.modes.EpochClock epoch)
                    throws IOException, InterruptedException {
                return coordinated.await(runId, fingerprint, host(), epoch::epochNanos);
            }

            @Override
            public void cancel() {
                coordinated.cancel();
            }
        });
        return gate;
    }

    /** Names this run's shard and T0 in the record (nothing for an unsharded, uncoordinated run: its bytes stay). */
    void record(RunRecordWriter<?> writer) {
        if (!opts.sharded() && !opts.coordinated()) return;
        StartGate.Began b = gate.began();
        CoordinatedStart.Start s = b == null ? null : b.start();
        writer.shard(opts.shard().index(), opts.shard().count(), s == null ? null : s.t0EpochMs(),
                s == null ? null : s.clockOffsetMs(), s == null ? null : s.coordinator(),
                b == null ? null : b.lateMillis());
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
