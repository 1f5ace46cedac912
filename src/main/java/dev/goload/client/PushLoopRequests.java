package dev.goload.client;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okio.Buffer;
import okio.BufferedSink;
import okio.Okio;

/**
 * The bytes of one push request as the {@link PushLoop} sends them, exactly those {@link Http1Engine} writes for
 * {@code POST /api/v1/push}: request line, the client's common headers with {@code Host} and {@code User-Agent}
 * ({@link Http1Codec#head}, the same function), {@code Content-Length}, a blank line, then {@link PushBody}'s bytes.
 *
 * <p>Not thread-safe: one per thread of a loop (the sender's, the reader's); it encodes into one buffer it reuses.
 */
final class PushLoopRequests {
    /** Request line and head up to the {@code Content-Length} value. */
    private final byte[] prefix;
    private final Target target = new Target();
    private final BufferedSink sink = Okio.buffer(Okio.sink(target));

    PushLoopRequests(HttpUrl base, HttpUrl pushUrl, Headers commonHeaders) {
        // the request line and head as Http1Codec#write frames them, from its own pieces, encoded once
        Buffer b = new Buffer().writeUtf8("POST ").writeUtf8(pushUrl.encodedPath());
        String query = pushUrl.encodedQuery();
        if (query != null) b.writeByte('?').writeUtf8(query);
        prefix = b.write(Http1Codec.VERSION).write(Http1Codec.head(commonHeaders, base)).write(Http1Codec.CONTENT_LENGTH)
                .readByteArray();
    }

    /** The whole request for {@code body}, flipped for reading, in the encoder's buffer (valid until the next call). */
    ByteBuffer encode(PushBody body) throws IOException {
        target.buf.clear();
        long length = body.contentLength();
        sink.write(prefix).writeDecimalLong(length).write(Http1Codec.CRLF).write(Http1Codec.CRLF);
        body.writeTo(sink);
        sink.flush();
        return target.buf.flip();
    }

    /**
     * Collects okio's segment writes into one growing direct buffer: a socket channel writes a heap buffer by first
     * copying it into a temporary direct one, so a direct buffer spares a copy of every request's body.
     */
    private static final class Target extends OutputStream {
        private ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);

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
            ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(buf.capacity() * 2, buf.position() + n));
            buf.flip();
            bigger.put(buf);
            buf = bigger;
        }
    }
}
