package dev.goload.cli;

/**
 * Starts the embedded in-process broker; the seam that lets {@code -embedded}, {@code goload broker} and
 * {@code goload demo} be tested without a real server. Implementations must be safe to call from any thread.
 */
public interface BrokerLauncher {

    /** Where and how to run the broker. Port 0 = a free port; {@code idleTimeoutMs} 0 = no idle close. */
    record Settings(String host, int port, boolean tenancyHeader, int responseDelayMs, int idleTimeoutMs) {
        /** Without an idle timeout. */
        public Settings(String host, int port, boolean tenancyHeader, int responseDelayMs) {
            this(host, port, tenancyHeader, responseDelayMs, 0);
        }

        /** Loopback, free port, the broker's default behaviour: what {@code -embedded} uses. */
        public static Settings loopbackFreePort() { return new Settings("127.0.0.1", 0, true, 0); }
    }

    /** A started broker. {@link #close()} is idempotent and may be called from a shutdown hook. */
    interface Running extends AutoCloseable {
        /** Base URL, e.g. {@code http://127.0.0.1:41234}. */
        String url();

        int port();

        /** Blocks until the broker has been closed. */
        void awaitClosed() throws InterruptedException;

        @Override
        void close();

        /** A line saying where the broker runs when not in this process (stderr), or null. */
        default String placementNote() {
            return null;
        }
    }

    Running start(Settings settings) throws Exception;

    /**
     * Starts the broker with the proxy personality in front ({@code proxy == null} = {@link #start(Settings)}).
     * Launchers without a proxy (test fakes) refuse a non-null {@code proxy}.
     */
    default Running start(Settings settings, dev.goload.broker.ProxyOptions proxy) throws Exception {
        if (proxy != null) {
            throw new UnsupportedOperationException("this broker launcher has no proxy personality");
        }
        return start(settings);
    }

    /**
     * As {@link #start(Settings, ProxyOptions)}, for a run that opens {@code budget.sockets()} sockets to it. The
     * production launcher starts the broker in a child JVM when they do not fit this process twice over;
     * test fakes ignore the budget.
     */
    default Running start(Settings settings, dev.goload.broker.ProxyOptions proxy, FdBudget budget) throws Exception {
        return start(settings, proxy);
    }
}
