package dev.goload.broker;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.InstantSource;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An in-process, in-memory broker that speaks Queen's HTTP API (generation B status codes, generation A lease, ack
 * and dedup semantics; see {@code queen-wire.md}), so every goload mode runs without a real broker.
 *
 * <p>Usage:
 * <pre>{@code
 * try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults())) {
 *     runLoad(b.url());                // "http://127.0.0.1:<port>"
 *     BrokerStats s = b.stats();
 * }
 * }</pre>
 *
 * <p>Thread-safety: all methods may be called from any thread. Requests are served by the JDK's HTTP server with
 * one virtual thread per exchange (keep-alive, no connection cap); state is locked per partition. With
 * {@link BrokerOptions#idleTimeoutMillis()} set, clients connect through an {@link IdleTimeoutFront} that closes
 * idle keep-alive connections as the real broker's uWebSockets does.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final String MAX_IDLE_PROPERTY = "sun.net.httpserver.maxIdleConnections";
    private static final String NODELAY_PROPERTY = "sun.net.httpserver.nodelay";
    private static final String MAX_CONNECTIONS_PROPERTY = "jdk.httpserver.maxConnections";
    /** Descriptors kept free of connections: the JVM's own files, the state's, the loader's when in-process. */
    private static final long FD_RESERVE = 512;

    private final HttpServer server;
    private final ExecutorService executor;
    private final Registry registry;
    private final String host;
    private final ProxyFront proxy;
    /** The idle-timeout front the clients connect to, or null (they connect to {@link #server}). */
    private final IdleTimeoutFront front;
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean closing;

    private EmbeddedBroker(HttpServer server, ExecutorService executor, Registry registry, String host,
            ProxyFront proxy, IdleTimeoutFront front) {
        this.server = server;
        this.front = front;
        this.proxy = proxy;
        this.executor = executor;
        this.registry = registry;
        this.host = host;
    }

    /** Binds, starts serving and returns once the port accepts connections. */
    public static EmbeddedBroker start(BrokerOptions o) {
        return start(o, InstantSource.system());
    }

    /** As {@link #start(BrokerOptions)}, with the clock that drives lease expiry and createdAt (tests). */
    public static EmbeddedBroker start(BrokerOptions o, InstantSource clock) {
        return start(o, null, clock);
    }

    /**
     * Starts the broker with the proxy personality in front of it on the same port (docs/proxy.md): every request
     * but {@code GET /healthz} then needs a cluster {@code Host} and that cluster's Bearer key, and is scoped to the
     * cluster's broker tenant. {@code proxy == null} = the plain broker.
     */
    public static EmbeddedBroker start(BrokerOptions o, ProxyOptions proxy) {
        return start(o, proxy, InstantSource.system());
    }

    /** As {@link #start(BrokerOptions, ProxyOptions)}, with the clock of the broker state (tests). */
    public static EmbeddedBroker start(BrokerOptions o, ProxyOptions proxy, InstantSource clock) {
        // The JDK server closes idle keep-alive connections beyond 200 by default; load clients pool thousands.
        if (System.getProperty(MAX_IDLE_PROPERTY) == null) {
            System.setProperty(MAX_IDLE_PROPERTY, "65536");
        }
        // Without TCP_NODELAY a response written as headers + body meets the client's delayed ACK and
        // waits ~40 ms per exchange: measured as an 87 ms push p50 before this line, under 1 ms after.
        if (System.getProperty(NODELAY_PROPERTY) == null) {
            System.setProperty(NODELAY_PROPERTY, "true");
        }
        // Out of descriptors, the JDK server's accept fails with EMFILE and its dispatcher retries at once, forever:
        // one core spins and the connection waits in the backlog. Capped below the limit, a connection beyond it
        // is accepted and closed at once (the client sees a reset it can count) and the loop stays quiet.
        long fdLimit = fdLimit();
        if (System.getProperty(MAX_CONNECTIONS_PROPERTY) == null && fdLimit > 2 * FD_RESERVE) {
            System.setProperty(MAX_CONNECTIONS_PROPERTY, Long.toString(fdLimit - FD_RESERVE));
        }
        Registry registry = new Registry(o, clock);
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            // with an idle timeout the HTTP server hides behind the front, on a loopback port of its own
            InetSocketAddress bind = o.idleTimeoutMillis() > 0 ? new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)
                    : new InetSocketAddress(o.host(), o.port());
            HttpServer server = HttpServer.create(bind, 4096);
            server.setExecutor(executor);
            Router router = new Router(registry);
            Upstream upstream = proxy == null || proxy.upstream() == null ? router::dispatch
                    : new HttpUpstream(proxy.upstream());
            ProxyFront front = proxy == null ? null : new ProxyFront(upstream, proxy, System::nanoTime);
            server.createContext("/", front == null ? router : front);
            server.start();
            IdleTimeoutFront idle = null;
            if (o.idleTimeoutMillis() > 0) {
                try {
                    idle = new IdleTimeoutFront(o.host(), o.port(), server.getAddress(), o.idleTimeoutMillis());
                } catch (IOException e) {
                    server.stop(0);
                    throw e;
                }
            }
            return new EmbeddedBroker(server, executor, registry, o.host(), front, idle);
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("cannot start embedded broker on " + o.host() + ":" + o.port(), e);
        }
    }

    private static long fdLimit() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean u ? u.getMaxFileDescriptorCount() : 0;
    }

    public int port() {
        return front != null ? front.port() : server.getAddress().getPort();
    }

    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port();
    }

    public BrokerStats stats() {
        return registry.counters.snapshot();
    }

    /** The TEST-ONLY loss switches of this broker (see {@link BrokerFaults}); off unless a test turns them on. */
    public BrokerFaults testFaults() {
        return registry.faults;
    }

    /**
     * Test-only: from now on, the answer of every {@code everyNth} ack, ack-batch or transaction call goes out
     * {@code millis} after the ack was applied (0 = off). Not reachable from the command line.
     */
    public void delayAckAnswers(int millis, int everyNth) {
        registry.ackAnswerDelay.set(millis, everyNth);
    }

    /** The proxy personality's counters ({@link ProxyStats#NONE} when it is off). */
    public ProxyStats proxyStats() {
        return proxy == null ? ProxyStats.NONE : proxy.stats();
    }

    /** Blocks until {@link #close()} has finished (for the standalone {@code goload broker} command). */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    /** Stops serving, frees the port and ends all request threads (parked long-polls are interrupted). */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        try {
            if (front != null) front.close();
            server.stop(0);
            executor.shutdownNow();
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closed.countDown();
        }
    }
}
