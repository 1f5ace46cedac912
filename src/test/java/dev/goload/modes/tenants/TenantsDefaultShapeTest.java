package dev.goload.modes.tenants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.Main;
import dev.goload.report.RecordSchema;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode tenants -embedded} at its default shape (1,000 tenants × 10 queues, 10,000 parked long-polls):
 * every push once failed here (the descriptors ran out with both ends of every socket in one process). The run
 * must have no push or pop error, push from its first interval, and write its record with the error kinds.
 */
class TenantsDefaultShapeTest {
    @TempDir
    Path dir;

    @Test
    void defaultShapeRunsWithoutErrorsAndPushesFromTheFirstInterval() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-mode", "tenants", "-embedded", "-duration", "10", "-out", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        String all = o + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, all);
        assertTrue(o.contains("tenants=1000 queues=10000 consumers=10000 idleOnly=false"), o);

        Matcher first = Pattern.compile("^\\[\\d\\d:\\d\\d:\\d\\d] push= *(\\d+)/s", Pattern.MULTILINE).matcher(o);
        assertTrue(first.find(), o);
        assertTrue(Long.parseLong(first.group(1)) > 0, "no push in the first interval: " + all);

        Matcher fin = Pattern.compile("\\[final] pushed=(\\d+) .* \\| errs push=(\\d+) pop=(\\d+) ack=\\d+\\n")
                .matcher(o);
        assertTrue(fin.find(), o);
        assertTrue(Long.parseLong(fin.group(1)) > 0, o);
        assertEquals("0", fin.group(2), "push errors: " + all);
        assertEquals("0", fin.group(3), "pop errors: " + all);

        // the record is listed after the reference's final line, and holds the counters and the error kinds
        Matcher art = Pattern.compile("\\n\\[artifacts] (\\S+)\\n").matcher(o);
        assertTrue(art.find(), o);
        assertTrue(art.start() > fin.start(), o);
        Path record = Path.of(art.group(1));
        assertEquals(dir, record.getParent());
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        JsonNode rec = new ObjectMapper().readTree(Files.readString(record));
        assertEquals("tenants", rec.path("mode").asText());
        assertEquals("goload.run/2", rec.path("schema").asText());
        assertEquals(Long.parseLong(fin.group(1)), rec.path("counters").path("pushedMsgs").asLong());
        assertEquals(0, rec.path("errors").path("push").path("total").asLong());
        assertTrue(rec.path("errors").path("push").has("byKind"), rec.toString());
        assertEquals(0, rec.path("errors").path("pop").path("total").asLong());
        assertTrue(rec.path("loader").path("peakRssBytes").asLong() > 0, rec.toString());
    }
}
