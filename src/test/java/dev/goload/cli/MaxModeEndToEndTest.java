package dev.goload.cli;

import static dev.goload.report.ReferenceLines.MAX_FINAL;
import static dev.goload.report.ReferenceLines.MAX_INTERVAL;
import static dev.goload.report.ReferenceLines.num;
import static dev.goload.report.ReferenceLines.width;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.report.RecordSchema;
import dev.goload.report.ReferenceLines;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode max -embedded} end to end through {@code Main.run}. Its run checks ({@link #assertConsistent},
 * {@link #assertManualAck}) hold for any broker: the real-broker tier ({@code dev.goload.realbroker}) applies them too.
 */
public class MaxModeEndToEndTest {
    @TempDir
    Path dir;

    private LoadModeRun max(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("-mode", "max", "-embedded", "-producers", "2",
                "-consumers", "2", "-partitions", "4", "-duration", "1", "-report", "1"));
        args.addAll(List.of(extra));
        LoadModeRun r = LoadModeRun.of(dir, args.toArray(String[]::new));
        assertEquals(0, r.code(), r.toString());
        return r;
    }

    /** Checks the reference lines and the accounting identities of a run at -push-batch 10; returns the final line. */
    public static Matcher assertConsistent(LoadModeRun r) {
        List<Matcher> intervals = ReferenceLines.all(r.lines(), MAX_INTERVAL);
        RecordSchema.assertValid(r.dir().resolve("run.json"));
        dev.goload.report.RecordConsistency.assertConsistent(r.dir().resolve("run.json"));
        assertEquals(r.record().get("intervals").asInt(), intervals.size(), r.toString());
        long byPhase = 0;
        for (JsonNode p : r.record().path("phases")) byPhase += p.path("counters").path("pushedMsgs").asLong();
        assertEquals(r.counter("pushedMsgs"), byPhase, "load + drain (pushes in flight at the stop) = the total");
        for (Matcher m : intervals) {
            width(m, "push", 8);
            width(m, "pop", 8);
        }
        Matcher fin = ReferenceLines.single(r.lines(), MAX_FINAL);
        long pushed = num(fin, "pushed");
        assertTrue(pushed > 0, r.toString());
        assertTrue(num(fin, "popped") <= pushed);
        assertEquals(r.counter("pushedMsgs"), pushed);
        assertEquals(r.counter("achievedReq") * 10, pushed, "pushed == achieved requests x batch");
        assertEquals(r.counter("popped"), num(fin, "popped"));
        assertEquals(0, num(fin, "pushErr"));
        assertEquals(0, num(fin, "popErr"));
        assertEquals(0, r.record().get("inflightAtEnd").asInt());
        assertEquals("max", r.record().get("mode").asText());
        return fin;
    }

    @Test
    void autoAckRunPushesAndPops() {
        LoadModeRun r = max();
        assertConsistent(r);
        assertTrue(r.lines().getFirst().startsWith("goload -> http://127.0.0.1:"), r.out());
        assertTrue(r.lines().getFirst().contains(" retries=2 manualAck=false"), r.lines().getFirst());
        JsonNode warm = r.record().path("loader").path("warmUp");
        assertTrue(warm.path("connectionsDialled").asInt() > 0, warm.toString());
        assertEquals(0, warm.path("pacerLaunches").asLong(), "closed-loop producers: no pacer to warm: " + warm);
    }

    @Test
    void manualAckSyncAcksWhatItPops() {
        assertManualAck(max("-manual-ack"));
    }

    @Test
    void manualAckAsyncAcksWhatItPops() {
        assertManualAck(max("-manual-ack", "-ack-async", "-ack-inflight", "4"));
    }

    public static void assertManualAck(LoadModeRun r) {
        Matcher fin = assertConsistent(r);
        assertNotNull(fin.group("acked"), r.toString());
        long acked = num(fin, "acked");
        assertTrue(acked > 0 && acked <= num(fin, "popped"), r.toString());
        assertEquals(0, num(fin, "ackErr"));
        assertTrue(ReferenceLines.dec(fin, "ackAvg") > 0, fin.group());
        for (Matcher m : ReferenceLines.all(r.lines(), MAX_INTERVAL)) {
            assertNotNull(m.group("ackAvg"), m.group());
        }
    }

    @Test
    void headerPrintsTheRetriesFlagAsGiven() {
        // the reference prints the flag value; "≤ 0 ⇒ one attempt" is how the client is built, not what is shown
        LoadModeRun r = max("-retries", "0");
        assertTrue(r.lines().getFirst().contains(" retries=0 manualAck="), r.lines().getFirst());
    }
}
