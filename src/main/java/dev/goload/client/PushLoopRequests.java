package dev.goload.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okio.Buffer;

/**
 * The bytes of one push request as the {@link PushLoop} sends them, exactly those {@link Http1Engine} writes for
 * {@code POST /api/v1/push}: request line, the client's common headers with {@code Host} and {@code User-Agent}
 * ({@link Http1Codec#head}, the same function), {@code Content-Length}, a blank line, then {@link PushBody}'s bytes.
 *
 * <p>They are written straight into one direct buffer it reuses (a socket channel writes a heap buffer by first
 * copying it into a temporary direct one, so a direct buffer spares a copy of every request), sized from the body's
 * known length before the first byte: no okio segment in between, no copy out of one, no growing mid-request.
 *
 * <p>Not thread-safe: one per thread of a loop (the sender's, the reader's).
 */
final class PushLoopRequests {
    /** Digits of the longest Content-Length value, and the two CRLFs after it. */
    private static final int LENGTH_AND_END = 19 + 4;

    /** Request line and head up to the {@code Content-Length} value. */
    private final byte[] prefix;
    private final byte[] digits = new byte[19];
    private ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);

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
        long length = body.contentLength();
        long need = prefix.length + LENGTH_AND_END + length;
        if (need > Integer.MAX_VALUE - 8) throw new IOException("push body of " + length + " bytes is too large");
        if (buf.capacity() < need) buf = ByteBuffer.allocateDirect((int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * buf.capacity())));
        buf.clear();
        buf.put(prefix);
        decimal(length);
        buf.put(Http1Codec.CRLF).put(Http1Codec.CRLF);
        int bodyStart = buf.position();
        body.writeTo(buf);
        if (buf.position() - bodyStart != length) { // contentLength() and the bytes must agree, as okio's sink checks
            throw new IOException("push body wrote " + (buf.position() - bodyStart) + " bytes, announced " + length);
        }
        return buf.flip();
    }

    /** {@code v} (>= 0) in decimal ASCII, as okio's {@code writeDecimalLong} writes it. */
    private void decimal(long v) {
        int i = digits.length;
        do {
            digits[--i] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        buf.put(digits, i, digits.length - i);
    }
}
