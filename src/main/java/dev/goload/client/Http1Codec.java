package dev.goload.client;


import java.io.IOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;

/**
 * HTTP/1.1 framing for an {@link Http1Engine}: writes a request onto an {@link Http1Connection} as OkHttp would
 * (minus {@code Accept-Encoding: gzip}) and reads the answer's head and body off it, deciding whether the
 * connection may carry another exchange.
 *
 * <p>Thread-safe: immutable once built (the client's common headers are encoded once); each call works only on
 * the connection it is given, which its exchange owns.
 */
final class Http1Codec {
    static final byte[] CRLF = {'\r', '\n'};
    static final byte[] VERSION = JsonText.ascii(" HTTP/1.1\r\n");
    static final byte[] CONTENT_LENGTH = JsonText.ascii("Content-Length: ");
    /** Header fields accepted in one answer (Queen sends fewer than ten). */
    static final int MAX_HEADER_FIELDS = 128;
    /** Bytes of one answer's header section, CRLFs included (each line is also bounded by the read buffer). */
    static final int MAX_HEADER_BYTES = 64 * 1024;

    private final Headers commonHeaders;
    /** The common headers plus Host and User-Agent, encoded once. */
    private final byte[] commonHead;

    Http1Codec(HttpUrl base, Headers commonHeaders) {
        this.commonHeaders = commonHeaders;
        this.commonHead = head(commonHeaders, base);
    }

    /** Request line, headers, {@code Content-Length}, body: collected in the connection's buffer, sent with one flush. */
    void write(Http1Connection c, Request request) throws IOException {
        BufferedSink s = c.sink();
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
        long before = c.bytesWritten() + s.getBuffer().size();
        if (spooled != null) s.writeAll(spooled);
        else if (body != null) body.writeTo(s);
        s.flush();
        long written = c.bytesWritten() - before;
        if (written != length) {
            c.reusable = false;
            throw new ProtocolException("request body: expected " + length + " bytes but wrote " + written);
        }
    }

    private static boolean permitsBody(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    /**
     * The final answer (interim 1xx answers skipped), its body in an array of the engine's {@link AnswerBuffers}
     * ({@link Http1Engine#recycle}); sets {@link Http1Connection#reusable}. Framing the peer could
     * mean two ways is an error that closes the socket (RFC 9112 §6.3, as Go's client decides): Content-Length
     * together with Transfer-Encoding, Content-Length values that differ (identical duplicates, as lines or as a
     * list, are one length: RFC 9110 §8.6 allows it and Go accepts them), any Transfer-Encoding but exactly
     * {@code chunked} (goload decodes no other coding, and a final coding other than chunked would end the body at
     * EOF), obs-fold continuation lines, more than {@value #MAX_HEADER_FIELDS} fields or
     * {@value #MAX_HEADER_BYTES} bytes of header section, and a read-to-close body beyond
     * {@value Http1Connection#MAX_READ_TO_CLOSE_BODY} bytes.
     */
    Http1Engine.Response read(Http1Connection c, boolean headRequest) throws IOException {
        Http1Head h = new Http1Head();
        while (true) {
            h.status(c.line());
            for (String line; !(line = c.line()).isEmpty(); ) h.field(line);
            if (h.interim()) continue; // the real answer follows
            switch (h.framing(headRequest)) {
                case NONE -> c.noBody();
                case CHUNKED -> c.chunked();
                case LENGTH -> c.exactly(h.contentLength);
                case TO_CLOSE -> c.toEnd();
            }
            // bytes beyond the answer mean the stream is out of step: never reuse it
            c.reusable = !h.close && !c.hasUnreadBytes();
            return new Http1Engine.Response(h.code, h.retryAfter, c.takeBody(), c.bodyLength());
        }
    }

    /** {@code host[:port]} as OkHttp sends it in {@code Host} (IPv6 literals bracketed, default port left out). */
    static String hostPort(HttpUrl url) {
        String h = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? h : h + ":" + url.port();
    }

    /** Header lines for {@code h}, with Host (unless {@code h} sets it) and User-Agent. */
    static byte[] head(Headers h, HttpUrl url) {
        StringBuilder sb = new StringBuilder(256);
        if (h.get("Host") == null) sb.append("Host: ").append(hostPort(url)).append("\r\n");
        if (h.get("User-Agent") == null) sb.append("User-Agent: goload\r\n");
        for (int i = 0; i < h.size(); i++) sb.append(h.name(i)).append(": ").append(h.value(i)).append("\r\n");
        // OkHttp's Headers only hold visible ASCII (and tab) in names and values, so Latin-1 is exact.
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
