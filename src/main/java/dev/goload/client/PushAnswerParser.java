package dev.goload.client;

import java.io.EOFException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Incremental HTTP/1.1 answer parser for the {@link PushLoop}: fed whatever bytes a non-blocking read returned, it
 * keeps its place between reads. It decides exactly as {@link Http1Codec#read} does: the status line checked, interim
 * 1xx answers skipped, the head decided by the same {@link Http1Head}, lines at most
 * {@value Http1Connection#READ_BUFFER} bytes, 204/304 without body, no length ⇒ read to close (at most
 * {@value Http1Connection#MAX_READ_TO_CLOSE_BODY} bytes), {@code Connection: close} and HTTP/1.0 retire the socket.
 *
 * <p>Not thread-safe: owned by one connection, read by the loop's reader thread (the sender never reads);
 * {@link #reset()} before each answer.
 */
final class PushAnswerParser {
    private enum State { STATUS, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, TO_END, DONE }

    private final String origin;
    /** The line being collected; grows up to {@link Http1Connection#READ_BUFFER} (idle sockets hold a small one). */
    private byte[] line = new byte[128];
    private int lineLen;
    private State state;
    private final Http1Head head = new Http1Head();
    private byte[] body;
    private int bodyLen;
    private long remaining;
    private boolean started;

    PushAnswerParser(String origin) {
        this.origin = origin;
        reset();
    }

    void reset() {
        state = State.STATUS;
        lineLen = 0;
        body = null;
        bodyLen = 0;
        started = false;
        if (line.length > 4096) line = new byte[128];
    }

    /** Whether a byte of this answer has arrived (a stale socket's resend is allowed only before). */
    boolean started() {
        return started;
    }

    boolean done() {
        return state == State.DONE;
    }

    int code() {
        return head.code;
    }

    /** The answer's body (valid once {@link #done()}). */
    byte[] body() {
        return body == null ? new byte[0] : body.length == bodyLen ? body : Arrays.copyOf(body, bodyLen);
    }

    /** The final answer's {@code Retry-After}, or null. */
    String retryAfter() {
        return head.retryAfter;
    }

    /** Whether the answer lets the socket carry another exchange (the caller also checks for unread bytes). */
    boolean keepAlive() {
        return !head.close;
    }

    /**
     * Consumes bytes of the answer from {@code b[off, off+len)}; stops at its end.
     *
     * @return the bytes consumed: fewer than {@code len} only once {@link #done()} (the rest is not this answer's)
     */
    int feed(byte[] b, int off, int len) throws ProtocolException {
        if (len > 0) started = true;
        int p = off;
        int end = off + len;
        while (p < end && state != State.DONE) {
            switch (state) {
                case BODY, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, end - p);
                    append(b, p, n, Integer.MAX_VALUE);
                    p += n;
                    remaining -= n;
                    if (remaining == 0) state = state == State.BODY ? State.DONE : State.CHUNK_END;
                }
                case TO_END -> {
                    append(b, p, end - p, Http1Connection.MAX_READ_TO_CLOSE_BODY);
                    p = end;
                }
                default -> p = takeLine(b, p, end);
            }
        }
        return p - off;
    }

    /** The peer closed the stream: the end of a read-to-close body, anywhere else an EOF. */
    void eof() throws EOFException {
        if (state == State.TO_END) {
            state = State.DONE;
            head.close = true;
            return;
        }
        throw new EOFException("unexpected end of stream on " + origin);
    }

    private int takeLine(byte[] b, int p, int end) throws ProtocolException {
        int nl = -1;
        for (int i = p; i < end; i++) {
            if (b[i] == '\n') {
                nl = i;
                break;
            }
        }
        int stop = nl < 0 ? end : nl;
        int n = stop - p;
        if (lineLen + n > Http1Connection.READ_BUFFER) {
            throw new ProtocolException("response line longer than " + Http1Connection.READ_BUFFER + " bytes");
        }
        if (lineLen + n > line.length) line = Arrays.copyOf(line, Math.min(Http1Connection.READ_BUFFER, Math.max(lineLen + n, 2 * line.length)));
        System.arraycopy(b, p, line, lineLen, n);
        lineLen += n;
        if (nl < 0) return end;
        int len = lineLen > 0 && line[lineLen - 1] == '\r' ? lineLen - 1 : lineLen;
        String s = new String(line, 0, len, StandardCharsets.ISO_8859_1);
        lineLen = 0;
        onLine(s);
        return nl + 1;
    }

    private void onLine(String s) throws ProtocolException {
        switch (state) {
            case STATUS -> {
                head.status(s);
                state = State.HEADERS;
            }
            case HEADERS -> {
                if (s.isEmpty()) endOfHead();
                else head.field(s);
            }
            case CHUNK_SIZE -> chunkSize(s);
            case CHUNK_END -> {
                if (!s.isEmpty()) throw new ProtocolException("chunk not followed by CRLF");
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (s.isEmpty()) state = State.DONE; // trailers: ignored
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void endOfHead() throws ProtocolException {
        if (head.interim()) { // the real answer follows
            state = State.STATUS;
            return;
        }
        switch (head.framing(false)) {
            case NONE -> state = State.DONE;
            case CHUNKED -> state = State.CHUNK_SIZE;
            case LENGTH -> {
                remaining = head.contentLength;
                body = new byte[(int) Math.min(remaining, Http1Connection.FIRST_BODY_ARRAY)];
                state = remaining == 0 ? State.DONE : State.BODY;
            }
            case TO_CLOSE -> state = State.TO_END;
        }
    }

    private void chunkSize(String sizeLine) throws ProtocolException {
        long size = Http1Head.chunkSize(sizeLine, bodyLen);
        if (size == 0) {
            state = State.TRAILERS;
        } else {
            remaining = size;
            state = State.CHUNK_DATA;
        }
    }

    private void append(byte[] b, int off, int n, int limit) throws ProtocolException {
        if (n == 0) return;
        if ((long) bodyLen + n > limit) {
            throw new ProtocolException("body without length longer than " + Http1Connection.MAX_READ_TO_CLOSE_BODY + " bytes");
        }
        if (body == null) body = new byte[Math.max(n, 1024)];
        if (bodyLen + n > body.length) body = Arrays.copyOf(body, (int) Math.min(Integer.MAX_VALUE - 16, Math.max((long) bodyLen + n, 2L * body.length)));
        System.arraycopy(b, off, body, bodyLen, n);
        bodyLen += n;
    }
}
