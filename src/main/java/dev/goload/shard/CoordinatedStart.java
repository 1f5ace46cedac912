package dev.goload.shard;

import dev.goload.config.ShardOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * The start of one loader of a sharded run: with {@code -coordinator}, it measures its clock offset, registers as
 * ready at the barrier and gets T0; with {@code -start-at}, T0 is that instant; otherwise the run starts when it is
 * ready. Shard 0 with {@code -coordinate-listen} also serves the barrier for every shard, until {@link #close()} (at
 * the end of its run, so late questions still get the answer).
 *
 * <p>The engine calls {@link #await} after its warm-up, then starts its schedule at {@link Start#localT0EpochMs()} on
 * its own clock: every shard's intervals are then aligned to the same instant.
 */
public final class CoordinatedStart implements AutoCloseable {
    /** A clock offset beyond this is worth a warning: absolute timestamps of the shards disagree by that much. */
    public static final double OFFSET_WARNING_MS = 100;

    /**
     * The start a loader got.
     *
     * @param t0EpochMs      T0 as every shard names it (the coordinator's clock, or the {@code -start-at} instant)
     * @param localT0EpochMs T0 on this loader's clock
     * @param clockOffsetMs  the coordinator's clock minus this one (null without a coordinator)
     * @param coordinator    the barrier's URL (null without one)
     */
    public record Start(long t0EpochMs, long localT0EpochMs, Double clockOffsetMs, String coordinator) {
        /** A warning line when the measured offset is large, else null. */
        public String offsetWarning() {
            if (clockOffsetMs == null || Math.abs(clockOffsetMs) <= OFFSET_WARNING_MS) return null;
            return String.format(java.util.Locale.ROOT, "[shard] WARNING: this loader's clock is %.1f ms %s the"
                            + " coordinator's; intervals are aligned on the coordinator's T0, but absolute timestamps of"
                            + " different shards differ by that much (sync the clocks with NTP)",
                    Math.abs(clockOffsetMs), clockOffsetMs > 0 ? "behind" : "ahead of");
        }
    }

    private final ShardOptions opts;
    private final CoordinatorServer server;
    private final String instance = UUID.randomUUID().toString();
    /** Counted down by {@link #cancel()}: the run was stopped while it waited for the start. */
    private final java.util.concurrent.CountDownLatch cancelled = new java.util.concurrent.CountDownLatch(1);
    private volatile CoordinatorClient client;

    private CoordinatedStart(ShardOptions opts, CoordinatorServer server) {
        this.opts = opts;
        this.server = server;
    }

    /** Opens the start; shard 0 with a listen address starts serving the barrier now. */
    public static CoordinatedStart open(ShardOptions opts, LongSupplier epochNanos) throws IOException {
        CoordinatorServer server = null;
        if (!opts.coordinateListen().isEmpty() && opts.shard().index() == 0) {
            StartBarrier barrier = new StartBarrier(opts.shard().count(), opts.startMarginMs(), opts.readyTimeoutMs(),
                    System::currentTimeMillis);
            server = CoordinatorServer.start(listenAddress(opts.coordinateListen()), barrier, epochNanos);
        }
        return new CoordinatedStart(opts, server);
    }

    /** The barrier's URL when this loader serves it (shard 0), else null. */
    public URI servedAt() {
        return server == null ? null : server.url();
    }

    /**
     * Waits for the start; null when the run is not coordinated (it starts when ready).
     *
     * @param fingerprint a digest of the configuration without per-shard flags (equal on every shard)
     * @throws IllegalStateException the barrier refused the run or timed out (the message names why)
     * @throws java.util.concurrent.CancellationException {@link #cancel()} ended the wait
     */
    public Start await(String runId, String fingerprint, String host, LongSupplier epochNanos)
            throws IOException, InterruptedException {
        if (opts.startAtEpochMs() != null) {
            return new Start(opts.startAtEpochMs(), opts.startAtEpochMs(), null, null);
        }
        if (opts.coordinator().isEmpty()) return null;
        CoordinatorClient c = new CoordinatorClient(URI.create(opts.coordinator()), epochNanos);
        client = c;
        if (isCancelled()) throw new java.util.concurrent.CancellationException("the run was stopped");
        CoordinatorClient.Offset offset = measureWithRetry(c);
        CoordinatorClient.Start s = c.join(new StartBarrier.Hello(opts.shard().index(), opts.shard().count(), runId,
                fingerprint, host, instance), offset, opts.readyTimeoutMs() + opts.startMarginMs() + 30_000);
        return new Start(s.t0EpochMs(), s.localT0EpochMs(), offset.offsetMillis(), opts.coordinator());
    }

    /** Shard 0's pod may be scheduled after the others: keep trying to reach the barrier for the ready timeout. */
    private CoordinatorClient.Offset measureWithRetry(CoordinatorClient c) throws IOException, InterruptedException {
        long until = System.nanoTime() + opts.readyTimeoutMs() * 1_000_000L;
        while (true) {
            try {
                return c.measureOffset(8);
            } catch (IOException e) {
                if (System.nanoTime() >= until) {
                    throw new IOException("cannot reach the coordinator " + opts.coordinator() + " within "
                            + opts.readyTimeoutMs() + " ms: " + e.getMessage(), e);
                }
                if (cancelled.await(500, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    throw new java.util.concurrent.CancellationException("the run was stopped");
                }
            }
        }
    }

    /**
     * The run was stopped: a pending {@link #await} ends at once (its held registration is cut, its retries stop),
     * throwing {@link java.util.concurrent.CancellationException}. The barrier this loader serves stays up until
     * {@link #close()}.
     */
    public void cancel() {
        cancelled.countDown();
        CoordinatorClient c = client;
        if (c != null) c.cancel();
    }

    private boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    static InetSocketAddress listenAddress(String addr) {
        int colon = addr.lastIndexOf(':');
        if (colon < 0) throw new IllegalArgumentException("-coordinate-listen wants HOST:PORT or :PORT, got " + addr);
        String host = addr.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(addr.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-coordinate-listen wants HOST:PORT or :PORT, got " + addr);
        }
        return host.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
    }

    @Override
    public void close() {
        if (server != null) server.close();
    }
}
