package dev.goload.broker;

/**
 * Immutable settings of an {@link EmbeddedBroker}.
 *
 * @param host                bind address; loopback by default so a load test never exposes a broker by accident
 * @param port                TCP port, 0 = pick a free port (read it back with {@link EmbeddedBroker#port()})
 * @param tenancyHeader       scope every row by the {@code x-queen-tenant} header (generation B's
 *                            {@code QUEEN_TENANCY_HEADER=true}); false = all callers share one namespace (generation A)
 * @param popWaitTickMillis   longest a parked long-poll sleeps before re-checking on its own. Pushes and lease
 *                            releases wake waiters at once; the tick only bounds how late a waiter notices a lease
 *                            that expired (nothing notifies that event)
 * @param responseDelayMillis artificial service time added to push, pop and ack (tests use it to make the broker slow)
 * @param defaultLeaseSeconds lease time of a queue that was never configured (Queen: 300)
 * @param defaultRetryLimit   retry limit of a queue that was never configured (Queen: 3)
 * @param idleTimeoutMillis   close a client connection idle this long (no request awaiting its answer), as
 *                            uWebSockets does after 10 s; 0 = off (the JDK server's own 30 s+ idle close applies)
 */
public record BrokerOptions(String host, int port, boolean tenancyHeader, int popWaitTickMillis,
        int responseDelayMillis, int defaultLeaseSeconds, int defaultRetryLimit, int idleTimeoutMillis) {

    public BrokerOptions {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, got " + port);
        }
        if (popWaitTickMillis <= 0) {
            throw new IllegalArgumentException("popWaitTickMillis must be > 0, got " + popWaitTickMillis);
        }
        if (responseDelayMillis < 0) {
            throw new IllegalArgumentException("responseDelayMillis must be >= 0, got " + responseDelayMillis);
        }
        if (defaultLeaseSeconds <= 0) {
            throw new IllegalArgumentException("defaultLeaseSeconds must be > 0, got " + defaultLeaseSeconds);
        }
        if (defaultRetryLimit < 0) {
            throw new IllegalArgumentException("defaultRetryLimit must be >= 0, got " + defaultRetryLimit);
        }
        if (idleTimeoutMillis < 0) {
            throw new IllegalArgumentException("idleTimeoutMillis must be >= 0, got " + idleTimeoutMillis);
        }
    }

    /** 127.0.0.1, free port, tenancy header on, 250 ms re-check tick, no delay, lease 300 s, retry limit 3, no idle timeout. */
    public static BrokerOptions defaults() {
        return new BrokerOptions("127.0.0.1", 0, true, 250, 0, 300, 3, 0);
    }

    public BrokerOptions withHost(String h) {
        return new BrokerOptions(h, port, tenancyHeader, popWaitTickMillis, responseDelayMillis,
                defaultLeaseSeconds, defaultRetryLimit, idleTimeoutMillis);
    }

    public BrokerOptions withPort(int p) {
        return new BrokerOptions(host, p, tenancyHeader, popWaitTickMillis, responseDelayMillis,
                defaultLeaseSeconds, defaultRetryLimit, idleTimeoutMillis);
    }

    public BrokerOptions withTenancyHeader(boolean t) {
        return new BrokerOptions(host, port, t, popWaitTickMillis, responseDelayMillis,
                defaultLeaseSeconds, defaultRetryLimit, idleTimeoutMillis);
    }

    public BrokerOptions withResponseDelayMillis(int d) {
        return new BrokerOptions(host, port, tenancyHeader, popWaitTickMillis, d,
                defaultLeaseSeconds, defaultRetryLimit, idleTimeoutMillis);
    }

    public BrokerOptions withIdleTimeoutMillis(int ms) {
        return new BrokerOptions(host, port, tenancyHeader, popWaitTickMillis, responseDelayMillis,
                defaultLeaseSeconds, defaultRetryLimit, ms);
    }
}
