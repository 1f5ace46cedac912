package dev.goload.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;
import okio.Okio;

/**
 * goload's own HTTP/1.1 client exchange for one plain-{@code http://} host (see {@link HttpEngine} for why).
 *
 * <p>Requests are OkHttp {@link Request} values (the client builds them the same way for either engine) and
 * are written as OkHttp would write them, minus {@code Accept-Encoding: gzip}: request line, the request's
 * headers, {@code Host}, {@code User-Agent}, {@code Content-Length}, then the body, collected in one buffer and
 * sent with one socket write. Answers are read with {@code Content-Length}, chunked, or read-to-close bodies;
 * interim 1xx answers are skipped; {@code Connection: close} and HTTP/1.0 answers retire the socket.
 *
 * <p>Connections live in a LIFO stack (the most recently used, i.e. warmest, first) capped at the client's idle
 * allowance. One that sat idle for {@value #PROBE_IDLE_SECONDS} s is probed before reuse (a 1 ms read: a peer
 * that closed it shows EOF) and one idle for {@value #KEEP_ALIVE_SECONDS} s is closed, as OkHttp does. Nothing is
 * ever retried here: a failure is the caller's to classify and count.
 *
 * <p>Thread-safe. Each {@link Exchange} is cancellable from any thread (the deadline watchdog, a run's
 * shutdown): cancelling closes its socket, which ends a blocked connect, write or read at once.
 */
final class Http1Engine implements AutoCloseable {
    static final int PROBE_IDLE_SECONDS = 10;
    static final int KEEP_ALIVE_SECONDS = 90;
    static final int CONNECT_TIMEOUT_MILLIS = 30_000;
    /** Read buffer per connection; also the longest status or header line accepted. */
    static final int READ_BUFFER = 16 * 1024;
    static final int WRITE_BUFFER = 64 * 1024;
    /** Largest body array allocated before its bytes arrive; must be at least {@link #READ_BUFFER}. */
    static final int FIRST_BODY_ARRAY = 1024 * 1024;

    /**
     * The probe threshold engines created from now on use: {@value #PROBE_IDLE_SECONDS} s except while a test
     * shortens it through {@link #setProbeIdleNanosForTests} (waiting 10 s per test is not an option).
     */
    private static volatile long probeIdleNanosForNewEngines = PROBE_IDLE_SECONDS * 1_000_000_000L;

    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] VERSION = PushBody.ascii(" HTTP/1.1\r\n");
    private static final byte[] CONTENT_LENGTH = PushBody.ascii("Content-Length: ");

    /** An answer: status, the one header the client reads ({@code Retry-After}), the whole body. */
    record Response(int code, String retryAfter, byte[] body) {
    }

    private final String host;
    private final int port;
    private final String origin;
    private final Headers commonHeaders;
    /** The common headers plus Host and User-Agent, encoded once. */
    private final byte[] commonHead;
    private final int maxIdle;
    private final long probeIdleNanos = probeIdleNanosForNewEngines;
    private final ConcurrentLinkedDeque<Conn> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final Set<Exchange> live = ConcurrentHashMap.newKeySet();
    /** Buffers of connections in use; an idle connection holds none (a stall can leave hundreds idle). */
    private final BufferPool readBuffers = new BufferPool(READ_BUFFER);
    private final BufferPool writeBuffers = new BufferPool(WRITE_BUFFER);
    private volatile boolean closed;

    Http1Engine(HttpUrl base, Headers commonHeaders, int maxIdle) {
        this.host = base.host();
        this.port = base.port();
        this.origin = "http://" + hostPort(base);
        this.commonHeaders = commonHeaders;
        this.commonHead = head(commonHeaders, base);
        this.maxIdle = Math.max(1, maxIdle);
    }

    /** Tests only: sets the probe threshold of engines created afterwards; returns the previous value. */
    static long setProbeIdleNanosForTests(long nanos) {
        long previous = probeIdleNanosForNewEngines;
        probeIdleNanosForNewEngines = nanos;
        return previous;
    }

    /** True for URLs this engine can carry: plain http to the client's own host and port. */
    boolean serves(HttpUrl url) {
        return !url.isHttps() && url.port() == port && url.host().equals(host);
    }

    Exchange exchange() {
        return new Exchange();
    }

    /** Aborts every exchange in flight (their callers see a closed socket); later exchanges run normally. */
    void cancelAll() {
        for (Exchange e : live) e.cancel();
    }

    @Override
    public void close() {
        closed = true;
        cancelAll();
        for (Conn c; (c = idle.poll()) != null; ) c.close();
        idleCount.set(0);
    }

    /** One request and its answer on one connection; single use. */
    final class Exchange implements Runnable {
        private final AtomicReference<Conn> active = new AtomicReference<>();
        private volatile boolean canceled;

        /** Cancels the exchange (the watchdog's entry point). */
        @Override
        public void run() {
            cancel();
        }

        void cancel() {
            canceled = true;
            Conn c = active.getAndSet(null);
            if (c != null) c.close();
        }

        boolean canceled() {
            return canceled;
        }

        /**
         * Runs the exchange. {@code abandoned} is the caller's cancel signal, read once this exchange is visible to
         * {@link #cancelAll}: a cancelAll that ran just before then is seen here, one that runs later finds it.
         */
        Response execute(Request request, java.util.function.BooleanSupplier abandoned) throws IOException {
            live.add(this);
            if (abandoned.getAsBoolean()) canceled = true;
            try {
                Conn c = acquire();
                c.attach();
                active.set(c);
                if (canceled) {
                    cancel();
                    throw new InterruptedIOException("canceled");
                }
                boolean ok = false;
                try {
                    if (!c.connected()) c.connect(host, port);
                    write(c, request);
                    Response r = read(c, "HEAD".equals(request.method()));
                    ok = true;
                    return r;
                } finally {
                    Conn mine = active.getAndSet(null);
                    if (mine != null) {
                        if (ok && mine.reusable) release(mine);
                        else mine.close();
                    }
                }
            } finally {
                live.remove(this);
            }
        }
    }

    private Conn acquire() {
        long now = System.nanoTime();
        for (Conn c; (c = idle.poll()) != null; ) {
            idleCount.decrementAndGet();
            long idleNanos = now - c.idleSince;
            if (idleNanos >= KEEP_ALIVE_SECONDS * 1_000_000_000L) {
                c.close();
            } else if (idleNanos >= probeIdleNanos && !c.healthy()) {
                c.close();
            } else {
                return c;
            }
        }
        return new Conn();
    }

    private void release(Conn c) {
        c.detach();
        if (closed || idleCount.incrementAndGet() > maxIdle) {
            idleCount.decrementAndGet();
            c.close();
            return;
        }
        c.idleSince = System.nanoTime();
        idle.push(c);
    }

    private void write(Conn c, Request request) throws IOException {
        BufferedSink s = c.sink;
        HttpUrl url = request.url();
        s.writeUtf8(request.method()).writeByte(' ').writeUtf8(url.encodedPath());
        String query = url.encodedQuery();
        if (query != null) s.writeByte('?').writeUtf8(query);
        s.write(VERSION);
        Headers h = request.headers();
        s.write(h.equals(commonHeaders) ? commonHead : head(h, url));
        RequestBody body = request.body();
        Buffer spooled = null;
        long length = 0;
        if (body != null) {
            length = body.contentLength();
            if (length < 0) { // unknown length: spool it to learn it (no goload body does this)
                spooled = new Buffer();
                body.writeTo(spooled);
                length = spooled.size();
            }
            s.write(CONTENT_LENGTH).writeDecimalLong(length).write(CRLF);
        } else if (permitsBody(request.method())) {
            s.write(CONTENT_LENGTH).writeByte('0').write(CRLF);
        }
        s.write(CRLF);
        long before = c.out.total + s.getBuffer().size();
        if (spooled != null) s.writeAll(spooled);
        else if (body != null) body.writeTo(s);
        s.flush();
        long written = c.out.total - before;
        if (written != length) {
            c.reusable = false;
            throw new ProtocolException("request body: expected " + length + " bytes but wrote " + written);
        }
    }

    private static boolean permitsBody(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    private Response read(Conn c, boolean headRequest) throws IOException {
        while (true) {
            String status = c.line();
            // "HTTP/1.1 201 Created" (the reason phrase may be absent)
            if (status.length() < 12 || !status.startsWith("HTTP/1.") || status.charAt(8) != ' '
                    || (status.length() > 12 && status.charAt(12) != ' ')) {
                throw new ProtocolException("unexpected status line: " + printable(status));
            }
            int code = parseCode(status);
            boolean http10 = status.charAt(7) == '0';
            long contentLength = -1;
            boolean chunked = false;
            boolean close = http10;
            String retryAfter = null;
            for (String line; !(line = c.line()).isEmpty(); ) {
                int colon = line.indexOf(':');
                if (colon <= 0) throw new ProtocolException("malformed header line: " + printable(line));
                String name = line.substring(0, colon).strip();
                String value = line.substring(colon + 1).strip();
                if (name.equalsIgnoreCase("Content-Length")) {
                    contentLength = parseLength(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                    chunked |= value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
                } else if (name.equalsIgnoreCase("Connection")) {
                    String v = value.toLowerCase(java.util.Locale.ROOT);
                    if (v.contains("close")) close = true;
                    else if (v.contains("keep-alive")) close = false;
                } else if (name.equalsIgnoreCase("Retry-After")) {
                    retryAfter = value;
                }
            }
            if (code >= 100 && code < 200) continue; // interim answer: the real one follows
            byte[] body;
            if (headRequest || code == 204 || code == 304) {
                body = new byte[0];
            } else if (chunked) {
                body = c.chunked();
            } else if (contentLength >= 0) {
                body = c.exactly(contentLength);
            } else {
                body = c.toEnd();
                close = true;
            }
            // bytes beyond the answer mean the stream is out of step: never reuse it
            c.reusable = !close && c.rpos == c.rlim;
            return new Response(code, retryAfter, body);
        }
    }

    private static int parseCode(String status) throws ProtocolException {
        int code = 0;
        for (int i = 9; i < 12; i++) {
            char d = status.charAt(i);
            if (d < '0' || d > '9') throw new ProtocolException("unexpected status line: " + printable(status));
            code = code * 10 + (d - '0');
        }
        return code;
    }

    private static long parseLength(String v) throws ProtocolException {
        try {
            long n = Long.parseLong(v);
            if (n >= 0 && n <= Integer.MAX_VALUE - 16) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ProtocolException("bad Content-Length: " + printable(v));
    }

    private static String printable(String s) {
        String t = s.length() > 120 ? s.substring(0, 120) + "…" : s;
        return t.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** {@code host[:port]} as OkHttp sends it in {@code Host} (IPv6 literals bracketed, default port left out). */
    private static String hostPort(HttpUrl url) {
        String h = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? h : h + ":" + url.port();
    }

    /** Header lines for {@code h}, with Host (unless {@code h} sets it) and User-Agent. */
    private static byte[] head(Headers h, HttpUrl url) {
        StringBuilder sb = new StringBuilder(256);
        if (h.get("Host") == null) sb.append("Host: ").append(hostPort(url)).append("\r\n");
        if (h.get("User-Agent") == null) sb.append("User-Agent: goload\r\n");
        for (int i = 0; i < h.size(); i++) sb.append(h.name(i)).append(": ").append(h.value(i)).append("\r\n");
        // OkHttp's Headers only hold visible ASCII (and tab) in names and values, so Latin-1 is exact.
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Counts what reaches the socket and turns okio's segment writes into one socket write per flush. */
    private static final class WireOut extends OutputStream {
        private byte[] buf;
        private int count;
        private OutputStream socket;
        long total;

        @Override
        public void write(int b) throws IOException {
            if (count == buf.length) drain();
            buf[count++] = (byte) b;
            total++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            total += len;
            if (len > buf.length - count) {
                drain();
                if (len >= buf.length) {
                    socket.write(b, off, len);
                    return;
                }
            }
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            drain();
        }

        private void drain() throws IOException {
            if (count > 0) {
                socket.write(buf, 0, count);
                count = 0;
            }
        }
    }

    /** Reusable arrays of one size; keeps at most {@value #MAX} spare, lock-free. */
    private static final class BufferPool {
        static final int MAX = 64;
        private final int size;
        private final ConcurrentLinkedQueue<byte[]> spare = new ConcurrentLinkedQueue<>();
        private final AtomicInteger count = new AtomicInteger();

        BufferPool(int size) {
            this.size = size;
        }

        byte[] take() {
            byte[] b = spare.poll();
            if (b == null) return new byte[size];
            count.decrementAndGet();
            return b;
        }

        void give(byte[] b) {
            if (b == null) return;
            if (count.incrementAndGet() > MAX) {
                count.decrementAndGet();
                return;
            }
            spare.offer(b);
        }
    }

    /** One keep-alive socket; holds pooled buffers only during an exchange, used by one exchange at a time. */
    private final class Conn {
        volatile Socket socket = new Socket();
        volatile boolean cancelled;
        final WireOut out = new WireOut();
        final BufferedSink sink = Okio.buffer(Okio.sink(out));
        byte[] rbuf;
        InputStream in;
        int rpos;
        int rlim;
        long idleSince;
        boolean reusable;

        boolean connected() {
            return in != null;
        }

        /** Takes buffers for an exchange. */
        void attach() {
            rbuf = readBuffers.take();
            out.buf = writeBuffers.take();
        }

        /** Gives the buffers back while the connection sits idle (nothing is buffered between exchanges). */
        void detach() {
            readBuffers.give(rbuf);
            writeBuffers.give(out.buf);
            rbuf = null;
            out.buf = null;
        }

        /**
         * Connects to the first of the host's addresses that answers (as OkHttp tries a name's addresses in turn).
         * The socket object stays the same, so a cancel during connect closes what is being connected.
         */
        void connect(String host, int port) throws IOException {
            InetAddress[] addresses = InetAddress.getAllByName(host);
            for (int i = 0; ; i++) {
                try {
                    if (i > 0) {
                        socket = new Socket();
                        if (cancelled) socket.close(); // a cancel that looked at the previous socket
                    }
                    socket.setTcpNoDelay(true);
                    socket.connect(new InetSocketAddress(addresses[i], port), CONNECT_TIMEOUT_MILLIS);
                    break;
                } catch (IOException e) {
                    if (i == addresses.length - 1 || cancelled) throw e;
                }
            }
            in = socket.getInputStream();
            out.socket = socket.getOutputStream();
        }

        /** False when the peer closed the idle socket or sent something unasked (a 1 ms read finds out). */
        boolean healthy() {
            if (rpos < rlim) return false;
            try {
                socket.setSoTimeout(1);
                try {
                    in.read(); // data nobody asked for, or EOF: either way the socket is not reusable
                    return false;
                } finally {
                    socket.setSoTimeout(0);
                }
            } catch (SocketTimeoutException quiet) {
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        void close() {
            // buffers are not given back: a cancelling thread may close the socket while its owner still reads
            cancelled = true;
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is best effort
            }
        }

        private void fill() throws IOException {
            if (rpos == rlim) {
                rpos = 0;
                rlim = 0;
            } else if (rlim == rbuf.length) {
                if (rpos == 0) throw new ProtocolException("response line longer than " + READ_BUFFER + " bytes");
                System.arraycopy(rbuf, rpos, rbuf, 0, rlim - rpos);
                rlim -= rpos;
                rpos = 0;
            }
            int n = in.read(rbuf, rlim, rbuf.length - rlim);
            if (n < 0) throw new EOFException("unexpected end of stream on " + origin);
            rlim += n;
        }

        /** The next CRLF- (or LF-) terminated line, without its terminator. */
        String line() throws IOException {
            int from = rpos;
            while (true) {
                for (int i = from; i < rlim; i++) {
                    if (rbuf[i] == '\n') {
                        int end = i > rpos && rbuf[i - 1] == '\r' ? i - 1 : i;
                        String s = new String(rbuf, rpos, end - rpos, StandardCharsets.ISO_8859_1);
                        rpos = i + 1;
                        return s;
                    }
                }
                int scanned = rlim - rpos;
                fill();
                from = rpos + scanned;
            }
        }

        /**
         * The next {@code n} bytes. The array grows as they arrive (from at most {@value #FIRST_BODY_ARRAY}
         * bytes): a bogus length (a broken proxy, a misread chunk size) must end in EOF, not in an attempt to
         * allocate gigabytes that kills the loader with an OutOfMemoryError.
         */
        byte[] exactly(long n) throws IOException {
            int total = (int) n;
            byte[] b = new byte[Math.min(total, FIRST_BODY_ARRAY)];
            int have = Math.min(rlim - rpos, total);
            System.arraycopy(rbuf, rpos, b, 0, have);
            rpos += have;
            while (have < total) {
                if (have == b.length) b = Arrays.copyOf(b, (int) Math.min(total, 2L * b.length));
                int r = in.read(b, have, b.length - have);
                if (r < 0) throw new EOFException("unexpected end of stream on " + origin);
                have += r;
            }
            return b;
        }

        byte[] chunked() throws IOException {
            byte[] b = new byte[0];
            int len = 0;
            while (true) {
                String sizeLine = line();
                int semi = sizeLine.indexOf(';');
                String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).strip();
                long size;
                try {
                    size = Long.parseLong(hex, 16);
                } catch (NumberFormatException e) {
                    throw new ProtocolException("bad chunk size: " + printable(sizeLine));
                }
                if (size < 0 || len + size > Integer.MAX_VALUE - 16) throw new ProtocolException("bad chunk size: " + printable(sizeLine));
                if (size == 0) {
                    while (!line().isEmpty()) {
                        // trailers: ignored
                    }
                    return b.length == len ? b : Arrays.copyOf(b, len);
                }
                byte[] chunk = exactly(size);
                if (len + chunk.length > b.length) b = Arrays.copyOf(b, Math.max(len + chunk.length, b.length * 2));
                System.arraycopy(chunk, 0, b, len, chunk.length);
                len += chunk.length;
                if (!line().isEmpty()) throw new ProtocolException("chunk not followed by CRLF");
            }
        }

        byte[] toEnd() throws IOException {
            byte[] head = Arrays.copyOfRange(rbuf, rpos, rlim);
            rpos = rlim;
            byte[] rest = in.readAllBytes();
            if (rest.length == 0) return head;
            byte[] all = Arrays.copyOf(head, head.length + rest.length);
            System.arraycopy(rest, 0, all, head.length, rest.length);
            return all;
        }
    }
}
