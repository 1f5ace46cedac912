package dev.goload.config;

import dev.goload.shard.Shard;
import java.time.Duration;

/**
 * The live dashboard of a run ({@code -dashboard}, {@code -dashboard-linger}): where to serve its page and event
 * stream, and how long to keep serving after the run so the final page can be read (docs/dashboard.md).
 *
 * <p>A shard of a sharded run serves on its own port: shard {@code I} of {@code N} at {@code PORT + I} (port 0 stays
 * "a free one" on every shard), so {@code scripts/shards.sh} can pass every shard the same {@code -dashboard}.
 *
 * @param host   interface to bind: an IP literal or host name; {@code ""} = every interface; null when off
 * @param port   TCP port (already offset by the shard), 0 = a free one; -1 when off
 * @param linger after the run, keep serving the final page this long
 */
public record DashboardOptions(String host, int port, Duration linger) {

    /** No dashboard. */
    public static final DashboardOptions OFF = new DashboardOptions(null, -1, Duration.ZERO);

    public DashboardOptions {
        if (linger == null || linger.isNegative()) {
            throw new IllegalArgumentException("-dashboard-linger must be >= 0, got " + linger);
        }
        if (port < -1 || port > 65_535) throw new IllegalArgumentException("-dashboard port out of range: " + port);
        if ((host == null) != (port == -1)) throw new IllegalArgumentException("host and port are set together");
    }

    public boolean enabled() {
        return port >= 0;
    }

    /** {@code host:port} as given (IPv6 in brackets). */
    public String display() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * Parses {@code HOST:PORT} as Go's {@code net.Listen} takes it ({@code 127.0.0.1:5665}, {@code :5665},
     * {@code [::1]:0}); {@code ""} is {@link #OFF}. A shard of a sharded run gets {@code PORT + index}.
     *
     * @throws IllegalArgumentException naming the flag when the address or the linger is malformed, or when the
     *                                  shard's port would pass 65535
     */
    public static DashboardOptions parse(String addr, Duration linger, Shard shard) {
        if (addr == null || addr.isEmpty()) return new DashboardOptions(null, -1, linger);
        ListenAddress a = ListenAddress.parse("dashboard", addr, 5665);
        String host = a.host();
        int port = a.port();
        if (port > 0 && shard != null && shard.sharded()) {
            int own = port + shard.index();
            if (own > 65_535) {
                throw new IllegalArgumentException("-dashboard: shard " + shard + " would serve on port " + own
                        + " (PORT + shard index), above 65535; give a lower port");
            }
            port = own;
        }
        return new DashboardOptions(host, port, linger);
    }
}
