package dev.goload.cli;

import static dev.goload.report.ReferenceLines.OPENLOOP_FINAL;
import static dev.goload.report.ReferenceLines.OPENLOOP_INTERVAL;
import static dev.goload.report.ReferenceLines.num;
import static dev.goload.report.ReferenceLines.width;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.pace.ArrivalSchedule;
import dev.goload.pace.RateCurve;
import dev.goload.report.RecordSchema;
import dev.goload.report.ReferenceLines;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode openloop -embedded} end to end through {@code Main.run}. Its run checks
 * ({@link #assertLinesAndAccounting}, {@link #assertManualAck}) hold for any broker: the real-broker tier
 * ({@code dev.goload.realbroker}) applies them too.
 */
public class OpenLoopModeEndToEndTest {
    @TempDir
    Path dir;

    /** 200 req/s for 1 s (one load interval, then the drain's): every assertion here holds for any duration. */
    private LoadModeRun openloop(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("-mode", "openloop", "-embedded", "-rate", "2000",
                "-push-batch", "10", "-duration", "1", "-report", "1", "-consumers", "2", "-partitions", "4"));
        args.addAll(List.of(extra));
        LoadModeRun r = LoadModeRun.of(dir, args.toArray(String[]::new));
        assertEquals(0, r.code(), r.toString());
        return r;
    }

    /**
     * Checks every reference line and the accounting identities, and that no full interval was cut short (its
     * reporter woke late by half a second at most: true on an idle machine); returns the final line.
     */
    private static Matcher assertConsistent(LoadModeRun r) {
        Matcher fin = assertLinesAndAccounting(r);
        for (var row : r.fullIntervalRows()) assertTrue(Double.parseDouble(row.get("seconds")) > 0.5, row.toString());
        return fin;
    }

    /**
     * Checks every reference line and the accounting identities, none of which depends on how late a thread woke;
     * returns the final line.
     */
    public static Matcher assertLinesAndAccounting(LoadModeRun r) {
        RecordSchema.assertValid(r.dir().resolve("run.json"));
        dev.goload.report.RecordConsistency.assertConsistent(r.dir().resolve("run.json"));
        List<Matcher> intervals = ReferenceLines.all(r.lines(), OPENLOOP_INTERVAL);
        assertEquals(r.record().get("intervals").asInt(), intervals.size(), r.toString());
        assertEquals(intervals.size(), r.intervalRows().size(), "one CSV row per console interval");
        for (Matcher m : intervals) {
            width(m, "offered", 9);
            width(m, "achieved", 9);
            width(m, "shed", 9);
            width(m, "inflight", 6);
            width(m, "p50", 7);
            width(m, "p99", 8);
            width(m, "p999", 8);
            assertEquals(num(m, "push") - num(m, "pop"), num(m, "lag"));
        }
        Matcher fin = ReferenceLines.single(r.lines(), OPENLOOP_FINAL);
        long pushed = num(fin, "pushed");
        long popped = num(fin, "popped");
        assertTrue(popped <= pushed, "autoAck pops what was pushed, at most: " + r);
        assertEquals(pushed - popped, num(fin, "lag"));
        assertEquals(num(fin, "offered") * 10, num(fin, "offeredMsgs"));
        assertEquals(num(fin, "achieved") * 10, num(fin, "achievedMsgs"));
        assertEquals(num(fin, "offered"), r.counter("sentReq") + num(fin, "shed"));
        assertEquals(r.counter("pushedMsgs"), pushed);
        assertEquals(r.counter("popped"), popped);
        assertEquals(0, r.record().get("inflightAtEnd").asInt(), "counters read after in-flight pushes finished");
        assertEquals("duration", r.record().get("stopReason").asText());
        assertNull(r.record().path("section").get("configureError").textValue());
        assertEquals(dev.goload.client.HttpEngine.fromEnvironment().label(),
                r.record().path("tool").path("httpClient").asText(), "the record names the HTTP engine of the run");
        String path = dev.goload.client.HttpEngine.fromEnvironment() == dev.goload.client.HttpEngine.OKHTTP ? "okhttp"
                : dev.goload.client.PushLoop.enabledByEnvironment() ? "loop" : "virtual-threads";
        assertEquals(path, r.record().path("section").path("pushPath").asText(), "and the path its pushes took");
        assertEquals(List.of("load", "drain"), r.record().path("phases").findValuesAsText("name"), "the phases");
        for (String c : List.of("offeredReq", "achievedReq", "pushedMsgs", "popped")) {
            long byPhase = 0;
            for (JsonNode p : r.record().path("phases")) byPhase += p.path("counters").path(c).asLong();
            assertEquals(r.counter(c), byPhase, c + ": the phases' counters add up to the run's");
        }
        JsonNode load = r.record().path("phases").get(0);
        JsonNode drain = r.record().path("phases").get(1);
        assertEquals(load.path("endSec").asDouble(), drain.path("startSec").asDouble(), "the drain starts where load ends");
        assertTrue(load.path("endSec").asDouble() >= 1.0, "the load phase lasts the -duration: " + load);
        assertTrue(drain.path("endSec").asDouble() > drain.path("startSec").asDouble(),
                "the drain (in-flight pushes, consumers leaving) is its own phase, not the load's: " + drain);
        String queue = r.record().path("flags").path("queue").asText();
        assertTrue(r.lines().contains("[configure] queue=" + queue + " completedRetentionSeconds=300"), r.out());
        // the full intervals end at the boundaries t0 + k s (a late wake-up shortens the next one, it moves no
        // boundary), so their measured seconds, which rates divide by, add up to k
        List<java.util.Map<String, String>> full = r.fullIntervalRows();
        assertEquals(r.intervalRows().size() - 1, full.size(), "only the last interval is partial");
        double covered = full.stream().mapToDouble(row -> Double.parseDouble(row.get("seconds"))).sum();
        assertTrue(covered >= full.size() - 0.001, full.size() + " full intervals cover " + covered + " s");
        return fin;
    }

    @Test
    void autoAckRunOffersTheRateAndDrains() {
        LoadModeRun r = openloop();
        Matcher fin = assertConsistent(r);
        long offered = num(fin, "offered");
        assertEquals(200, offered, "exactly F(1 s) = 200 req/s x 1 s, however late the pacer ran at the end");
        assertEquals(offered, num(fin, "achieved"), "an idle embedded broker takes every request");
        assertTrue(num(fin, "popped") > 0);
        assertEquals(0, num(fin, "pushErr"));
    }

    @Test
    void manualAckSyncAcksWhatItPops() {
        LoadModeRun r = openloop("-manual-ack");
        Matcher fin = assertConsistent(r);
        assertManualAck(r, fin);
    }

    @Test
    void manualAckAsyncAcksWhatItPops() {
        LoadModeRun r = openloop("-manual-ack", "-ack-async", "-ack-inflight", "4");
        Matcher fin = assertConsistent(r);
        assertManualAck(r, fin);
    }

    public static void assertManualAck(LoadModeRun r, Matcher fin) {
        assertNotNull(fin.group("acked"), "ack segment on the final line: " + r);
        long acked = num(fin, "acked");
        assertTrue(acked > 0, r.toString());
        assertTrue(acked <= num(fin, "popped"));
        assertEquals(0, num(fin, "ackErr"));
        assertEquals(num(fin, "pushed") - acked, num(fin, "ackLag"));
        assertTrue(ReferenceLines.dec(fin, "ackAvg") > 0, "ackAvg printed: " + fin.group());
        assertEquals(acked, r.counter("acked"));
        for (Matcher m : ReferenceLines.all(r.lines(), OPENLOOP_INTERVAL)) {
            assertNotNull(m.group("ackAvg"), m.group());
            width(m, "ack", 9);
        }
    }

    @Test
    void pinnedConsumersDrainTheirHomePartitions() {
        LoadModeRun r = openloop("-pop-wildcard=false", "-consumers", "4");
        Matcher fin = assertConsistent(r);
        assertTrue(num(fin, "popped") > 0, r.toString());
        assertEquals(0, num(fin, "popErr"));
    }

    @Test
    void multiPartitionPopsDrain() {
        LoadModeRun r = openloop("-pop-partitions", "4");
        Matcher fin = assertConsistent(r);
        assertTrue(num(fin, "popped") > 0, r.toString());
        assertEquals(0, num(fin, "popErr"));
    }

    @Test
    void e2eRecordsScheduledPushToPopLatency() {
        LoadModeRun r = openloop("-e2e");
        assertConsistent(r);
        JsonNode e2e = r.record().get("latencyMs").get("e2e");
        assertTrue(e2e.get("count").asLong() > 0, e2e.toString());
        assertTrue(e2e.get("p50").asDouble() > 0, e2e.toString());
        assertEquals(r.counter("popped"), e2e.get("count").asLong(), "every popped message carried its stamp");
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("[final] + e2e (scheduled push -> pop) n=")), r.out());
    }

    @Test
    void latencyDecomposesIntoScheduleLagQueueWaitAndServiceTime() {
        LoadModeRun r = openloop();
        assertConsistent(r);
        JsonNode lat = r.record().get("latencyMs");
        long sent = r.counter("sentReq");
        assertEquals(sent, lat.get("queue").get("count").asLong(), "every sent request has a queue wait");
        assertEquals(sent, lat.get("lateness").get("count").asLong(), "and a pacer lateness");
        // push = lateness + queue + service per request, so no part can exceed the whole at the max
        double push = lat.get("push").get("max").asDouble();
        for (String part : new String[] {"lateness", "queue", "service"}) {
            assertTrue(lat.get(part).get("max").asDouble() <= push + 0.001, part + " " + lat);
        }
    }

    @Test
    void poissonArrivalsWithASeedOfferExactlyThatSeedsSchedule() {
        long seed = 20_261_201L;
        LoadModeRun r = openloop("-arrival", "poisson", "-seed", Long.toString(seed));
        Matcher fin = assertConsistent(r);
        assertEquals(seed, r.record().get("seed").asLong(), "the record keeps the seed the run used");
        assertEquals("poisson", r.record().path("section").path("arrival").asText());
        // the pacer offers every arrival due before the end: with a seed that count is exact, not a ±4 sd band
        assertEquals(poissonArrivalsBefore(seed, 1_000_000_000L), num(fin, "offered"), r.toString());
    }

    @Test
    void poissonWithoutASeedRecordsTheFreshSeedItDrew() {
        LoadModeRun r = openloop("-arrival", "poisson");
        Matcher fin = assertConsistent(r);
        long seed = r.record().get("seed").asLong();
        assertTrue(seed != 0, r.record().toString());
        assertEquals(poissonArrivalsBefore(seed, 1_000_000_000L), num(fin, "offered"),
                "the recorded seed replays the run's schedule");
    }

    /** Arrivals of the run's Poisson schedule (200 req/s, no ramp) due strictly before {@code endNanos}. */
    private static long poissonArrivalsBefore(long seed, long endNanos) {
        ArrivalSchedule s = ArrivalSchedule.poisson(new RateCurve(200, 0), seed);
        long n = 0;
        while (s.nextOffsetNanos() < endNanos) n++;
        return n;
    }

    @Test
    void rampLowersTheEarlyOfferedRate() {
        LoadModeRun r = openloop("-ramp-sec", "2", "-duration", "3");
        assertConsistent(r);
        // exact and timing-free: ramp 0 → 200 req/s over 2 s owes F(3 s) = 200·(3 − 1) = 400 requests (600 unramped)
        assertEquals(400, r.counter("offeredReq"), "F(3 s) = 200·(3 − 1) = 400");
        List<java.util.Map<String, String>> full = r.fullIntervalRows();
        assertTrue(full.size() >= 2, "load intervals before the drain's: " + r.intervalRows());
        // F(t) = 50·t² + 1 by t: ≈ 51 in the first second, against the 200/s of the full rate. The CSV's rate
        // divides by the interval's own measured length, so a late reporter lowers it further, never raises it.
        double firstRate = Double.parseDouble(full.get(0).get("offered_req_s"));
        assertTrue(firstRate < 200, firstRate + " req/s offered in the first interval: " + full.get(0));
    }
}
