package dev.goload.faults;

import static dev.goload.faults.LoadRecordInvariants.kind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker killed mid-run and restarted 1 s later with its state, in every load mode: each mode runs through its
 * own {@link FaultProxy}, killed once the run has made a mode-specific number of requests (so the kill lands in the
 * load, not in the setup, however slow the machine) — all seven at once against one embedded broker, to keep CI
 * time low. Each mode must finish normally with its verdict, count the outage under {@code conn} in whatever it
 * reports, back off instead of spinning, and reconcile its counters; together they leave no thread or socket behind.
 *
 * <p>What each mode can be held to depends on what it reports (run records differ until goload.run/2); the
 * per-mode tests say which invariant is checked from which output, and docs/reliability.md lists what is missing.
 *
 * <p>Tagged {@code solo} (pom.xml): the seven runs at once load both cores by themselves, and each must still see
 * its outage land inside its load phase, so nothing runs beside them.
 */
@Tag("solo")
class BrokerKillEveryModeTest {
    private static final Map<String, FaultRun> RUNS = new ConcurrentHashMap<>();
    private static String leftOver;

    @TempDir
    static Path dir;

    private static EmbeddedBroker broker;

    /** The flags of each mode's run (small, ~5 s), and how many requests it makes before the kill. */
    private static Map<String, List<String>> modes() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("openloop", List.of("60", "-mode", "openloop", "-rate", "500", "-push-batch", "10", "-partitions", "4",
                "-consumers", "2", "-duration", "5", "-report", "1", "-timeout", "10000", "-queue", "kill-openloop"));
        m.put("max", List.of("100", "-mode", "max", "-producers", "2", "-consumers", "2", "-partitions", "4",
                "-duration", "5", "-report", "1", "-retries", "0", "-timeout", "10000", "-queue", "kill-max"));
        m.put("cloud", List.of("40", "-mode", "cloud", "-target", "broker", "-tenants", "2", "-rate", "40",
                "-duration", "5", "-drain", "3", "-report", "1", "-lease-time", "1", "-pop-timeout", "500",
                "-queue", "kill-cloud"));
        m.put("cm", List.of("200", "-mode", "cm", "-properties", "4", "-rate-events", "60", "-duration", "5",
                "-db-sleep-min", "1", "-db-sleep-max", "3", "-cal-sleep", "1", "-ota-sleep", "2", "-sweep-floor-ms", "20",
                "-warmup=false", "-lease-time", "1", "-queue-prefix", "kill-"));
        m.put("order", List.of("300", "-mode", "order", "-target", "broker", "-messages", "800", "-partitions", "4",
                "-consumers", "3", "-pop-batch", "20", "-pop-timeout", "500", "-drain", "6", "-lease-time", "1",
                "-queue", "kill-order"));
        m.put("app", List.of("100", "-mode", "app", "-duration", "5", "-report", "1", "-target-rate", "300",
                "-producers", "3", "-sessions", "6", "-push-batch", "5", "-consumers-per-group", "3", "-process-ms", "1",
                "-slow-msg-pct", "0", "-slow-part-pct", "0", "-fail-pct", "0", "-poison-pct", "0",
                "-stage2-consumers", "1", "-payload-min", "8", "-payload-max", "16", "-pop-timeout", "300",
                "-retries", "0", "-seed", "7"));
        m.put("tenants", List.of("40", "-mode", "tenants", "-tenants", "3", "-queues-per-tenant", "2", "-phase-high",
                "20", "-phase-low", "5", "-phase-sec", "1", "-duration", "5", "-report", "1", "-pop-timeout", "500",
                "-payload", "16"));
        return m;
    }

    @BeforeAll
    static void killTheBrokerUnderEveryMode() throws Exception {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        Map<String, FaultProxy> proxies = new LinkedHashMap<>();
        for (String mode : modes().keySet()) proxies.put(mode, FaultProxy.to(broker.url()));
        Census before = Census.take();
        List<Thread> runs = new ArrayList<>();
        modes().forEach((mode, spec) -> runs.add(Thread.ofPlatform().name("kill-case-" + mode).start(() -> {
            FaultProxy p = proxies.get(mode);
            try {
                Path out = Files.createDirectories(dir.resolve(mode));
                List<String> args = new ArrayList<>(spec.subList(1, spec.size()));
                args.addAll(List.of("-url", p.url()));
                switch (mode) {
                    case "cm" -> args.addAll(List.of("-logdir", out.toString()));
                    default -> args.addAll(List.of("-out", out.toString(), "-run-id", "run"));
                }
                Thread outage = Thread.ofVirtual().start(() -> {
                    try {
                        p.awaitRequests(Long.parseLong(spec.getFirst()), 4_000);
                        p.kill();
                        Thread.sleep(1_000);
                        p.restart();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                RUNS.put(mode, FaultRun.of(out, args.toArray(String[]::new)));
                outage.join();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        })));
        for (Thread t : runs) t.join();
        leftOver = Census.awaitNoneLeftSince(before);
        for (FaultProxy p : proxies.values()) p.close();
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    private static FaultRun ran(String mode, int exit) {
        FaultRun r = RUNS.get(mode);
        assertEquals(exit, r.code(), r.toString());
        return r;
    }

    /**
     * Σ of a reference-format error family's byKind but {@code canceled} (calls the run's stop cut, never failures)
     * equals its total, and nothing is unclassified.
     */
    private static long classified(JsonNode family, String where) {
        long sum = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = family.get("byKind").properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            assertFalse(e.getKey().equals("other"), "an unclassified failure\n" + where);
            if (!e.getKey().equals("canceled")) sum += e.getValue().asLong();
        }
        assertEquals(family.get("total").asLong(), sum, "byKind adds up to total\n" + where);
        return family.get("total").asLong();
    }

    @Test
    void openloopReconcilesEveryScheduledRequestAcrossTheOutage() throws Exception {
        JsonNode c = reconciledThroughTheOutage("openloop");
        // one attempt per scheduled request, never a retry: a dead broker costs no more connections than the schedule
        assertTrue(c.get("sentReq").asLong() <= c.get("offeredReq").asLong(), c.toString());
    }

    @Test
    void maxReconcilesAndItsProducersAndConsumersBackOff() throws Exception {
        JsonNode c = reconciledThroughTheOutage("max");
        assertEquals(c.get("offeredReq").asLong(), c.get("sentReq").asLong(), c.toString());
    }

    /** The record's invariants, the outage counted as conn on both sides, backoffs, and pushes achieved after it. */
    private static JsonNode reconciledThroughTheOutage(String mode) throws Exception {
        FaultRun r = ran(mode, 0);
        JsonNode c = LoadRecordInvariants.check(r);
        assertTrue(kind(c, "push.conn") > 0, c.toString());
        assertTrue(kind(c, "pop.conn") > 0, c.toString());
        assertTrue(c.get("backoffs").asLong() > 0, "the loops backed off: " + c);
        assertTrue(recoveredAfterTheOutage(r), "pushes succeed again after the restart\n" + r);
        return c;
    }

    /** Some interval (interval CSV) after the first one with failed pushes achieved pushes again. */
    private static boolean recoveredAfterTheOutage(FaultRun r) throws java.io.IOException {
        List<String> csv = java.nio.file.Files.readAllLines(r.dir().resolve("run.intervals.csv"));
        List<String> header = List.of(csv.getFirst().split(","));
        int failed = header.indexOf("failed_req");
        int achieved = header.indexOf("achieved_req_s");
        boolean outage = false;
        for (String row : csv.subList(1, csv.size())) {
            String[] v = row.split(",", -1);
            if (outage && Double.parseDouble(v[achieved]) > 0) return true;
            outage |= Long.parseLong(v[failed]) > 0;
        }
        return false;
    }

    @Test
    void cloudPassesItsVerdictAndReconcilesItsReferenceRecord() {
        FaultRun r = ran("cloud", 0);
        JsonNode j = r.json("run.json");
        String where = r + "\n" + j;
        JsonNode offered = j.get("offered");
        JsonNode achieved = j.get("achieved");
        // offered = sent + shed (requests); sent = achieved + failed (push-batch 1: one message per request)
        assertEquals(offered.get("reqs").asLong(), achieved.get("pushReqs").asLong() + offered.get("shedReqs").asLong(),
                where);
        long pushFailed = classified(j.get("errors").get("push"), where);
        assertEquals(achieved.get("pushReqs").asLong(), achieved.get("pushedMsgs").asLong() + pushFailed
                + j.get("additions").get("pushItemsFailedInside2xx").asLong(), where);
        classified(j.get("errors").get("pop"), where);
        classified(j.get("errors").get("ack"), where);
        assertTrue(j.get("errors").get("push").get("byKind").path("conn").asLong() > 0, where);
        assertEquals("PASS", j.get("verdict").asText(), where);
        assertEquals(0, j.get("verify").get("missing").asLong(), where);
        assertEquals(j.get("verify").get("sentOk").asLong(), achieved.get("pushedMsgs").asLong(), where);
        assertTrue(j.get("additions").get("errorBackoff").get("backoffs").asLong() > 0,
                "the consumers backed off\n" + where);
        List<String> csv = readLines(r.dir().resolve("run-interval.csv"));
        assertTrue(csv.size() >= 5, "header and one row per interval: " + csv);
        int columns = csv.getFirst().split(",").length;
        for (String row : csv.subList(1, csv.size())) assertEquals(columns, row.split(",", -1).length, row);
    }

    @Test
    void cmPassesItsVerifierWithEveryPopErrorCountedAndBackedOff() {
        FaultRun r = ran("cm", 0);
        assertTrue(r.out().contains("VERDICT: PASS"), r.toString());
        assertTrue(r.num("[final] + pushGaveUp=", "popErr") > 0, r.toString());
        assertEquals(0, r.num("[final] + pushGaveUp=", "pushGaveUp"), "StablePush rode out the outage: " + r);
        assertTrue(r.num("[final] + errorBackoff", "backoffs") > 0, r.toString());
        assertTrue(Files.isRegularFile(r.dir().resolve("produced.meta")), r.toString());
        // every counted pop error classified on its `[final] + errors pop` line: conn, never other
        Map<String, Long> pop = finalErrorKinds(r, "pop");
        assertTrue(pop.getOrDefault("conn", 0L) > 0, r.toString());
        assertFalse(pop.containsKey("other"), r.toString());
        assertEquals(r.num("[final] + pushGaveUp=", "popErr"), counted(pop), r.toString());
        assertFalse(finalErrorKinds(r, "push").containsKey("other"), r.toString());
        assertFalse(finalErrorKinds(r, "ack").containsKey("other"), r.toString());
    }

    /** The {@code kind=n} pairs of the {@code [final] + errors <family>} line; empty when there is none. */
    private static Map<String, Long> finalErrorKinds(FaultRun r, String family) {
        Map<String, Long> kinds = new LinkedHashMap<>();
        String prefix = "[final] + errors " + family + " ";
        for (String l : r.out().lines().toList()) {
            if (!l.startsWith(prefix)) continue;
            String pairs = l.substring(prefix.length());
            int first = pairs.indexOf(" (first: ");
            for (String kv : (first < 0 ? pairs : pairs.substring(0, first)).split(" ")) {
                String[] p = kv.split("=");
                kinds.put(p[0], Long.parseLong(p[1]));
            }
        }
        return kinds;
    }

    /** The errors a family counted: every kind but {@code canceled} (recorded, never in a total). */
    private static long counted(Map<String, Long> kinds) {
        return kinds.entrySet().stream().filter(e -> !e.getKey().equals("canceled")).mapToLong(Map.Entry::getValue)
                .sum();
    }

    /**
     * Nothing is lost and nothing reordered. An ack the outage cut off (20 messages at most: -pop-batch 20) is
     * counted; its messages are then unacked, or redelivered after the 1 s lease: that is the gate's FAIL (exit 3),
     * explained by the counted ack error — the only acceptable reason for a FAIL here.
     */
    @Test
    void orderLosesNothingAndEveryDuplicateIsExplainedByACountedAckError() {
        FaultRun r = RUNS.get("order");
        JsonNode j = r.json("run.json");
        String where = r + "\n" + j;
        // sent = achieved + failed: every sequence up to the last sent was pushed or counted as a push error
        assertEquals(800, j.get("lastSeqSent").asLong(), where);
        assertEquals(j.get("lastSeqSent").asLong(), j.get("pushed").asLong() + j.get("pushErrors").asLong(), where);
        assertEquals(0, j.get("missingCount").asLong(), where);
        assertEquals(0, j.get("outOfOrderCount").asLong(), where);
        long ackErrors = j.get("ackErrors").asLong();
        assertTrue(j.get("duplicateCount").asLong() <= ackErrors * 20, "a duplicate without a counted ack error: " + where);
        for (JsonNode f : j.get("failures")) {
            assertTrue(ackErrors > 0 && f.asText().matches("^(DUPLICATION|ACK):.*"), "an unexplained FAIL: " + where);
        }
        assertEquals(j.get("failures").isEmpty() ? "PASS" : "FAIL", j.get("verdict").asText(), where);
        assertEquals(j.get("failures").isEmpty() ? 0 : 3, r.code(), where);
        assertTrue(j.has("backoffs") && j.has("backoffMillis"), where);
    }

    @Test
    void appKeepsItsOrderVerdictAndCountsTheOutage() {
        FaultRun r = ran("app", 0);
        assertTrue(r.out().contains("VERDICT: PASS"), r.toString());
        long errors = r.num("[final] pushed=", "pushErr") + r.num("        txCommits=", "popErr");
        assertTrue(errors > 0, "the outage is counted: " + r);
        assertTrue(r.num("[final] + errorBackoff", "backoffs") > 0, r.toString());
        // and classified on the `[final] + errors` lines, before the reference's final line: conn, never other
        Map<String, Long> push = finalErrorKinds(r, "push"), pop = finalErrorKinds(r, "pop");
        assertTrue(push.getOrDefault("conn", 0L) + pop.getOrDefault("conn", 0L) > 0, r.toString());
        for (String family : List.of("push", "pop", "ack")) {
            assertFalse(finalErrorKinds(r, family).containsKey("other"), r.toString());
        }
        assertEquals(r.num("[final] pushed=", "pushErr"), counted(push), r.toString());
        // stage 2's pops have an error family of their own (errors.stage2Pop), as its popErr is its own
        assertEquals(r.num("        txCommits=", "popErr"), counted(pop), r.toString());
        assertEquals(r.num("        stage2:", "popErr"), counted(finalErrorKinds(r, "stage2Pop")), r.toString());
        int lastErrors = r.out().lastIndexOf("[final] + errors ");
        assertTrue(lastErrors < r.out().indexOf("[final] pushed="), r.toString());
    }

    @Test
    void tenantsCountsTheOutageAndReportsTheTail() {
        FaultRun r = ran("tenants", 0);
        assertTrue(r.num("[final] pushed=", "pop") > 0, r.toString());
        assertTrue(r.num("[final] + errorBackoff", "backoffs") > 0, r.toString());
        assertTrue(r.out().contains("| tail: "), r.toString());
    }

    @Test
    void noModeLeavesAThreadOrASocketBehind() {
        assertEquals("", leftOver, "threads or sockets left behind by the runs");
    }

    private static List<String> readLines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
