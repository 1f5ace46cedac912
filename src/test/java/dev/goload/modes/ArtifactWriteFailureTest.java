package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up mid-run costs the artifact that could not be written, never the run: the interval CSV
 * stops, the run goes on to its end with every counter, the final console lines are printed, the .hlog and the
 * run record are complete, the record names the failure, and the end reports it (the command exits 1).
 */
class ArtifactWriteFailureTest {
    @TempDir
    Path dir;

    /** Writes through the first {@code lines} lines, then fails every write like a full disk. */
    static final class FillingDisk extends FilterOutputStream {
        private final AtomicLong linesLeft;

        FillingDisk(OutputStream out, long lines) {
            super(out);
            this.linesLeft = new AtomicLong(lines);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            long newlines = 0;
            for (int i = off; i < off + len; i++) if (b[i] == '\n') newlines++;
            if (linesLeft.get() - newlines < 0) throw new IOException("No space left on device");
            linesLeft.addAndGet(-newlines);
            out.write(b, off, len);
        }
    }

    @Test
    void aCsvThatCannotBeWrittenMidRunCostsOnlyTheCsv() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            OpenLoopRunFixture f = new OpenLoopRunFixture(broker.url(), dir);
            f.rate = 200;
            f.durationSeconds = 3;
            // the header and the first interval row fit; the second row hits the full disk
            f.opener = file -> file.toString().endsWith(".csv")
                    ? new FillingDisk(Files.newOutputStream(file), 2) : Files.newOutputStream(file);
            UncheckedIOException e = assertThrows(UncheckedIOException.class, f::run);
            assertTrue(e.getMessage().contains("run.intervals.csv failed at interval 1"), e.getMessage());
            assertTrue(f.console().contains("[final] offered=60 achieved=60 shed=0 (msgs: offered=600 achieved=600"), f.console());

            JsonNode rec = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
            assertEquals(60, rec.path("counters").path("achievedReq").asLong(), "every counter survives");
            assertEquals(1, rec.path("artifactErrors").size(), rec.toString());
            assertTrue(rec.path("artifactErrors").get(0).asText().contains("run.intervals.csv"), rec.toString());
            assertTrue(rec.path("intervals").asInt() >= 3, "the run went on to its end: " + rec.path("intervals"));

            long csvRows = Files.readAllLines(dir.resolve("run.intervals.csv")).size();
            assertEquals(2, csvRows, "the header and the one row written before the disk filled");
            String hlog = Files.readString(dir.resolve("run.hlog"));
            assertTrue(hlog.lines().filter(l -> l.contains("Tag=push")).count() >= 3, "the .hlog kept going");
        }
    }
}
