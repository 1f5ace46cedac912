package dev.goload.client;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okio.BufferedSink;
import okio.Okio;

/**
 * The bytes of one push request as the {@link PushLoop} sends them, exactly those {@link Http1Engine} writes for
 * {@code POST /api/v1/push}: request line, the client's common headers with {@code Host} and {@code User-Agent}
 * ({@link Http1Codec#head}, the same function), {@code Content-Length}, a blank line, then {@link PushBody}'s bytes.
 *
 * <p>Not thread-safe: one per loop, used by the loop thread; it encodes into one buffer it reuses.
 */
final class PushLoopRequests {
    /** Request line and head up to the {@code Content-Length} value. */
    private final byte[] prefix;
    private final Target target = new Target();
    private final BufferedSink sink = Okio.buffer(Okio.sink(target));

    PushLoopRequests(HttpUrl base, HttpUrl pushUrl, Headers commonHeaders) {
        String query = pushUrl.encodedQuery();
        String line = "POST " + pushUrl.encodedPath() + (query == null ? "" : "?" + query) + " HTTP/1.1\r\n";
        byte[] head = Http1Codec.head(commonHeaders, base);
        byte[] cl = "Content-Length: ".getBytes(StandardCharsets.ISO_8859_1);
        byte[] l = line.getBytes(StandardCharsets.ISO_8859_1);
        prefix = new byte[l.length + head.length + cl.length];
        System.arraycopy(l, 0, prefix, 0, l.length);
        System.arraycopy(head, 0, prefix, l.length, head.length);
        System.arraycopy(cl, 0, prefix, l.length + head.length, cl.length);
    }

    /** The whole request for {@code body}, flipped for reading, in the encoder's buffer (valid until the next call). */
    ByteBuffer encode(PushBody body) throws IOException {
        target.buf.clear();
        long length = body.contentLength();
        sink.write(prefix).writeDecimalLong(length).writeUtf8("\r\n\r\n");
        body.writeTo(sink);
        sink.flush();
        return target.buf.flip();
    }

    /** Collects okio's segment writes into one growing heap buffer. */
    private static final class Target extends OutputStream {
        private ByteBuffer buf = ByteBuffer.allocate(64 * 1024);

        @Override
        public void write(int b) {
            room(1);
            buf.put((byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            room(len);
            buf.put(b, off, len);
        }

        private void room(int n) {
            if (buf.remaining() >= n) return;
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n));
            buf.flip();
            bigger.put(buf);
            buf = bigger;
        }
    }
}
