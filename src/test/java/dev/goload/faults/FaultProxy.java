package dev.goload.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback HTTP/1.1 relay between goload and a broker that breaks the answers on command: everything the broker
 * itself cannot do (refuse connections and come back with its state intact, never answer, answer late, answer a
 * storm of 5xx or 429, answer bodies that are malformed, cut short or reset halfway).
 *
 * <p>The relay understands just enough HTTP for the embedded broker and goload's client: requests and answers
 * framed by {@code Content-Length} (none = empty), one exchange at a time per connection (no pipelining), one
 * upstream connection per client connection. A fault applies to every {@code n}-th exchange ({@link #set(Fault,
 * int)}; 1 = all) from the moment it is set.
 *
 * <p>Threading: one platform acceptor and one virtual thread per connection, all named {@code fault-proxy-*}; the
 * switches may be flipped from any thread. Test code only.
 */
public final class FaultProxy implements AutoCloseable {
    /** What happens to an exchange. */
    public enum Fault {
        /** Relayed untouched. */
        PASS,
        /** The request is read and never answered (the connection stays open until the client gives up). */
        BLACK_HOLE,
        /** Relayed, the answer held back {@link #delayMillis} first. */
        DELAY,
        /** Answered {@code 503} by the proxy with a JSON error body; the broker never sees the request. */
        STATUS_503,
        /** Answered {@code 429} with {@code Retry-After: 1} and a proxy {@code code}, as the campaign's proxy does. */
        STATUS_429,
        /** Relayed with the body replaced by as many bytes of non-JSON (framing intact). */
        MALFORMED,
        /** The head and half the body, then the connection closed cleanly (FIN). */
        TRUNCATE,
        /** The head and half the body, then the connection reset (RST). */
        RESET_MID_BODY
    }

    private final InetSocketAddress upstream;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong exchanges = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong faulted = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private volatile Fault fault = Fault.PASS;
    private volatile int everyNth = 1;
    private volatile long delayMillis = 200;
    private volatile ServerSocket listener;
    private volatile Thread acceptor;
    private volatile boolean closed;
    /** When set, the fault applies only to pop requests. */
    private volatile boolean popsOnly;
    /** When set, the fault applies only to pop answers carrying a message, while this budget lasts. */
    private volatile boolean deliveriesOnly;
    private final AtomicLong deliveryBudget = new AtomicLong();

    private FaultProxy(InetSocketAddress upstream, ServerSocket listener) {
        this.upstream = upstream;
        this.listener = listener;
        this.port = listener.getLocalPort();
        startAccepting();
    }

    /** A relay on a free loopback port to the broker at {@code upstreamUrl} ({@code http://127.0.0.1:PORT}). */
    public static FaultProxy to(String upstreamUrl) throws IOException {
        java.net.URI u = java.net.URI.create(upstreamUrl);
        return new FaultProxy(new InetSocketAddress(u.getHost(), u.getPort()), bind(0));
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 512);
        return s;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Applies {@code f} to every exchange from now on. */
    FaultProxy set(Fault f) {
        return set(f, 1);
    }

    /** Applies {@code f} to every {@code n}-th exchange from now on, the others pass. */
    public FaultProxy set(Fault f, int n) {
        everyNth = n;
        fault = f;
        return this;
    }

    /**
     * From now on {@code f} (one applied to the answer: DELAY, MALFORMED, TRUNCATE, RESET_MID_BODY) hits only pop
     * answers that carry a message — a delivery the broker has leased — and at most {@code max} of them.
     */
    FaultProxy onDeliveries(Fault f, long max) {
        deliveryBudget.set(max);
        deliveriesOnly = true;
        return set(f, 1);
    }

    /** From now on {@code f} hits every pop request and no other (pushes, acks and configure pass). */
    FaultProxy onPops(Fault f) {
        popsOnly = true;
        return set(f, 1);
    }

    FaultProxy delay(long millis) {
        delayMillis = millis;
        return this;
    }

    /** Exchanges a fault was applied to. */
    public long faulted() {
        return faulted.get();
    }

    /** Requests received since the start. */
    long requests() {
        return requests.get();
    }

    /** Waits until {@code n} requests were received or {@code millis} passed. */
    void awaitRequests(long n, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (requests.get() < n && System.nanoTime() < deadline) Thread.sleep(10);
    }

    /** Connections accepted since the start. */
    long accepted() {
        return accepted.get();
    }

    /** Sockets open now, both sides (client and upstream). */
    int openSockets() {
        return open.size();
    }

    /**
     * The broker "dies": the port stops listening (new connections are refused) and every open connection is
     * closed. The broker behind keeps its state, as a real broker restarted over its database does.
     */
    synchronized void kill() throws InterruptedException {
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        acceptor.join(5_000);
        for (Socket s : open) closeQuietly(s);
    }

    /** The broker is back on the same port. */
    synchronized void restart() throws IOException, InterruptedException {
        IOException last = null;
        for (int i = 0; i < 50; i++) {
            try {
                listener = bind(port);
                startAccepting();
                return;
            } catch (IOException e) {
                last = e; // the port may linger a moment after the close
                Thread.sleep(20);
            }
        }
        throw last;
    }

    @Override
    public synchronized void close() throws InterruptedException {
        closed = true;
        kill();
    }

    private void startAccepting() {
        ServerSocket l = listener;
        acceptor = Thread.ofPlatform().daemon().name("fault-proxy-accept").start(() -> {
            while (!closed && !l.isClosed()) {
                try {
                    Socket c = l.accept();
                    accepted.incrementAndGet();
                    open.add(c);
                    Thread.ofVirtual().name("fault-proxy-conn").start(() -> serve(c));
                } catch (IOException e) {
                    return; // closed by kill()
                }
            }
        });
    }

    private void serve(Socket client) {
        Socket up = null;
        try {
            client.setTcpNoDelay(true);
            InputStream cin = client.getInputStream();
            OutputStream cout = client.getOutputStream();
            while (true) {
                HttpMessage req = HttpMessage.read(cin);
                if (req == null) return;
                requests.incrementAndGet();
                Fault f = fault;
                Fault onDelivery = deliveriesOnly ? f : Fault.PASS;
                if (deliveriesOnly || popsOnly && !isPop(req)) f = Fault.PASS;
                if (f != Fault.PASS && exchanges.incrementAndGet() % everyNth != 0) f = Fault.PASS;
                if (f != Fault.PASS) faulted.incrementAndGet();
                switch (f) {
                    case BLACK_HOLE -> {
                        cin.transferTo(OutputStream.nullOutputStream()); // until the client gives up
                        return;
                    }
                    case STATUS_503 -> {
                        answer(cout, "503 Service Unavailable", "", "{\"error\":\"injected 503\"}");
                        continue;
                    }
                    case STATUS_429 -> {
                        answer(cout, "429 Too Many Requests", "Retry-After: 1\r\n",
                                "{\"error\":\"rate limited\",\"code\":\"tenant_rate_limited\"}");
                        continue;
                    }
                    default -> { }
                }
                if (up == null) {
                    up = new Socket();
                    open.add(up);
                    up.setTcpNoDelay(true);
                    up.connect(upstream, 2_000);
                }
                up.getOutputStream().write(req.bytes());
                up.getOutputStream().flush();
                HttpMessage ans = HttpMessage.read(up.getInputStream());
                if (ans == null) return;
                if (onDelivery != Fault.PASS && isDelivery(req, ans) && deliveryBudget.getAndDecrement() > 0) {
                    f = onDelivery;
                    faulted.incrementAndGet();
                }
                switch (f) {
                    case DELAY -> {
                        Thread.sleep(delayMillis);
                        cout.write(ans.bytes());
                    }
                    case MALFORMED -> cout.write(ans.withBody(garbage(ans.bodyLength())));
                    case TRUNCATE, RESET_MID_BODY -> {
                        cout.write(ans.bytes(), 0, ans.headLength() + ans.bodyLength() / 2);
                        cout.flush();
                        if (f == Fault.RESET_MID_BODY) client.setSoLinger(true, 0);
                        return;
                    }
                    default -> cout.write(ans.bytes());
                }
                cout.flush();
            }
        } catch (IOException e) {
            // a side went away: close both
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(client);
            if (up != null) closeQuietly(up);
        }
    }

    /** A pop answer with at least one message (every message carries its transaction id). */
    private static boolean isDelivery(HttpMessage req, HttpMessage ans) {
        String body = new String(ans.bytes(), ans.headLength(), ans.bodyLength(), StandardCharsets.UTF_8);
        return isPop(req) && body.contains("\"transactionId\"");
    }

    private static boolean isPop(HttpMessage req) {
        return new String(req.bytes(), 0, Math.min(32, req.headLength()), StandardCharsets.ISO_8859_1)
                .startsWith("GET /api/v1/pop");
    }

    private static byte[] garbage(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 'x');
        if (n > 0) b[0] = '<';
        return b;
    }

    private static void answer(OutputStream out, String status, String headers, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\n" + headers + "Content-Length: "
                + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(b);
        out.flush();
    }

    private void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already gone
        }
        open.remove(s);
    }
}
