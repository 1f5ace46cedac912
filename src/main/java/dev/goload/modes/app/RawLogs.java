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
 * (goload-behavior.md §2.8, §3.4):
 * <ul>
 *   <li>{@code cg<g>.tsv}, header {@code ackTsNs\tcg\tpartition\tseq\tretry\tstatus}: one row per processed
 *       delivery, written when the message has been processed — <em>before</em> its ack is sent, as the reference
 *       does — so that file order is delivery order per partition whatever the ack latency. {@code ackTsNs} (the
 *       reference's column name) is the epoch ns at which processing ended; status is the processing outcome:
 *       {@code ok}, {@code fail} (a transient failure, acked {@code failed}) or {@code poison}. The checker reads the
 *       rows in file order, so a row written after the ack answer could follow the next batch of the partition,
 *       delivered to another consumer once the broker had released the lease (issue 13 part 7).</li>
 *   <li>{@code ack-cg<g>.tsv} (a goload-java addition; the name stays outside verify-order.py's {@code cg*.tsv}),
 *       header {@code ackTsNs\tcg\tpartition\tseq\tretry\toutcome}: what the broker answered, once it is known —
 *       {@code ok} (completed ack or committed transaction), {@code fail} (acked {@code failed}: redelivered),
 *       {@code poison}, {@code dlq} (dead-lettered at the retry limit) and {@code ackerr} (not committed: redelivered
 *       after the lease expires). Its order carries no meaning.</li>
 *   <li>{@code manifest.tsv}, header {@code partition\tcount\tmaxSeq\tpoison}, written at the end.</li>
 * </ul>
 *
 * <p>Threading: {@link #row} and {@link #ackRow} from any thread — each file's writer is locked while a row is
 * appended, so writers block rather than drop rows; {@link #inGroupOrder} runs a step under the lock of a group's
 * {@code cg} file (see {@link DeliveryFeed}); a write error is kept ({@link #firstError()}) rather than thrown into
 * a consumer. {@link #flush()} and {@link #close} from the run's thread.
 */
public final class RawLogs implements Closeable {
    public static final String CG_HEADER = "ackTsNs\tcg\tpartition\tseq\tretry\tstatus";
    public static final String ACK_HEADER = "ackTsNs\tcg\tpartition\tseq\tretry\toutcome";
    public static final String MANIFEST_HEADER = "partition\tcount\tmaxSeq\tpoison";
    public static final String MANIFEST = "manifest.tsv";

    /** Group {@code g}'s processed-deliveries log. */
    public static String groupFile(int g) {
        return "cg" + g + ".tsv";
    }

    /** Group {@code g}'s ack-outcome log. */
    public static String ackFile(int g) {
        return "ack-cg" + g + ".tsv";
    }

    private final Path dir;
    private final int groups;
    /** {@code cg<g>.tsv} at index g, {@code ack-cg<g>.tsv} at groups + g. */
    private final BufferedWriter[] writers;
    private volatile IOException firstError;

    /** Creates {@code dir} and the {@code cg<g>.tsv} and {@code ack-cg<g>.tsv} files (truncated) with headers. */
    public RawLogs(Path dir, int groups) throws IOException {
        this.dir = dir;
        this.groups = groups;
        Files.createDirectories(dir);
        writers = new BufferedWriter[2 * groups];
        try {
            for (int g = 0; g < groups; g++) {
                writers[g] = open(groupFile(g), CG_HEADER);
                writers[groups + g] = open(ackFile(g), ACK_HEADER);
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private BufferedWriter open(String name, String header) throws IOException {
        BufferedWriter w = Files.newBufferedWriter(dir.resolve(name), StandardCharsets.UTF_8);
        w.write(header);
        w.write('\n');
        return w;
    }

    public Path dir() {
        return dir;
    }

    /** One processed delivery in {@code cg<g>.tsv}. */
    public void row(int g, long tsNs, String partition, long seq, int retry, String status) {
        append(g, groupFile(g), tsNs, g, partition, seq, retry, status);
    }

    /** One ack outcome in {@code ack-cg<g>.tsv}. */
    public void ackRow(int g, long ackTsNs, String partition, long seq, int retry, String outcome) {
        append(groups + g, ackFile(g), ackTsNs, g, partition, seq, retry, outcome);
    }

    /**
     * Runs {@code step} holding the lock of {@code cg<g>.tsv}: what the step observes and writes is one atomic event
     * in that file's order (rows written inside take the same, reentrant, lock).
     */
    public void inGroupOrder(int g, Runnable step) {
        synchronized (writers[g]) {
            step.run();
        }
    }

    private void append(int index, String name, long tsNs, int g, String partition, long seq, int retry, String status) {
        String line = tsNs + "\tcg" + g + "\t" + partition + "\t" + seq + "\t" + retry + "\t" + status + "\n";
        BufferedWriter w = writers[index];
        try {
            synchronized (w) {
                w.write(line);
            }
        } catch (IOException e) {
            if (firstError == null) firstError = new IOException("raw log " + name + ": " + e.getMessage(), e);
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
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(MANIFEST), StandardCharsets.UTF_8)) {
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
