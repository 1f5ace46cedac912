package dev.goload.client;

import static dev.goload.client.Http1Connection.printable;

import java.io.EOFException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Incremental HTTP/1.1 answer parser for the {@link PushLoop}: fed whatever bytes a non-blocking read returned, it
 * keeps its place between reads. It decides exactly as {@link Http1Codec#read} does: the status line checked, interim
 * 1xx answers skipped, Content-Length (identical duplicates accepted, conflicting ones an error), exactly
 * {@code chunked} or no Transfer-Encoding, never both, obs-fold an error, at most {@value Http1Codec#MAX_HEADER_FIELDS}
 * fields and {@value Http1Codec#MAX_HEADER_BYTES} bytes of header section, lines at most
 * {@value Http1Connection#READ_BUFFER} bytes, 204/304 without body, no length ⇒ read to close (at most
 * {@value Http1Connection#MAX_READ_TO_CLOSE_BODY} bytes), {@code Connection: close} and HTTP/1.0 retire the socket.
 *
 * <p>Not thread-safe: owned by one connection of the loop thread; {@link #reset()} before each answer.
 */
final class PushAnswerParser {
    private enum State { STATUS, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, TO_END, DONE }

    private final String origin;
    /** The line being collected; grows up to {@link Http1Connection#READ_BUFFER} (idle sockets hold a small one). */
    private byte[] line = new byte[128];
    private int lineLen;
    private State state;
    private int code;
    private long contentLength;
    private String transferEncoding;
    private boolean close;
    private String retryAfter;
    private int fields;
    private long headerBytes;
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
        return code;
    }

    /** The answer's body (valid once {@link #done()}). */
    byte[] body() {
        return body == null ? new byte[0] : body.length == bodyLen ? body : Arrays.copyOf(body, bodyLen);
    }

    /** The final answer's {@code Retry-After}, or null. */
    String retryAfter() {
        return retryAfter;
    }

    /** Whether the answer lets the socket carry another exchange (the caller also checks for unread bytes). */
    boolean keepAlive() {
        return !close;
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
            close = true;
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
            case STATUS -> status(s);
            case HEADERS -> {
                if (s.isEmpty()) endOfHead();
                else header(s);
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

    private void status(String status) throws ProtocolException {
        // "HTTP/1.1 201 Created" (the reason phrase may be absent)
        if (status.length() < 12 || !status.startsWith("HTTP/1.") || status.charAt(8) != ' '
                || (status.length() > 12 && status.charAt(12) != ' ')) {
            throw new ProtocolException("unexpected status line: " + printable(status));
        }
        code = Http1Codec.parseCode(status);
        close = status.charAt(7) == '0';
        contentLength = -1;
        transferEncoding = null;
        retryAfter = null;
        fields = 0;
        headerBytes = 0;
        state = State.HEADERS;
    }

    private void header(String line) throws ProtocolException {
        headerBytes += line.length() + 2;
        if (++fields > Http1Codec.MAX_HEADER_FIELDS) {
            throw new ProtocolException("more than " + Http1Codec.MAX_HEADER_FIELDS + " header fields");
        }
        if (headerBytes > Http1Codec.MAX_HEADER_BYTES) {
            throw new ProtocolException("header section longer than " + Http1Codec.MAX_HEADER_BYTES + " bytes");
        }
        char first = line.charAt(0);
        if (first == ' ' || first == '\t') throw new ProtocolException("obsolete line folding in header: " + printable(line));
        int colon = line.indexOf(':');
        if (colon <= 0) throw new ProtocolException("malformed header line: " + printable(line));
        String name = line.substring(0, colon).strip();
        String value = line.substring(colon + 1).strip();
        if (name.equalsIgnoreCase("Content-Length")) {
            long n = Http1Codec.parseLength(value);
            if (contentLength >= 0 && n != contentLength) {
                throw new ProtocolException("conflicting Content-Length: " + contentLength + " and " + n);
            }
            contentLength = n;
        } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
            transferEncoding = transferEncoding == null ? value : transferEncoding + ", " + value;
        } else if (name.equalsIgnoreCase("Connection")) {
            String v = value.toLowerCase(Locale.ROOT);
            if (v.contains("close")) close = true;
            else if (v.contains("keep-alive")) close = false;
        } else if (name.equalsIgnoreCase("Retry-After")) {
            retryAfter = value;
        }
    }

    private void endOfHead() throws ProtocolException {
        if (code >= 100 && code < 200) { // interim answer: the real one follows
            state = State.STATUS;
            return;
        }
        boolean chunked = false;
        if (transferEncoding != null) {
            if (contentLength >= 0) throw new ProtocolException("both Content-Length and Transfer-Encoding");
            if (!transferEncoding.equalsIgnoreCase("chunked")) {
                throw new ProtocolException("unsupported Transfer-Encoding: " + printable(transferEncoding));
            }
            chunked = true;
        }
        if (code == 204 || code == 304) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            remaining = contentLength;
            body = new byte[(int) Math.min(contentLength, Http1Connection.FIRST_BODY_ARRAY)];
            state = contentLength == 0 ? State.DONE : State.BODY;
        } else {
            close = true;
            state = State.TO_END;
        }
    }

    private void chunkSize(String sizeLine) throws ProtocolException {
        int semi = sizeLine.indexOf(';');
        String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).strip();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new ProtocolException("bad chunk size: " + printable(sizeLine));
        }
        if (size < 0 || bodyLen + size > Integer.MAX_VALUE - 16) throw new ProtocolException("bad chunk size: " + printable(sizeLine));
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
