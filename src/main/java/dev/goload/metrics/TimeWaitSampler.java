package dev.goload.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Counts the TCP sockets in TIME_WAIT whose local or remote port is the broker's, from the kernel's socket tables
 * ({@code /proc/net/tcp} and {@code /proc/net/tcp6}, state {@code 06}): remote port = sockets the loader closed
 * first, local port = sockets a broker on the same machine closed first. Only this machine's (this network
 * namespace's) tables are read, so a broker elsewhere shows only the loader's side.
 *
 * <p>Cost stays bounded at tens of thousands of sockets: each table is streamed through one reused 64 KB array and
 * scanned in place, no String per line; a sample of 50,000 lines is a few milliseconds, taken once a second. The
 * array does not grow with the table: read whole, a machine's 15,000 sockets (2.5 MB of rows) grew it to 4 MB, kept
 * for the run in the loader's old generation (issue 15: the resident set).
 *
 * <p>Threading: one sampling thread; {@link #peak()} may be read from any thread.
 */
public final class TimeWaitSampler {
    /** The kernel's IPv4 and IPv6 TCP tables. */
    public static final List<Path> PROC_NET_TCP = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final int TIME_WAIT = 0x06;

    private final int port;
    private final List<Path> tables;
    /** Rows not yet scanned; a row longer than this (the kernel's are ~150 bytes) counts nothing. */
    static final int BUFFER_BYTES = 64 * 1024;

    private final byte[] buf = new byte[BUFFER_BYTES];
    /** Most TIME_WAIT sockets seen in one sample; -1 until a table could be read. */
    private volatile long peak = -1;

    /** Samples {@link #PROC_NET_TCP} for {@code port}. */
    public TimeWaitSampler(int port) {
        this(port, PROC_NET_TCP);
    }

    /** Samples {@code tables} (files in the kernel's format) for {@code port}. */
    public TimeWaitSampler(int port, List<Path> tables) {
        this.port = port;
        this.tables = List.copyOf(tables);
    }

    /** TIME_WAIT sockets to or from the port now, summed over the readable tables; -1 when none is readable. */
    public long sample() {
        long n = -1;
        for (Path t : tables) {
            long c = countIn(t);
            if (c >= 0) n = Math.max(n, 0) + c;
        }
        if (n > peak) peak = n;
        return n;
    }

    /** The most seen in one sample so far; null when no table was ever readable (no /proc). */
    public Long peak() {
        long p = peak;
        return p < 0 ? null : p;
    }

    /** Bytes of the array rows are read into (tests: it does not grow with the table). */
    int bufferBytes() {
        return buf.length;
    }

    /**
     * The matching rows of {@code table}, streamed through {@link #buf}: each read's complete rows are counted and
     * the partial last row moved to the front for the next read; -1 when the table is unreadable.
     */
    private long countIn(Path table) {
        try (InputStream in = Files.newInputStream(table)) {
            long n = 0;
            int len = 0; // bytes in buf[0, len): the start of a row not yet complete
            boolean overlong = false; // buf filled without a newline: skip to the end of that row
            while (true) {
                int r = in.read(buf, len, buf.length - len); // proc files report no size: read to EOF
                if (r < 0) return overlong ? n : n + count(buf, len, port);
                len += r;
                int rows = lastNewline(buf, len) + 1; // buf[0, rows) holds whole rows
                if (rows == 0) {
                    if (len == buf.length) { // one row longer than the array: it counts nothing
                        overlong = true;
                        len = 0;
                    }
                    continue;
                }
                int from = 0;
                if (overlong) { // the rest of the overlong row ends at the first newline
                    from = firstNewline(buf, rows) + 1;
                    overlong = false;
                }
                n += count(buf, from, rows, port);
                System.arraycopy(buf, rows, buf, 0, len - rows);
                len -= rows;
            }
        } catch (IOException | SecurityException e) {
            return -1;
        }
    }

    private static int lastNewline(byte[] b, int len) {
        for (int i = len - 1; i >= 0; i--) if (b[i] == '\n') return i;
        return -1;
    }

    private static int firstNewline(byte[] b, int len) {
        for (int i = 0; i < len; i++) if (b[i] == '\n') return i;
        return -1;
    }

    /**
     * TIME_WAIT rows of a table whose local or remote port is {@code port}. A row: {@code sl: local remote st …},
     * addresses as {@code HEX:PORT} (hex port, four digits), {@code st} two hex digits. The header row and any row
     * that does not parse count nothing.
     */
    static long count(byte[] b, int len, int port) {
        return count(b, 0, len, port);
    }

    private static long count(byte[] b, int from, int len, int port) {
        long n = 0;
        int i = from;
        while (i < len) {
            int eol = i;
            while (eol < len && b[eol] != '\n') eol++;
            if (matches(b, i, eol, port)) n++;
            i = eol + 1;
        }
        return n;
    }

    private static boolean matches(byte[] b, int from, int to, int port) {
        int p = skipToken(b, skipSpaces(b, from, to), to); // "sl:"
        int localStart = skipSpaces(b, p, to);
        int localEnd = skipToken(b, localStart, to);
        int remoteStart = skipSpaces(b, localEnd, to);
        int remoteEnd = skipToken(b, remoteStart, to);
        int stStart = skipSpaces(b, remoteEnd, to);
        if (skipToken(b, stStart, to) - stStart != 2 || hex(b, stStart, stStart + 2) != TIME_WAIT) return false;
        return portOf(b, localStart, localEnd) == port || portOf(b, remoteStart, remoteEnd) == port;
    }

    /** The hex port after the address's last colon, or -1. */
    private static int portOf(byte[] b, int from, int to) {
        int colon = to - 5;
        return colon >= from && b[colon] == ':' ? hex(b, colon + 1, to) : -1;
    }

    private static int skipSpaces(byte[] b, int i, int to) {
        while (i < to && (b[i] == ' ' || b[i] == '\t')) i++;
        return i;
    }

    private static int skipToken(byte[] b, int i, int to) {
        while (i < to && b[i] != ' ' && b[i] != '\t') i++;
        return i;
    }

    /** The hex number in {@code b[from, to)}, or -1 when a byte is not a hex digit. */
    private static int hex(byte[] b, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(b[i], 16);
            if (d < 0) return -1;
            v = v * 16 + d;
        }
        return v;
    }
}
