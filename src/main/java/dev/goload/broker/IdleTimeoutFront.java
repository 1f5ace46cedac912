package dev.goload.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The embedded broker's {@code -idle-timeout}: a TCP front on the broker's public address that relays each client
 * connection to the JDK HTTP server behind it (on a loopback port of its own) and closes a connection that has
 * sat idle, i.e. with no request awaiting its answer and no byte either way, for the timeout, as uWebSockets does
 * after 10 s. The JDK server cannot do this per instance: its {@code sun.net.httpserver.idleInterval} is a
 * process-wide property read once, in whole seconds, checked on a 10 s clock tick.
 *
 * <p>Only in the path when the timeout is set (off by default): every byte then crosses one more loopback hop.
 *
 * <p>Threading: one platform thread accepts, one sweeps, two virtual threads pump each connection; a {@link Link}'s
 * state is written by its pumps and read by the sweeper (volatile fields).
 */
final class IdleTimeoutFront implements AutoCloseable {
    private static final int BUFFER = 16 * 1024;

    private final ServerSocket listener;
    private final InetSocketAddress backend;
    private final long idleNanos;
    private final LongSupplier nanoClock;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** Listens on {@code host:port} and relays to {@code backend}; {@code idleMillis > 0}. */
    IdleTimeoutFront(String host, int port, InetSocketAddress backend, long idleMillis) throws IOException {
        this.backend = backend;
        this.idleNanos = idleMillis * 1_000_000L;
        this.nanoClock = System::nanoTime;
        this.listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(InetAddress.getByName(host), port), 4096);
        Thread.ofPlatform().daemon().name("broker-idle-front-accept").start(this::acceptLoop);
        Thread.ofPlatform().daemon().name("broker-idle-front-sweep").start(this::sweepLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Connections being relayed (tests: a closed one is gone once its pumps noticed). */
    int open() {
        return links.size();
    }

    /**
     * One relayed connection. Idle means: the last bytes that moved went from the server to the client (the
     * request was answered) or nothing moved yet, and that was at least the timeout ago. A request awaiting a
     * slow answer (a long-poll pop) is never idle, as in uWebSockets, whose timer restarts on every request.
     */
    static final class Link {
        private final Socket client;
        private final Socket server;
        private volatile long lastActivity;
        private volatile boolean awaitingAnswer;

        Link(Socket client, Socket server, long now) {
            this.client = client;
            this.server = server;
            this.lastActivity = now;
        }

        void requestBytes(long now) {
            awaitingAnswer = true;
            lastActivity = now;
        }

        void answerBytes(long now) {
            awaitingAnswer = false;
            lastActivity = now;
        }

        void touch(long now) {
            lastActivity = now;
        }

        boolean idleFor(long idleNanos, long now) {
            return !awaitingAnswer && now - lastActivity >= idleNanos;
        }

        void close() {
            closeQuietly(client);
            closeQuietly(server);
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                if (closed) return;
                continue; // a failed accept (EMFILE) must not stop the front
            }
            Thread.ofVirtual().start(() -> open(client));
        }
    }

    private void open(Socket client) {
        Socket server = new Socket();
        try {
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            server.connect(backend);
        } catch (IOException e) {
            closeQuietly(client);
            closeQuietly(server);
            return;
        }
        Link link = new Link(client, server, nanoClock.getAsLong());
        links.add(link);
        if (closed) link.close();
        Thread.ofVirtual().start(() -> pump(link, true));
        pump(link, false);
    }

    /** Copies one direction until EOF or an error, then closes the whole connection (no half-close in HTTP/1.1 here). */
    private void pump(Link link, boolean toServer) {
        byte[] buf = new byte[BUFFER];
        try {
            InputStream in = (toServer ? link.client : link.server).getInputStream();
            OutputStream out = (toServer ? link.server : link.client).getOutputStream();
            for (int n; (n = in.read(buf)) >= 0; ) {
                if (n == 0) continue;
                // marked before the bytes move on: once the client has the answer it may send the next request,
                // whose mark must not be overwritten by this answer's
                long now = nanoClock.getAsLong();
                if (toServer) link.requestBytes(now);
                else link.answerBytes(now);
                out.write(buf, 0, n);
                link.touch(nanoClock.getAsLong()); // a long write is activity until its last byte
            }
        } catch (IOException ignored) {
            // reset or closed by the other pump or the sweeper: the connection is over
        } finally {
            link.close();
            links.remove(link);
        }
    }

    private void sweepLoop() {
        long tick = Math.clamp(idleNanos / 20, 1_000_000L, 50_000_000L);
        while (!closed) {
            LockSupport.parkNanos(tick);
            long now = nanoClock.getAsLong();
            for (Link l : links) {
                if (l.idleFor(idleNanos, now)) {
                    links.remove(l);
                    l.close();
                }
            }
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        for (Link l : links) l.close();
        links.clear();
    }

    private static void closeQuietly(ServerSocket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // best effort
        }
    }
}
