package dev.goload.faults;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/** One request or answer as bytes: the head (through the blank line) and a {@code Content-Length} body. */
record HttpMessage(byte[] bytes, int headLength) {
    private static final byte[] CRLFCRLF = {'\r', '\n', '\r', '\n'};

    int bodyLength() {
        return bytes.length - headLength;
    }

    byte[] withBody(byte[] body) {
        byte[] b = Arrays.copyOf(bytes, headLength + body.length);
        System.arraycopy(body, 0, b, headLength, body.length);
        return b;
    }

    /** The next message, or null at a clean end of stream before its first byte. */
    static HttpMessage read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(512);
        int matched = 0;
        while (matched < CRLFCRLF.length) {
            int c = in.read();
            if (c < 0) {
                if (head.size() == 0) return null;
                throw new EOFException("end of stream inside a head");
            }
            head.write(c);
            matched = c == CRLFCRLF[matched] ? matched + 1 : (c == '\r' ? 1 : 0);
            if (head.size() > 65_536) throw new IOException("head too large");
        }
        byte[] h = head.toByteArray();
        int length = contentLength(new String(h, StandardCharsets.ISO_8859_1));
        byte[] all = Arrays.copyOf(h, h.length + length);
        int off = h.length;
        while (off < all.length) {
            int n = in.read(all, off, all.length - off);
            if (n < 0) throw new EOFException("end of stream inside a body");
            off += n;
        }
        return new HttpMessage(all, h.length);
    }

    private static int contentLength(String head) throws IOException {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) continue;
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            if (name.equals("transfer-encoding")) throw new SocketException("chunked framing is not relayed");
            if (name.equals("content-length")) return Integer.parseInt(line.substring(colon + 1).trim());
        }
        return 0;
    }
}
