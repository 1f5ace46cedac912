package dev.goload.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * A scripted HTTP/1.1 server on raw sockets for client tests: every request is recorded byte for byte and
 * answered with exactly the bytes its {@link Reply} writes, so a test can send what no real server would
 * (garbage status lines, short bodies, bytes after the answer, silence). Replies are taken in request order
 * from the script, then {@link #otherwise(Reply)}.
 *
 * <p>Thread-safe: one virtual thread per accepted connection; counters and recordings may be read from any thread.
 */
final class RawHttpServer implements AutoCloseable {
    /** One request as received; {@code conn} numbers connections from 1 in accept order. */
    record Received(int conn, String requestLine, List<String> headerLines, byte[] body) {
        /** Values of every header named {@code name} (case-insensitive), in order. */
        List<String> headers(String name) {
            List<String> v = new ArrayList<>();
            for (String l : headerLines) {
                int colon = l.indexOf(':');
                if (l.substring(0, colon).strip().equalsIgnoreCase(name)) v.add(l.substring(colon + 1).strip());
            }
            return v;
        }

        /** The single value of {@code name}; fails the test when it appears more than once. */
        String header(String name) {
            List<String> v = headers(name);
            if (v.size() > 1) throw new AssertionError(name + " sent " + v.size() + " times: " + headerLines);
            return v.isEmpty() ? null : v.getFirst();
        }
    }

    /** What the server does with one request: writes (any bytes) and says whether the connection stays open. */
    interface Reply {
        boolean answer(Received request, OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket listener;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger closedByClient = new AtomicInteger();
    private final Set<Integer> connsClosedByClient = ConcurrentHashMap.newKeySet();
    private final AtomicInteger closedByServer = new AtomicInteger();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Reply> script = new ConcurrentLinkedQueue<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile Reply otherwise = send(ok("{}"));

    RawHttpServer() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofPlatform().daemon().name("raw-http-accept").start(this::acceptLoop);
    }

    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Replies for the next requests, in order. */
    RawHttpServer script(Reply... replies) {
        script.addAll(List.of(replies));
        return this;
    }

    /** The reply once the script is used up. */
    RawHttpServer otherwise(Reply r) {
        otherwise = r;
        return this;
    }

    int accepted() {
        return accepted.get();
    }

    /** Connections the client closed (the server read EOF or a reset while waiting for a request). */
    int closedByClient() {
        return closedByClient.get();
    }

    /** True once the client closed connection {@code conn}. */
    boolean closedByClient(int conn) {
        return connsClosedByClient.contains(conn);
    }

    int closedByServer() {
        return closedByServer.get();
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    Received last() {
        return received.getLast();
    }

    // ---- replies

    static Reply send(String raw) {
        return send(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Reply send(byte[] b) {
        return (req, out) -> {
            out.write(b);
            return true;
        };
    }

    static Reply sendAndClose(String raw) {
        Reply s = send(raw);
        return (req, out) -> {
            s.answer(req, out);
            return false;
        };
    }

    /** Writes {@code raw} one byte per socket write: the client sees its lines split across reads. */
    static Reply trickle(byte[] b) {
        return (req, out) -> {
            for (byte x : b) {
                out.write(x);
                out.flush();
            }
            return true;
        };
    }

    /** Never answers; the connection stays open until the client closes it. */
    static Reply silence() {
        return (req, out) -> true;
    }

    /** {@code 200 OK} with a Content-Length JSON body. */
    static String ok(String json) {
        return answer("200 OK", json);
    }

    static String answer(String status, String body, String... headers) {
        StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(status).append("\r\n");
        for (String h : headers) sb.append(h).append("\r\n");
        sb.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length).append("\r\n\r\n");
        return sb.append(body).toString();
    }

    /** Polls {@code condition} every few ms until true; fails after 5 s. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    void awaitRequests(int n) throws InterruptedException {
        await(n + " requests", () -> received.size() >= n);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : open) s.close();
    }

    // ---- serving

    private void acceptLoop() {
        try {
            while (true) {
                Socket s = listener.accept();
                int id = accepted.incrementAndGet();
                open.add(s);
                Thread.ofVirtual().start(() -> serve(s, id));
            }
        } catch (IOException closed) {
            // listener closed: the test is over
        }
    }

    private void serve(Socket s, int id) {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (true) {
                Received r = readRequest(in, id);
                if (r == null) {
                    clientClosed(id);
                    return;
                }
                received.add(r);
                Reply reply = script.poll();
                boolean keep = (reply != null ? reply : otherwise).answer(r, out);
                out.flush();
                if (!keep) {
                    s.close();
                    closedByServer.incrementAndGet();
                    return;
                }
            }
        } catch (IOException e) {
            if (!s.isClosed()) clientClosed(id); // reset by the client
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.remove(s);
        }
    }

    private void clientClosed(int conn) {
        connsClosedByClient.add(conn);
        closedByClient.incrementAndGet();
    }

    /** The next request, or null at a clean EOF before its first byte. */
    private static Received readRequest(InputStream in, int conn) throws IOException {
        String requestLine = line(in);
        if (requestLine == null) return null;
        List<String> headers = new ArrayList<>();
        for (String l; !(l = headLine(in)).isEmpty(); ) headers.add(l);
        Received head = new Received(conn, requestLine, headers, new byte[0]);
        String length = head.header("Content-Length");
        String te = head.header("Transfer-Encoding");
        byte[] body;
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            body = chunkedBody(in);
        } else {
            body = in.readNBytes(length == null ? 0 : Integer.parseInt(length));
        }
        return new Received(conn, requestLine, headers, body);
    }

    private static byte[] chunkedBody(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            String size = headLine(in);
            int n = Integer.parseInt(size.split(";")[0].strip(), 16);
            if (n == 0) {
                while (!headLine(in).isEmpty()) {
                    // trailers
                }
                return b.toByteArray();
            }
            b.write(in.readNBytes(n));
            line(in);
        }
    }

    private static String headLine(InputStream in) throws IOException {
        String l = line(in);
        if (l == null) throw new IOException("EOF inside a request head");
        return l;
    }

    /** A CRLF-terminated Latin-1 line; null at EOF before any byte. */
    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                if (sb.isEmpty()) return null;
                throw new IOException("EOF inside a line");
            }
            sb.append((char) c);
        }
        int n = sb.length();
        return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
    }
}
