package dev.goload.modes.app;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The optional raw logs of {@code -verify-log DIR} for the offline {@code verify-order.py}
 * (goload-behavior.md §2.8): {@code cg<g>.tsv}, header {@code ackTsNs\tcg\tpartition\tseq\tretry\tstatus}, one row
 * per processed delivery, written <em>after</em> its ack outcome is known, {@code ackTsNs} being the epoch ns at which
 * the ack (or transaction) answer arrived (§8.2 #19a); and {@code manifest.tsv}, header
 * {@code partition\tcount\tmaxSeq\tpoison}, written at the end.
 *
 * <p>Status values: {@code ok} (completed ack or transaction committed), {@code fail} (a transient failure acked
 * {@code failed}: the broker redelivers), {@code poison} (a poison message acked {@code failed}), and the goload-java
 * additions {@code dlq} (a transient failure the broker dead-lettered at the retry limit) and {@code ackerr} (the ack
 * did not commit: the message will be redelivered after its lease expires).
 *
 * <p>Threading: {@link #row} from any thread — each group's writer is locked while a row is appended, so writers
 * block rather than drop rows; a write error is kept ({@link #firstError()}) rather than thrown into a consumer. {@link #flush()} and {@link #close} from the run's thread.
 */
public final class RawLogs implements Closeable {
    public static final String CG_HEADER = "ackTsNs\tcg\tpartition\tseq\tretry\tstatus";
    public static final String MANIFEST_HEADER = "partition\tcount\tmaxSeq\tpoison";

    private final Path dir;
    private final BufferedWriter[] writers;
    private volatile IOException firstError;

    /** Creates {@code dir} and the {@code cg<g>.tsv} files (truncated) with their headers. */
    public RawLogs(Path dir, int groups) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
        writers = new BufferedWriter[groups];
        try {
            for (int g = 0; g < groups; g++) {
                writers[g] = Files.newBufferedWriter(dir.resolve("cg" + g + ".tsv"), StandardCharsets.UTF_8);
                writers[g].write(CG_HEADER);
                writers[g].write('\n');
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    public Path dir() {
        return dir;
    }

    public void row(int g, long ackTsNs, String partition, long seq, int retry, String status) {
        String line = ackTsNs + "\tcg" + g + "\t" + partition + "\t" + seq + "\t" + retry + "\t" + status + "\n";
        BufferedWriter w = writers[g];
        try {
            synchronized (w) {
                w.write(line);
            }
        } catch (IOException e) {
            if (firstError == null) firstError = new IOException("raw log cg" + g + ".tsv: " + e.getMessage(), e);
        }
    }

    /** The first write error of any consumer (the run goes on; the logs are then incomplete), or null. */
    public IOException firstError() {
        return firstError;
    }

    public void flush() throws IOException {
        for (BufferedWriter w : writers) {
            if (w != null) {
                synchronized (w) {
                    w.flush();
                }
            }
        }
    }

    /** One manifest row per partition with count > 0, sorted by partition name. */
    public void writeManifest(Map<String, ManifestEntry> rows) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("manifest.tsv"), StandardCharsets.UTF_8)) {
            w.write(MANIFEST_HEADER);
            w.write('\n');
            for (var e : new java.util.TreeMap<>(rows).entrySet()) {
                ManifestEntry m = e.getValue();
                if (m.count > 0) {
                    w.write(e.getKey() + "\t" + m.count + "\t" + m.maxSeq + "\t" + m.poison + "\n");
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (BufferedWriter w : writers) {
            if (w == null) continue;
            try {
                synchronized (w) {
                    w.close();
                }
            } catch (IOException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    /** What one producer pushed to one partition. Not thread-safe: owned by the partition's single writer. */
    public static final class ManifestEntry {
        public long count;
        public long maxSeq = -1;
        public long poison;
    }
}
