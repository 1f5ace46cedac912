package dev.goload.modes.cm;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One stage's apply log: {@code prop,seq\n} per message in the order the stage applied them, buffered 1 MiB and
 * flushed at shutdown (goload-behavior.md §2.6). The file is truncated when opened.
 *
 * <p>Threading: {@link #append} is synchronized; per-partition order is preserved by the callers (one batch of a
 * partition is logged before its ack, and the next batch cannot be popped before that ack).
 */
public final class StageLog implements AutoCloseable {
    private final OutputStream out;
    private final byte[] line = new byte[48];

    public StageLog(Path file) throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
    }

    public synchronized void append(int prop, long seq) {
        int n = 0;
        n = digits(prop, n);
        line[n++] = ',';
        n = digits(seq, n);
        line[n++] = '\n';
        try {
            out.write(line, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code v} in decimal at {@code at} without allocating (one call per field of every applied message). */
    private int digits(long v, int at) {
        if (v < 0) {
            byte[] d = Long.toString(v).getBytes(StandardCharsets.US_ASCII); // never for goload's own logs
            System.arraycopy(d, 0, line, at, d.length);
            return at + d.length;
        }
        int end = at;
        do {
            line[end++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        for (int i = at, j = end - 1; i < j; i++, j--) {
            byte t = line[i];
            line[i] = line[j];
            line[j] = t;
        }
        return end;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
