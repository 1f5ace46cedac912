package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordSchema;
import dev.goload.report.html.IntervalGroups;
import dev.goload.report.html.RunData;
import dev.goload.report.html.RunFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loader killed outright (SIGKILL: no shutdown hook, no final record) leaves a record that {@code goload report},
 * {@code compare} and {@code merge} read (docs/run-record.md#incomplete-records). Real child JVMs ({@code Main} on the
 * test class path) of openloop, cloud, cm and two openloop shards run against one embedded broker at once; each is
 * killed once its record has counted a few intervals (the test waits on the record, never on a fixed time), except
 * shard 0, which runs to its end.
 */
class KilledLoaderRecordTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int KILL_AFTER = 3;

    @TempDir
    static Path dir;

    private static EmbeddedBroker broker;
    private static Path openloop;
    private static Path cloud;
    private static Path cm;
    private static Path shard0;
    private static Path shard1;

    @BeforeAll
    static void killLoadersMidRun() throws Exception {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        openloop = dir.resolve("openloop");
        cloud = dir.resolve("cloud");
        cm = dir.resolve("cm");
        shard0 = dir.resolve("shard0");
        shard1 = dir.resolve("shard1");
        long t0 = System.currentTimeMillis() + 9_000; // past the shards' JVM start and warm-up on a loaded machine
        List<String> shard = List.of("-mode", "openloop", "-url", broker.url(), "-rate", "100", "-duration", "6",
                "-report", "1", "-queue", "kill-shards", "-partitions", "4", "-run-id", "sharded", "-start-at",
                Long.toString(t0));
        Child s0 = Child.start(shard0.resolve("sharded.json"), with(shard, "-shard", "0/2", "-out", shard0.toString()));
        Child s1 = Child.start(shard1.resolve("sharded.json"), with(shard, "-shard", "1/2", "-out", shard1.toString()));
        Child o = Child.start(openloop.resolve("run.json"), "-mode", "openloop", "-url", broker.url(), "-rate", "200",
                "-duration", "60", "-report", "1", "-queue", "kill-openloop", "-out", openloop.toString(), "-run-id",
                "run");
        Child c = Child.start(cloud.resolve("run.run.json"), "-mode", "cloud", "-target", "broker", "-url",
                broker.url(), "-tenants-file", dir.resolve("absent.json").toString(), "-tenants", "2", "-rate", "40",
                "-duration", "60", "-report", "1", "-pop-timeout", "500", "-queue", "kill-cloud", "-out",
                cloud.toString(), "-run-id", "run");
        Child m = Child.start(cm.resolve("run.json"), "-mode", "cm", "-url", broker.url(), "-properties", "4",
                "-rate-events", "60", "-duration", "60", "-db-sleep-min", "1", "-db-sleep-max", "3", "-cal-sleep", "1",
                "-ota-sleep", "2", "-warmup=false", "-queue-prefix", "kill-", "-logdir", cm.toString(), "-run-id",
                "run");
        List<Thread> kills = new ArrayList<>();
        List<Throwable> failed = java.util.Collections.synchronizedList(new ArrayList<>());
        for (Child k : List.of(o, c, m, s1)) {
            kills.add(Thread.ofVirtual().start(() -> {
                try {
                    k.killAfter(KILL_AFTER);
                } catch (Throwable e) {
                    failed.add(e);
                }
            }));
        }
        for (Thread k : kills) k.join();
        if (!failed.isEmpty()) throw new AssertionError(failed.getFirst());
        assertTrue(s0.process.waitFor(90, TimeUnit.SECONDS), "shard 0 runs to its end");
        assertEquals(0, s0.process.exitValue());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    private static String[] with(List<String> base, String... more) {
        List<String> a = new ArrayList<>(base);
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void everyKilledModeLeavesAValidIncompleteRecordOfItsLastInterval() throws Exception {
        for (Path record : List.of(openloop.resolve("run.json"), cloud.resolve("run.run.json"), cm.resolve("run.json"),
                shard1.resolve("sharded.json"))) {
            JsonNode r = JSON.readTree(record.toFile());
            assertFalse(r.path("complete").asBoolean(true), record + ": " + r);
            assertEquals("running", r.path("stopReason").asText(), record.toString());
            assertTrue(r.path("intervals").asInt() >= KILL_AFTER, record + ": " + r.path("intervals"));
            assertTrue(r.path("counters").path("pushedMsgs").asLong() > 0, record + ": " + r.path("counters"));
            assertEquals(r.path("intervals").asInt() * 1.0, r.path("durationSec").asDouble(), 0.5, record.toString());
            RecordSchema.assertValid(r);
        }
        JsonNode s1 = JSON.readTree(shard1.resolve("sharded.json").toFile());
        assertEquals(1, s1.path("shard").path("index").asInt(), "a killed shard's record names its shard");
        assertTrue(s1.path("shard").path("t0EpochMs").isNumber(), s1.path("shard").toString());
        assertTrue(JSON.readTree(shard0.resolve("sharded.json").toFile()).path("complete").asBoolean(),
                "the shard that ran to its end wrote its final record");
    }

    @Test
    void reportRendersEachKilledRunUpToItsLastIntervalWithATornLogTail() throws Exception {
        // a loader killed while writing a line: the .hlog and the CSV end in half a line
        Files.writeString(openloop.resolve("run.hlog"), "Tag=push,99.100,1.000,0.512,HISTFAAAAC94nJNp", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        Files.writeString(openloop.resolve("run.intervals.csv"), "17650", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        for (Path run : List.of(openloop, cloud, cm)) {
            JsonNode r = JSON.readTree((run == cloud ? run.resolve("run.run.json") : run.resolve("run.json")).toFile());
            MainRun rep = MainRun.of("report", run.toString());
            assertEquals(0, rep.code(), run + ": " + rep.out() + rep.err());
            String html = Files.readString(run.resolve("run.html"));
            assertTrue(html.contains("incomplete: the loader stopped at " + r.path("endedAt").asText() + " after interval "
                    + r.path("intervals").asInt() + " ("), run + " banner");
            assertTrue(html.contains("figures up to its last interval"), run.toString());
            RunData d = RunData.load(RunFiles.locate(run), IntervalGroups.DEFAULT_BUDGET);
            assertEquals(r.path("intervals").asInt(), d.csv().groups().intervals(), run + ": CSV rows read");
            // the page's distributions hold what the record counted: the log read to its last whole interval
            d.whole().forEach((tag, h) -> assertEquals(r.path("latencyMs").path(tag).path("count").asLong(),
                    h.getTotalCount(), run + " " + tag));
        }
    }

    @Test
    void compareAcceptsAKilledRunAndSaysItIsIncomplete() throws Exception {
        MainRun c = MainRun.of("compare", shard0.toString(), openloop.toString(), "-o",
                dir.resolve("compare.html").toString());
        assertEquals(0, c.code(), c.out() + c.err());
        assertTrue(c.out().contains("[compare] B is incomplete: the loader stopped at "), c.out());
        assertFalse(c.out().contains("[compare] A is incomplete"), c.out());
        assertTrue(Files.readString(dir.resolve("compare.html")).contains("B is incomplete"));
    }

    @Test
    void mergeOfAKilledShardNamesItMarksTheMergeIncompleteAndExitsOne() throws Exception {
        Path out = dir.resolve("merged");
        MainRun m = MainRun.of("merge", "-o", out.toString(), shard0.toString(), shard1.toString());
        assertEquals(1, m.code(), m.out() + m.err());
        assertTrue(m.out().contains("[merge] WARNING: shard 1 (" + shard1.resolve("sharded.json")
                + "): incomplete: the loader stopped at "), m.out());
        assertFalse(m.out().contains("WARNING: shard 0"), m.out());
        JsonNode merged = JSON.readTree(out.resolve("sharded.json").toFile());
        assertFalse(merged.path("complete").asBoolean(true), merged.toString());
        long pushed = JSON.readTree(shard0.resolve("sharded.json").toFile()).path("counters").path("pushedMsgs")
                .asLong() + JSON.readTree(shard1.resolve("sharded.json").toFile()).path("counters").path("pushedMsgs")
                .asLong();
        assertEquals(pushed, merged.path("counters").path("pushedMsgs").asLong());
        assertEquals(0, MainRun.of("report", out.toString()).code());
        assertTrue(Files.readString(out.resolve("sharded.html")).contains("incomplete: the loader stopped at "));
    }

    /** A goload child JVM; its output goes to a file next to its record. */
    private record Child(Process process, Path record) {
        static Child start(Path record, String... args) throws IOException {
            Files.createDirectories(record.getParent());
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                    System.getProperty("java.class.path"), "dev.goload.cli.Main"));
            cmd.addAll(List.of(args));
            Path log = record.resolveSibling("child.log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new Child(p, record);
        }

        /** Waits until the record has counted {@code n} intervals, then SIGKILLs the JVM. */
        void killAfter(int n) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (intervals() < n) {
                assertTrue(process.isAlive() && System.nanoTime() < deadline, "no checkpoint in " + record + ": "
                        + log());
                Thread.sleep(20);
            }
            process.destroyForcibly(); // SIGKILL on Linux
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(137, process.exitValue(), "killed, not ended: " + log());
        }

        private int intervals() {
            try {
                return Files.isRegularFile(record) ? JSON.readTree(record.toFile()).path("intervals").asInt() : 0;
            } catch (IOException e) {
                return 0; // renamed over while opened: read it again
            }
        }

        private String log() {
            try {
                return Files.readString(record.resolveSibling("child.log"));
            } catch (IOException e) {
                return "";
            }
        }
    }
}
