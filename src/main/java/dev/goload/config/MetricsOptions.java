package dev.goload.config;

import dev.goload.shard.Shard;
import java.time.Duration;

/**
 * The live metrics endpoint of a run ({@code -metrics-addr}, {@code -metrics-linger}): where to serve the
 * Prometheus/OpenMetrics exposition during the run, and how long to keep serving the final figures after it.
 *
 * @param host   interface to bind: an IP literal or host name; {@code ""} = every interface (Go's {@code :9464});
 *               null when the endpoint is off
 * @param port   TCP port, 0 = a free one (the run prints the address); -1 when the endpoint is off
 * @param linger after the run, serve the final figures until one scrape has fetched them or this long has passed
 * @param shard  this loader's shard of a sharded run ({@code shard="I/N"} on every series), null when the run is not
 *               sharded
 */
public record MetricsOptions(String host, int port, Duration linger, Shard shard) {

    /** No endpoint. */
    public static final MetricsOptions OFF = new MetricsOptions(null, -1, Duration.ZERO, null);

    public MetricsOptions {
        if (linger == null || linger.isNegative()) {
            throw new IllegalArgumentException("-metrics-linger must be >= 0, got " + linger);
        }
        if (port < -1 || port > 65_535) throw new IllegalArgumentException("-metrics-addr port out of range: " + port);
        if ((host == null) != (port == -1)) throw new IllegalArgumentException("host and port are set together");
    }

    public boolean enabled() {
        return port >= 0;
    }

    /** The {@code shard} label's value, {@code I/N}; null for an unsharded run (no label). */
    public String shardLabel() {
        return shard == null || !shard.sharded() ? null : shard.index() + "/" + shard.count();
    }

    /**
     * Parses {@code HOST:PORT} as Go's {@code net.Listen} takes it ({@code 127.0.0.1:9464}, {@code :9464},
     * {@code [::1]:0}); {@code ""} is {@link #OFF} (apart from the shard, kept for the record).
     *
     * @throws IllegalArgumentException with a message naming the flag when the address or the linger is malformed
     */
    public static MetricsOptions parse(String addr, Duration linger, Shard shard) {
        if (addr == null || addr.isEmpty()) return new MetricsOptions(null, -1, linger, shard);
        ListenAddress a = ListenAddress.parse("metrics-addr", addr, 9464);
        return new MetricsOptions(a.host(), a.port(), linger, shard);
    }
}
