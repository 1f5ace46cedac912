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
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode tenants -embedded} end to end against the in-process broker. The final line ({@link #FINAL}) and the
 * record check ({@link #record(String, Path)}) hold for any broker: the real-broker tier applies them too.
 */
public class TenantsModeTest {
    private static final Pattern INTERVAL = Pattern.compile("^\\[\\d\\d:\\d\\d:\\d\\d] push= *(\\d+)/s",
            Pattern.MULTILINE);
    /** The reference's final line; groups: pushed, popped, acked, empty, tail, push errors, pop errors, ack errors. */
    public static final Pattern FINAL = Pattern.compile("\\[final] pushed=(\\d+) popped=(\\d+) acked=(\\d+)"
            + " empty=(\\d+) \\| tail: (\\d+) msgs across \\d+ queues \\| errs push=(\\d+) pop=(\\d+) ack=(\\d+)");

    /** The figures of the reference's final line ({@link #FINAL}). */
    public record FinalLine(long pushed, long popped, long acked, long empty, long tail, long pushErr, long popErr,
                            long ackErr) {
        /** The first final line of {@code out}; fails the test (with the output) when there is none. */
        public static FinalLine of(String out) {
            Matcher m = FINAL.matcher(out);
            assertTrue(m.find(), out);
            long[] g = new long[8];
            for (int i = 0; i < g.length; i++) g[i] = Long.parseLong(m.group(i + 1));
            return new FinalLine(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]);
        }
    }

    @TempDir
    Path dir;

    /** The reference's opening lines (§2.7), byte for byte apart from the port and the provisioning time. */
    private static final Pattern OPENING = Pattern.compile("\\Agoload -mode tenants -> http://127\\.0\\.0\\.1:\\d+"
            + " tenants=3 queues=6 consumers=6 idleOnly=false\n"
            + "  traffic: per-tenant 40 msg/s <-> 4 msg/s every 1s \\(stagger=false\\) \\| aggregate 120 <-> 12 msg/s\n"
            + "\\[provision] 6 queues configured in \\d+\\.\\ds\n");
    /** The reference's interval line (§2.7): Go's %7.0f rates, %7.2f/%8.2f ms, then the counts. */
    private static final Pattern INTERVAL_LINE = Pattern.compile("^\\[\\d\\d:\\d\\d:\\d\\d] push=[ \\d]{7}/s"
            + " pop=[ \\d]{7}/s ack=[ \\d]{7}/s empty=[ \\d]{7}/s \\| e2e p50=[ \\d.]{7} p99=[ \\d.]{8} ms \\| lag=-?\\d+"
            + " \\| errs push=\\d+ pop=\\d+ ack=\\d+ gor=\\d+$", Pattern.MULTILINE);

    private String run(String... args) {
        return run(0, args);
    }

    private String run(int expectedCode, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> argv = new ArrayList<>(List.of("-mode", "tenants", "-embedded", "-out", dir.toString()));
        argv.addAll(List.of(args));
        int code = Main.run(argv.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(expectedCode, code, o + err.toString(StandardCharsets.UTF_8));
        return o;
    }

    @Test
    void provisionsQueuesRunsPhasesAndAccountsForEveryMessage() throws Exception {
        // no stagger: every tenant is high in the 1st and 3rd second, low in the 2nd (3 tenants × 40 vs 3 × 4 msg/s)
        String o = run("-tenants", "3", "-queues-per-tenant", "2", "-phase-high", "40", "-phase-low", "4",
                "-phase-sec", "1", "-stagger=false", "-duration", "4", "-report", "1", "-pop-timeout", "500",
                "-payload", "16");
        assertTrue(OPENING.matcher(o).find(), o);
        Matcher lines = INTERVAL_LINE.matcher(o);
        int intervalLines = 0;
        while (lines.find()) intervalLines++;
        Matcher iv = INTERVAL.matcher(o);
        List<Long> push = new ArrayList<>();
        while (iv.find()) push.add(Long.parseLong(iv.group(1)));
        assertTrue(push.size() >= 3, o);
        assertEquals(push.size(), intervalLines, "every interval line has the reference's shape: " + o);
        // 4 s at -report 1: whole intervals only, no partial last one (as the reference)
        assertTrue(push.size() <= 4, o);
        assertTrue(push.get(0) > push.get(1) && push.get(2) > push.get(1), "high, low, high: " + push + "\n" + o);
        FinalLine f = FinalLine.of(o);
        long pushed = f.pushed();
        long popped = f.popped();
        long acked = f.acked();
        long tail = f.tail();
        assertTrue(pushed > 0, o);
        assertEquals(pushed, popped + tail, "every pushed message is popped or in the tail: " + o);
        // the in-process broker answers every ack before the stop: each popped message is acked or an ack error
        assertEquals(popped, acked + f.ackErr(), o);
        assertEquals(0, f.pushErr(), o);

        JsonNode rec = record(o);
        JsonNode n = rec.path("counters");
        assertEquals(pushed, n.path("pushedMsgs").asLong(), rec.toString());
        assertEquals(pushed, n.path("achievedReq").asLong(), "one message per push: " + rec);
        assertEquals(n.path("offeredReq").asLong(), n.path("sentReq").asLong(), "closed loop: nothing shed");
        assertEquals(popped, n.path("popped").asLong(), rec.toString());
        assertEquals(acked, n.path("acked").asLong(), rec.toString());
        assertEquals(tail, rec.path("section").path("tail").asLong(), rec.toString());
        assertEquals(6, rec.path("section").path("queues").asInt(), rec.toString());
        assertEquals("duration", rec.path("stopReason").asText(), rec.toString());
        assertTrue(rec.path("latencyMs").path("push").path("count").asLong() > 0, "push latency from the schedule");
        assertTrue(rec.path("latencyMs").path("e2e").path("count").asLong() > 0, rec.toString());
        // the CSV holds every interval the console showed, plus the partial last one the console does not show
        assertEquals(push.size() + 1, rec.path("intervals").asInt(), rec.toString());
    }

    @Test
    void provisioningThatFailsSaysHowManyQueuesExits1AndStillWritesItsRecord() throws Exception {
        // nothing listens on port 1: every configure fails all its attempts
        String o = run(1, "-url", "http://127.0.0.1:1", "-embedded=false", "-tenants", "2", "-queues-per-tenant",
                "3", "-duration", "1");
        String reference = "goload -mode tenants -> http://127.0.0.1:1 tenants=2 queues=6 consumers=6 idleOnly=false\n"
                + "  traffic: per-tenant 10 msg/s <-> 2 msg/s every 120s (stagger=true) | aggregate 20 <-> 4 msg/s\n"
                + "[provision] FAILED: 6/6 queues\n";
        assertTrue(o.startsWith(reference + "\n[artifacts] "), o);
        // the record says why: every queue's last configure failure, by kind
        JsonNode rec = record(o);
        assertEquals("error: provisioning failed", rec.path("stopReason").asText(), rec.toString());
        assertEquals(6, rec.path("errors").path("configure").path("total").asLong(), rec.toString());
        assertEquals(6, rec.path("errors").path("configure").path("byKind").path("conn").asLong(), rec.toString());
        assertEquals(0, rec.path("counters").path("sentReq").asLong(), rec.toString());
    }

    private JsonNode record(String o) throws java.io.IOException {
        return record(o, dir);
    }

    /**
     * The {@code goload.run/2} record the {@code [artifacts]} line of stdout {@code o} names, read after checking its
     * place ({@code dir}) and name, its schema and its consistency.
     */
    public static JsonNode record(String o, Path dir) throws java.io.IOException {
        Matcher art = Pattern.compile("\\n\\[artifacts] (\\S+)\\n {12}(\\S+)\\n {12}(\\S+)\\n").matcher(o);
        assertTrue(art.find(), o);
        Path record = Path.of(art.group(1));
        assertEquals(dir, record.getParent());
        assertTrue(Files.size(Path.of(art.group(2))) > 0 && Files.size(Path.of(art.group(3))) > 0, o);
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        JsonNode rec = new ObjectMapper().readTree(Files.readString(record));
        assertEquals("goload.run/2", rec.path("schema").asText());
        assertEquals("tenants", rec.path("mode").asText());
        return rec;
    }

    @Test
    void idleOnlyParksConsumersWithoutTraffic() {
        String o = run("-tenants", "2", "-queues-per-tenant", "2", "-idle-only", "-duration", "2", "-report", "1",
                "-pop-timeout", "300");
        assertTrue(Pattern.compile("\\Agoload -mode tenants -> http://127\\.0\\.0\\.1:\\d+ tenants=2 queues=4 consumers=4"
                + " idleOnly=true\n\\[provision] 4 queues configured in \\d+\\.\\ds\n").matcher(o).find(), o);
        FinalLine f = FinalLine.of(o);
        assertEquals(0, f.pushed(), o);
        assertEquals(0, f.popped(), o);
        long empty = f.empty();
        // every one of the 4 consumers came back empty from its 300 ms park at least once; a consumer that did not
        // park (a busy loop) would have come back thousands of times in 2 s
        assertTrue(empty >= 4, "consumers that never parked and came back: " + o);
        assertTrue(empty <= 2 * (4 * 2000 / 300 + 4), "empty pops that did not wait for -pop-timeout: " + o);
    }
}
