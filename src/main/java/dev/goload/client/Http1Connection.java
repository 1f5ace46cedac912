package dev.goload.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import okio.BufferedSink;
import okio.Okio;

/**
 * One keep-alive socket of an {@link Http1Engine} and its buffers: connecting over the host's addresses, the
 * idle probe, the write side (a {@link BufferedSink} whose bytes leave in one socket write per flush) and the
 * read side (a line; a body of exactly {@code n} bytes, chunked, or everything up to EOF, read into an array of the
 * engine's {@link AnswerBuffers} that the caller gives back once it has decoded the body).
 *
 * <p>Threading: used by one exchange at a time, which also owns its buffers and the {@link #idleSince} and
 * {@link #reusable} fields; the pool hands it over between exchanges through a concurrent deque. Only
 * {@link #close()} may be called from any thread (the deadline watchdog, a run's shutdown): it closes the socket,
 * which ends a blocked connect, write or read of the owner at once.
 */
final class Http1Connection {
    static final int CONNECT_TIMEOUT_MILLIS = 30_000;
    /** Read buffer per connection; also the longest status or header line accepted. */
    static final int READ_BUFFER = 16 * 1024;
    static final int WRITE_BUFFER = 64 * 1024;
    /** Largest body array taken before its bytes arrive; must be at least {@link #READ_BUFFER}. */
    static final int FIRST_BODY_ARRAY = 1024 * 1024;
    /**
     * Longest body read to EOF (no length, not chunked; Queen always sends a length): 64 MiB, far above the
     * largest pop answer a run asks for (10,000 messages of 4 KiB each is about 50 MiB).
     */
    static final int MAX_READ_TO_CLOSE_BODY = 64 * 1024 * 1024;

    private final String origin;
    private final BufferPool readBuffers;
    private final BufferPool writeBuffers;
    private final AnswerBuffers answers;
    private final ConnectionTally tally;
    /**
     * {@link #NEW}, {@link #OPEN} (counted opened) or {@link #CLOSED} (by {@link #close()}, also a cancel's: a
     * connect in progress gives up); each socket is counted once either way.
     */
    private final AtomicInteger state = new AtomicInteger(NEW);
    private static final int NEW = 0;
    private static final int OPEN = 1;
    private static final int CLOSED = 2;
    private volatile Socket socket = new Socket();
    private final WireOut out = new WireOut();
    private final BufferedSink sink = Okio.buffer(Okio.sink(out));
    private byte[] rbuf;
    private InputStream in;
    private int rpos;
    private int rlim;
    /** When the pool last took this connection back ({@link System#nanoTime()}). */
    volatile long idleSince;
    /** Whether the last answer left the connection fit for another exchange. */
    boolean reusable;
    /** Whether a byte of the current exchange's answer has arrived (cleared by {@link #attach}). */
    boolean answerStarted;
    /** Whether the peer had ended this socket before the loader closed it ({@link ConnectionTally#closedByPeer()}). */
    volatile boolean peerClosed;
    /** Whether this exchange waits for its answer's first byte without a read buffer (see {@link #attach}). */
    private boolean parksWithoutReadBuffer;
    /** The answer's body, {@code body[0, bodyLength)}, until {@link #takeBody} hands it over. */
    private byte[] body;
    private int bodyLength;
    private static final byte[] EMPTY = new byte[0];

    /**
     * {@code origin} names the peer in EOF messages; the pools lend the buffers while an exchange runs, and
     * {@code answers} the arrays bodies are read into; {@code tally} counts the socket once connected and once closed.
     */
    Http1Connection(String origin, BufferPool readBuffers, BufferPool writeBuffers, AnswerBuffers answers,
                    ConnectionTally tally) {
        this.origin = origin;
        this.readBuffers = readBuffers;
        this.writeBuffers = writeBuffers;
        this.answers = answers;
        this.tally = tally;
    }

    boolean connected() {
        return in != null;
    }

    /**
     * Starts an exchange. It takes no buffer yet: the write buffer is taken by {@link #sink()} once the socket is
     * connected and given back by {@link #writeDone()}, the read buffer by the answer's first read. With
     * {@code parkWithoutReadBuffer} (a long-poll) that first read takes one byte into no buffer and the read buffer
     * only once it has arrived, so a parked long-poll (ten thousand of them in {@code -mode tenants}) holds no pooled
     * buffer at all, for the price of one more read call per answer; any other exchange reads its answer straight
     * into the read buffer, one read call for a small answer, and holds that buffer while it awaits the answer.
     */
    void attach(boolean parkWithoutReadBuffer) {
        answerStarted = false;
        parksWithoutReadBuffer = parkWithoutReadBuffer;
    }

    /**
     * The request is on the wire: its write buffer goes back to the pool while the answer is awaited, so a request
     * in flight holds at most its read buffer, and a long-poll none (a stalled broker can have thousands in flight).
     */
    void writeDone() {
        writeBuffers.give(out.buf);
        out.buf = null;
    }

    /** Gives the buffers back while the connection sits idle (nothing is buffered between exchanges). */
    void detach() {
        readBuffers.give(rbuf);
        rbuf = null;
        rpos = 0;
        rlim = 0;
        if (out.buf != null) writeDone();
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
                    if (closed()) socket.close(); // a cancel that looked at the previous socket
                }
                socket.setTcpNoDelay(true);
                connect(socket, new InetSocketAddress(addresses[i], port), CONNECT_TIMEOUT_MILLIS);
                tally.onOpened();
                // a cancel that closed it between the connect and here: it was opened, and it is closed
                if (!state.compareAndSet(NEW, OPEN)) tally.onClosed(false);
                break;
            } catch (IOException e) {
                if (i == addresses.length - 1 || closed()) throw e;
            }
        }
        in = socket.getInputStream();
        out.socket = socket.getOutputStream();
    }

    /**
     * Connects {@code s} within {@code timeoutMillis} (> 0). A platform thread connects without the JDK's
     * timeout, which would switch the socket to non-blocking mode for good (every later read that finds no data yet
     * would then be a read, a poll and a read again instead of one read the kernel wakes); the deadline watchdog
     * closes a connect that takes too long instead, and the failure is the same {@link SocketTimeoutException}. A
     * virtual thread's socket is non-blocking anyway (the JDK parks the thread instead of blocking its carrier).
     */
    static void connect(Socket s, InetSocketAddress address, int timeoutMillis) throws IOException {
        if (Thread.currentThread().isVirtual()) {
            s.connect(address, timeoutMillis);
            return;
        }
        CallDeadlines.Entry deadline = CallDeadlines.register(() -> closeQuietly(s), timeoutMillis);
        try {
            s.connect(address);
        } catch (IOException e) {
            if (deadline.timedOut()) throw connectTimedOut(e);
            throw e;
        } finally {
            CallDeadlines.done(deadline);
        }
        // the watchdog may have closed it just as the connect succeeded: a timeout all the same
        if (deadline.timedOut()) throw connectTimedOut(null);
    }

    private static SocketTimeoutException connectTimedOut(IOException cause) {
        SocketTimeoutException e = new SocketTimeoutException("Connect timed out");
        if (cause != null) e.initCause(cause);
        return e;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }

    /** False when the peer closed the idle socket or sent something unasked (a 1 ms read finds out). */
    boolean healthy() {
        if (hasUnreadBytes()) return false;
        try {
            socket.setSoTimeout(1);
            try {
                // data nobody asked for, or EOF: either way the socket is not reusable
                if (in.read() < 0) peerClosed = true;
                return false;
            } finally {
                socket.setSoTimeout(0);
            }
        } catch (SocketTimeoutException quiet) {
            return true;
        } catch (IOException e) {
            peerClosed = true; // a reset
            return false;
        }
    }

    private boolean closed() {
        return state.get() == CLOSED;
    }

    void close() {
        if (state.getAndSet(CLOSED) == OPEN) tally.onClosed(peerClosed);
        // buffers are not given back: a cancelling thread may close the socket while its owner still reads
        closeQuietly(socket);
    }

    // ---- write side

    /**
     * Where a request is written; its flush is one socket write (or a few for a body beyond the buffer). Takes the
     * write buffer, which {@link #writeDone()} gives back.
     */
    BufferedSink sink() {
        if (out.buf == null) out.buf = writeBuffers.take();
        return sink;
    }

    /** Bytes that have left {@link #sink()} for the socket since the connection was made. */
    long bytesWritten() {
        return out.total;
    }

    // ---- read side

    /** True when bytes beyond what was asked for have been read (the stream is out of step with the exchanges). */
    boolean hasUnreadBytes() {
        return rpos < rlim;
    }

    private void fill() throws IOException {
        if (rbuf == null && !parksWithoutReadBuffer) {
            rbuf = readBuffers.take();
            rpos = 0;
            rlim = 0;
        } else if (rbuf == null) {
            // the answer's first byte: read into no buffer, so the wait for it (a long-poll) holds none
            int first = in.read();
            if (first < 0) throw new EOFException("unexpected end of stream on " + origin);
            answerStarted = true;
            rbuf = readBuffers.take();
            rbuf[0] = (byte) first;
            rpos = 0;
            rlim = 1;
            return;
        }
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
        if (n > 0) answerStarted = true;
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

    /** The answer has no body. */
    void noBody() {
        body = EMPTY;
        bodyLength = 0;
    }

    /**
     * The body is the next {@code n} bytes. Its array grows as they arrive (from at most {@value #FIRST_BODY_ARRAY}
     * bytes): a bogus length (a broken proxy, a misread chunk size) must end in EOF, not in an attempt to
     * allocate gigabytes that kills the loader with an OutOfMemoryError.
     */
    void exactly(long n) throws IOException {
        body = n == 0 ? EMPTY : answers.take((int) Math.min(n, FIRST_BODY_ARRAY));
        bodyLength = 0;
        append(n);
    }

    /** The body is chunked: its chunks, one after the other (extensions and trailers ignored). */
    void chunked() throws IOException {
        body = EMPTY;
        bodyLength = 0;
        while (true) {
            long size = Http1Head.chunkSize(line(), bodyLength);
            if (size == 0) {
                while (!line().isEmpty()) {
                    // trailers: ignored
                }
                return;
            }
            if (body == EMPTY) body = answers.take((int) Math.min(size, FIRST_BODY_ARRAY));
            append(size);
            if (!line().isEmpty()) throw new ProtocolException("chunk not followed by CRLF");
        }
    }

    /** The body is everything up to EOF, at most {@link #MAX_READ_TO_CLOSE_BODY} bytes (a peer that never stops is an error). */
    void toEnd() throws IOException {
        int buffered = rlim - rpos;
        body = answers.take(Math.max(buffered, 1)); // at least AnswerBuffers.MIN_ARRAY, more than the read buffer
        System.arraycopy(rbuf, rpos, body, 0, buffered);
        bodyLength = buffered;
        rpos = rlim;
        while (true) {
            int room = Math.min(body.length, MAX_READ_TO_CLOSE_BODY);
            if (bodyLength == room) {
                if (bodyLength >= MAX_READ_TO_CLOSE_BODY) {
                    if (in.read() < 0) return; // exactly the limit
                    throw new ProtocolException("body without length longer than " + MAX_READ_TO_CLOSE_BODY + " bytes");
                }
                grow(MAX_READ_TO_CLOSE_BODY);
                room = Math.min(body.length, MAX_READ_TO_CLOSE_BODY);
            }
            int r = in.read(body, bodyLength, room - bodyLength);
            if (r < 0) return;
            bodyLength += r;
        }
    }

    /**
     * Appends the next {@code n} bytes to the body: what the read buffer holds, then straight from the socket into
     * the body's array, never beyond them (what follows belongs to no body).
     */
    private void append(long n) throws IOException {
        int end = (int) (bodyLength + n); // at most Integer.MAX_VALUE - 16: Http1Head bounds lengths and chunk sizes
        int buffered = (int) Math.min(rlim - rpos, n);
        while (body.length < bodyLength + buffered) grow(end);
        System.arraycopy(rbuf, rpos, body, bodyLength, buffered);
        rpos += buffered;
        bodyLength += buffered;
        while (bodyLength < end) {
            if (bodyLength == body.length) grow(end);
            int r = in.read(body, bodyLength, Math.min(body.length, end) - bodyLength);
            if (r < 0) throw new EOFException("unexpected end of stream on " + origin);
            bodyLength += r;
        }
    }

    /** A larger array for the body, for {@code end} bytes in all: at most double, so a bogus length ends in EOF first. */
    private void grow(long end) {
        body = Arrays.copyOf(body, (int) Math.min(end, Math.max(2L * body.length, AnswerBuffers.MIN_ARRAY)));
    }

    /**
     * The body just read, {@code [0, }{@link #bodyLength}{@code )} of the array returned, handed over: the caller gives
     * the array back to the engine's {@link AnswerBuffers} once it has decoded the body.
     */
    byte[] takeBody() {
        byte[] b = body;
        body = null;
        return b;
    }

    int bodyLength() {
        return bodyLength;
    }

    /** Wire text fit for an exception message: at most 120 characters, control and non-ASCII bytes as {@code ?}. */
    static String printable(String s) {
        String t = s.length() > 120 ? s.substring(0, 120) + "…" : s;
        return t.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** Counts what reaches the socket and turns okio's segment writes into one socket write per flush. */
    private static final class WireOut extends OutputStream {
        private byte[] buf;
        private int count;
        private OutputStream socket;
        private long total;

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
}
