package dev.goload.client;

import static dev.goload.client.Http1Connection.printable;

import java.net.ProtocolException;
import java.util.Locale;

/**
 * The head of one HTTP/1.1 answer as both readers decide it ({@link Http1Codec}'s blocking read, {@link PushAnswerParser}'s
 * incremental one): the status line checked, the header fields that matter (Content-Length, Transfer-Encoding,
 * Connection, Retry-After) within the limits, and the body's framing. Framing the peer could mean two ways is an error
 * (RFC 9112 §6.3, as Go's client decides): Content-Length together with Transfer-Encoding, Content-Length values that
 * differ (identical duplicates, as lines or as a list, are one length: RFC 9110 §8.6), any Transfer-Encoding but
 * exactly {@code chunked}, obs-fold continuation lines, more than {@value Http1Codec#MAX_HEADER_FIELDS} fields or
 * {@value Http1Codec#MAX_HEADER_BYTES} bytes of header section.
 *
 * <p>Not thread-safe: one per answer being read.
 */
final class Http1Head {
    /** How the body ends. */
    enum Framing { NONE, CHUNKED, LENGTH, TO_CLOSE }

    int code;
    long contentLength = -1;
    /** Whether the socket must be retired after this answer (HTTP/1.0, {@code Connection: close}, read to close). */
    boolean close;
    String retryAfter;
    private String transferEncoding;
    private int fields;
    private long headerBytes;

    /** Starts the head from its status line ("HTTP/1.1 201 Created"; the reason phrase may be absent). */
    void status(String status) throws ProtocolException {
        if (status.length() < 12 || !status.startsWith("HTTP/1.") || status.charAt(8) != ' '
                || (status.length() > 12 && status.charAt(12) != ' ')) {
            throw new ProtocolException("unexpected status line: " + printable(status));
        }
        int c = 0;
        for (int i = 9; i < 12; i++) {
            char d = status.charAt(i);
            if (d < '0' || d > '9') throw new ProtocolException("unexpected status line: " + printable(status));
            c = c * 10 + (d - '0');
        }
        code = c;
        close = status.charAt(7) == '0';
        contentLength = -1;
        transferEncoding = null;
        retryAfter = null;
        fields = 0;
        headerBytes = 0;
    }

    /** An interim 1xx answer: the real one follows. */
    boolean interim() {
        return code >= 100 && code < 200;
    }

    /** One header line (not empty). */
    void field(String line) throws ProtocolException {
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
            long n = parseLength(value);
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

    /** The body's framing once the head has ended; a body read to close also retires the socket. */
    Framing framing(boolean headRequest) throws ProtocolException {
        boolean chunked = false;
        if (transferEncoding != null) {
            if (contentLength >= 0) throw new ProtocolException("both Content-Length and Transfer-Encoding");
            if (!transferEncoding.equalsIgnoreCase("chunked")) {
                throw new ProtocolException("unsupported Transfer-Encoding: " + printable(transferEncoding));
            }
            chunked = true;
        }
        if (headRequest || code == 204 || code == 304) return Framing.NONE;
        if (chunked) return Framing.CHUNKED;
        if (contentLength >= 0) return Framing.LENGTH;
        close = true;
        return Framing.TO_CLOSE;
    }

    /** A chunk-size line's size (extensions ignored), {@code have} bytes of body already read. */
    static long chunkSize(String sizeLine, long have) throws ProtocolException {
        int semi = sizeLine.indexOf(';');
        String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).strip();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new ProtocolException("bad chunk size: " + printable(sizeLine));
        }
        if (size < 0 || have + size > Integer.MAX_VALUE - 16) throw new ProtocolException("bad chunk size: " + printable(sizeLine));
        return size;
    }

    /** A Content-Length value: digits, or a list of identical digit strings ({@code 5, 5}: RFC 9110 §8.6). */
    private static long parseLength(String v) throws ProtocolException {
        if (v.indexOf(',') < 0) return parseDigits(v, v); // every answer: no list to split
        long n = -1;
        for (String member : v.split(",", -1)) {
            long m = parseDigits(member.strip(), v);
            if (n >= 0 && m != n) throw new ProtocolException("conflicting Content-Length: " + printable(v));
            n = m;
        }
        return n;
    }

    private static long parseDigits(String s, String whole) throws ProtocolException {
        // digits only: Long.parseLong would take "+5"
        boolean digits = !s.isEmpty() && s.length() <= 10;
        for (int i = 0; digits && i < s.length(); i++) {
            char ch = s.charAt(i);
            digits = ch >= '0' && ch <= '9';
        }
        if (digits) {
            long n = Long.parseLong(s);
            if (n <= Integer.MAX_VALUE - 16) return n;
        }
        throw new ProtocolException("bad Content-Length: " + printable(whole));
    }
}
