package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordSchema;
import dev.goload.report.html.Chromium;
import dev.goload.report.merge.RunMerge;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12's proof: four coordinated shards of {@code openloop} at R/4 each, run in one JVM through the CLI entry point
 * against one broker and merged, equal one loader at R over the same duration in every count — offered, sent,
 * achieved, shed, pushed, popped — with the merged histograms holding exactly the shards' values and the intervals
 * aligned on the coordinator's T0.
 *
 * <p>R = 4000 msg/s in batches of 10 over 2 s: the uniform schedule offers exactly 400 req/s · 2 s = 800 requests in
 * one loader and 100 req/s · 2 s = 200 in each shard; {@code -behind-ms} is out of reach, so nothing is shed on a slow
 * machine; {@code -drain} lets every consumer pop all its shard pushed (auto-ack: no redelivery).
 */
class ShardedOpenLoopProofTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> COMMON = List.of("-mode", "openloop", "-push-batch", "10", "-duration", "2",
            "-report", "1", "-arrival", "uniform", "-partitions", "8", "-consumers", "4", "-behind-ms", "600000",
            "-drain", "20", "-payload", "64", "-threshold", "offered>=200");

    /** The shards' and the single loader's runs, once for every test of the class (they are the slow part). */
    @TempDir
    static Path dir;

    private static final List<Path> shardDirs = new ArrayList<>();

    /** One shard or loader through the CLI entry point ({@code Main.run}), as a user's process would run it. */
    private static MainRun main(List<String> args) {
        return MainRun.of(args.toArray(String[]::new));
    }

    private static List<String> args(String url, String queue, String rate, Path out, String... extra) {
        List<String> a = new ArrayList<>(COMMON);
        a.addAll(List.of("-url", url, "-queue", queue, "-rate", rate, "-out", out.toString(), "-run-id", "proof"));
        a.addAll(List.of(extra));
        return a;
    }

    private static JsonNode record(Path runDir) throws Exception {
        return JSON.readTree(runDir.resolve("proof.json").toFile());
    }

    @BeforeAll
    static void fourCoordinatedShardsAndOneLoaderRun() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String coordinator = "http://127.0.0.1:" + port;
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<MainRun>> shards = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                List<String> a = args(broker.url(), "proof-sharded", "4000", dir.resolve("shard-" + i),
                        "-shard", i + "/4", "-coordinator", coordinator);
                if (i == 0) a.addAll(List.of("-coordinate-listen", "127.0.0.1:" + port));
                shards.add(pool.submit(() -> main(a)));
            }
            for (int i = 0; i < 4; i++) {
                MainRun r = shards.get(i).get();
                assertEquals(0, r.code(), "shard " + i + ":\n" + r.out() + r.err());
                assertTrue(r.out().contains("[shard] " + i + "/4 starts at T0"), r.out());
                assertTrue(r.out().contains("[threshold] offered>=200 PASS (200)"), "each shard judged its part");
                shardDirs.add(dir.resolve("shard-" + i));
            }
            MainRun single = main(args(broker.url(), "proof-single", "4000", dir.resolve("single")));
            assertEquals(0, single.code(), single.out() + single.err());
        }
    }

    @Test
    void fourCoordinatedShardsMergeToExactlyTheCountsOfOneLoader() throws Exception {
        RunMerge.Result merged = RunMerge.merge(shardDirs, dir.resolve("merged"));
        JsonNode m = JSON.readTree(merged.record().toFile());
        JsonNode one = record(dir.resolve("single"));

        assertEquals(800, one.path("counters").path("offeredReq").asLong(), "the uniform schedule of one loader");
        for (String c : List.of("offeredReq", "sentReq", "achievedReq", "shedCapReq", "shedBehindReq",
                "pushedMsgs", "popped")) {
            assertEquals(one.path("counters").path(c).asLong(), m.path("counters").path(c).asLong(),
                    c + ": the merged shards against one loader");
        }
        assertEquals(one.path("counters").path("pushedMsgs").asLong(), one.path("counters").path("popped").asLong(),
                "the drain popped all one loader pushed");

        Long t0 = null;
        long pushValues = 0;
        for (Path d : shardDirs) {
            JsonNode s = record(d);
            assertEquals(200, s.path("counters").path("offeredReq").asLong(), d + ": R/4 over 2 s");
            assertEquals(s.path("counters").path("pushedMsgs").asLong(), s.path("counters").path("popped").asLong(),
                    d + ": each shard pops exactly what it pushed (its own partitions only)");
            long st0 = s.path("shard").path("t0EpochMs").asLong();
            assertFalse(s.path("shard").path("t0EpochMs").isNull(), d + ": the record names T0");
            if (t0 == null) t0 = st0;
            assertEquals(t0, st0, d + ": every shard has the coordinator's T0");
            long localT0 = st0 - Math.round(s.path("shard").path("clockOffsetMs").asDouble());
            assertEquals(localT0, java.time.Instant.parse(s.path("startedAt").asText()).toEpochMilli(), 1.0,
                    d + ": its schedule started at T0 on its own clock (T0 − measured offset)");
            double firstSend = s.path("section").path("firstSendEpochMs").asDouble();
            assertTrue(firstSend >= localT0, d + ": nothing is sent before T0: " + firstSend + " < " + localT0);
            pushValues += s.path("latencyMs").path("push").path("count").asLong();
        }
        assertNotNull(t0);
        assertEquals(800, pushValues, "one push latency per sent request");
        assertEquals(pushValues, m.path("latencyMs").path("push").path("count").asLong(),
                "the merged histogram holds the shards' values, every one");

        long logged = 0;
        HistogramLogReader reader = new HistogramLogReader(merged.hlog().toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                long off = h.getStartTimeStamp() - t0;
                assertEquals(0, off % 1000, "a merged interval starts on T0 + k·report: " + off);
                if ("push".equals(h.getTag())) logged += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
        } finally {
            reader.close();
        }
        assertEquals(pushValues, logged, "the merged .hlog holds every push latency");
    }

    @Test
    void mergeJudgesTheMergedRunByTheShardsThresholdsAndItsOwnOnTheWholeRun() throws Exception {
        List<String> a = new ArrayList<>(List.of("merge", "-o", dir.resolve("merged-cli").toString(),
                "-threshold", "offered==800", "-threshold", "push.count==800", "-threshold", "shed==0"));
        shardDirs.forEach(d -> a.add(d.toString()));
        MainRun r = main(a);
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("[threshold] offered>=200 PASS (800)\n[threshold] offered==800 PASS (800)\n"
                + "[threshold] push.count==800 PASS (800)\n[threshold] shed==0 PASS (0)\n\n[artifacts] "), r.out());
        Path record = dir.resolve("merged-cli").resolve("proof.json");
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        JsonNode t = JSON.readTree(record.toFile()).path("thresholds");
        assertEquals(4, t.size(), t.toString());
        assertEquals(800, t.get(0).path("value").asLong(), "the shards' threshold on the merged whole run");
    }

    @Test
    void theMergedRunGetsTheReportAndTheCompareOfASingleRun() throws Exception {
        Chromium.require();
        Path out = dir.resolve("merged-report");
        List<String> a = new ArrayList<>(List.of("merge", "-o", out.toString(), "-html=false"));
        shardDirs.forEach(d -> a.add(d.toString()));
        assertEquals(0, main(a).code());
        Path record = out.resolve("proof.json");
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        MainRun report = MainRun.of("report", record.toString(), "-o", dir.resolve("merged.html").toString());
        assertEquals(0, report.code(), report.err());
        // the single loader's own page (-html, written at the end of its run)
        Path singlePage = dir.resolve("single").resolve("proof.html");
        int singleCharts = Files.readString(singlePage).split("<div class=\"chart\"", -1).length - 1;
        assertTrue(singleCharts >= 4, "a single openloop run's report has its charts: " + singleCharts);
        JsonNode merged = Chromium.assertRenderedWithData(Chromium.dumpDom(dir.resolve("merged.html"),
                Files.createDirectories(dir.resolve("c1"))), singleCharts);
        assertEquals(singleCharts, merged.path("charts").size(),
                "the merged run's report draws, with data, every chart a single run's has: " + merged);

        String compared = ReportInBrowserTest.compareRenders(record, dir.resolve("single"), dir);
        assertTrue(compared.contains("[compare] A = "), compared);
    }
}
