package dev.goload.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/soak (a benchmark, run by hand): its help, argument errors and dry run, never a real soak. Its shellcheck
 * run is {@link CellScriptsTest}'s (it is in {@link CellScriptsTest#SCRIPTS}).
 */
class SoakScriptTest {
    private static final String SOAK = "scripts/soak";

    private static CellScriptsTest.Run run(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", SOAK));
        cmd.addAll(List.of(args));
        return CellScriptsTest.run(cmd);
    }

    @Test
    void helpPrintsUsageAndBadArgumentsExitTwo() throws Exception {
        var help = run("--help");
        assertEquals(0, help.exit(), help.output());
        assertTrue(help.output().startsWith("usage: scripts/soak"), help.output());
        assertTrue(help.output().contains("SOAK VERDICT: FLAT"), "the help names the verdict line");
        assertEquals(2, run("--no-such-flag").exit());
        assertEquals(2, run("--minutes", "x").exit());
        assertEquals(2, run("--minutes", "5", "--warmup-minutes", "5").exit(), "no sample would be left after warm-up");
    }

    @Test
    void dryRunPrintsTheBrokerAndLoaderCommandsAndStartsNothing(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("soak");
        var r = run("--dry-run", "--minutes", "5", "--rate", "1000", "--out", out.toString());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("GOLOAD_JAVA_OPTS=-Xmx1g scripts/goload broker -port 0"), r.output());
        assertTrue(r.output().contains("-mode openloop -rate 1000 -push-batch 100"), r.output());
        assertTrue(r.output().contains("-manual-ack") && r.output().contains("-duration 300"), r.output());
        assertTrue(r.output().contains("after minute 1"), "short runs warm up 1 minute: " + r.output());
        assertTrue(r.output().contains("jstat -gc (old generation, full collections; no GC forced)"), r.output());
        assertFalse(r.output().contains("GC.run"), "no full GC is forced unless asked: " + r.output());
        assertFalse(Files.exists(out), "a dry run creates nothing");

        var live = run("--dry-run", "--live-set", "--out", out.toString());
        assertEquals(0, live.exit(), live.output());
        assertTrue(live.output().contains("jcmd GC.run + GC.heap_info"), live.output());

        var url = run("--dry-run", "--url", "http://127.0.0.1:6632");
        assertEquals(0, url.exit(), url.output());
        assertFalse(url.output().contains("goload broker"), "with --url no broker is started: " + url.output());
        assertTrue(url.output().contains("-url http://127.0.0.1:6632"), url.output());
    }

    /**
     * Minutes 0..10, one loader row a minute: heap = 40 + perMinute * minute after a 3-minute warm-up that climbs
     * 0, 10, 20 MB; sockets 2 at the cold start, then 20 (±1 from minute to minute: noise, not growth).
     */
    private static Path samples(Path dir, double heapPerMinute) throws Exception {
        StringBuilder b = new StringBuilder("minute,role,pid,rss_mb,heap_after_gc_mb,heap_committed_mb,threads,sockets,load1\n");
        for (int m = 0; m <= 10; m++) {
            double heap = m < 3 ? 10 * m : 40 + heapPerMinute * m;
            b.append(String.format(java.util.Locale.ROOT, "%d.00,loader,1,200.0,%.1f,%d,30,%d,1.50%n", m, heap, 64 + 10 * m, m == 0 ? 2 : 20 + m % 2));
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("samples.csv"), b);
        return dir;
    }

    @Test
    void reportOnlyJudgesTheSlopesAfterTheWarmUp(@TempDir Path tmp) throws Exception {
        var flat = run("--report-only", samples(tmp.resolve("flat"), 0).toString(), "--warmup-minutes", "3");
        assertEquals(0, flat.exit(), flat.output());
        assertTrue(flat.output().contains("loader  heap_after_gc_mb  slope     +0.00 /h +- 0.00  (min 40.0, max 40.0, 8 samples after minute 3)"), flat.output());
        assertTrue(flat.output().contains("SOAK VERDICT: FLAT"), "the warm-up is excluded: " + flat.output());
        assertTrue(flat.output().contains("loader  heap_committed_mb slope   +600.00 /h"), "reported: " + flat.output());

        // +0.5 MB a minute = +30 MB/h > the 5 MB/h bound
        var growing = run("--report-only", samples(tmp.resolve("grow"), 0.5).toString(), "--warmup-minutes", "3");
        assertEquals(1, growing.exit(), growing.output());
        assertTrue(growing.output().contains("loader  heap_after_gc_mb  slope    +30.00 /h +- 0.00"), growing.output());
        assertTrue(growing.output().contains("SOAK VERDICT: GROWING loader.heap_after_gc_mb(+30.00/h > 5)"),
                growing.output());

        var cold = run("--report-only", samples(tmp.resolve("cold"), 0).toString(), "--warmup-minutes", "0");
        assertEquals(1, cold.exit(), "without a warm-up the cold start reads as growth: " + cold.output());
        assertTrue(cold.output().contains("loader  heap_after_gc_mb  slope   +207.27 /h +- 55.63"), cold.output());
        // sockets: +49/h is above the 6/h bound but within two standard errors (29.5/h): noise, not growth
        assertTrue(cold.output().contains("loader  sockets           slope    +49.09 /h +- 29.54"), cold.output());
        assertTrue(cold.output().contains("SOAK VERDICT: GROWING loader.heap_after_gc_mb(+207.27/h > 5)\n"),
                cold.output());
    }

    /**
     * The sampler itself, against this test JVM: by default no forced GC (heap_after_gc_mb empty) and the old
     * generation and the full-collection count read as the collector left them; with --live-set also the heap
     * after a forced full GC.
     */
    @Test
    void sampleOnceReadsEveryFieldOfARunningJvm() throws Exception {
        long pid = ProcessHandle.current().pid();
        var r = run("--sample-once", Long.toString(pid));
        assertEquals(0, r.exit(), r.output());
        String row = r.output().strip();
        assertTrue(row.matches("0,self," + pid + ",\\d+\\.\\d,,\\d+\\.\\d,\\d+,\\d+,[0-9.]+,\\d+\\.\\d,\\d+"), row);
        String[] f = row.split(",");
        assertTrue(Double.parseDouble(f[9]) <= Double.parseDouble(f[5]), "old generation <= heap committed: " + row);
        assertTrue(Integer.parseInt(f[6]) > 1, "a JVM has several OS threads: " + row);

        var live = run("--sample-once", Long.toString(pid), "--live-set");
        assertEquals(0, live.exit(), live.output());
        String[] g = live.output().strip().split(",");
        assertEquals(11, g.length, live.output());
        assertTrue(Double.parseDouble(g[4]) > 0 && Double.parseDouble(g[4]) <= Double.parseDouble(g[5]),
                "heap used after the forced GC, <= committed: " + live.output());
        var after = run("--sample-once", Long.toString(pid)).output().strip().split(",");
        assertTrue(Integer.parseInt(after[10]) > Integer.parseInt(f[10]), "the forced GC was a full collection, counted: "
                + String.join(",", after));
    }

    @Test
    void reportOnlyJudgesTheOldGenerationWhenNoGcWasForced(@TempDir Path tmp) throws Exception {
        // no heap_after_gc_mb (nothing forced): old generation 30 MB + 0.5 MB a minute, no full collection
        StringBuilder b = new StringBuilder("minute,role,pid,rss_mb,heap_after_gc_mb,heap_committed_mb,threads,sockets,load1,old_gen_mb,full_gcs\n");
        for (int m = 0; m <= 10; m++) {
            b.append(String.format(java.util.Locale.ROOT, "%d.00,loader,1,120.0,,64.0,30,20,1.50,%.1f,0%n", m, 30 + 0.5 * m));
        }
        Path dir = Files.createDirectories(tmp.resolve("old"));
        Files.writeString(dir.resolve("samples.csv"), b);
        var r = run("--report-only", dir.toString(), "--warmup-minutes", "3");
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("loader  old_gen_mb        slope    +30.00 /h +- 0.00"), r.output());
        assertTrue(r.output().contains("loader  full_gcs          slope     +0.00 /h"), "reported: " + r.output());
        assertFalse(r.output().contains("heap_after_gc_mb"), "a column never sampled is not reported: " + r.output());
        assertTrue(r.output().contains("SOAK VERDICT: GROWING loader.old_gen_mb(+30.00/h > 5)"), r.output());
    }

    @Test
    void dashboardAndBrokerDataOptionsShowInTheDryRunAndAreChecked(@TempDir Path tmp) throws Exception {
        var r = run("--dry-run", "--report-sec", "1", "--dashboard", "127.0.0.1:0", "--broker-data", tmp.toString());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("-report 1 "), r.output());
        assertTrue(r.output().contains("-dashboard 127.0.0.1:0 -dashboard-linger 90s"), r.output());
        assertTrue(r.output().contains(".PageWatch): JS heap after GC"), r.output());
        assertTrue(r.output().contains("du -sm " + tmp + " -> "), r.output());
        assertTrue(run("--dry-run").output().contains("-report 60 "), "the default report interval is 60 s");
        assertEquals(2, run("--dry-run", "--report-sec", "0").exit());
        assertEquals(2, run("--dry-run", "--broker-data", tmp.resolve("absent").toString()).exit(),
                "a broker data directory that does not exist is refused");
    }

    /**
     * The page row: its JavaScript heap (heap_after_gc_mb) is judged like the loader's heap; the browser's RSS
     * (Chromium's caches grow with what it has drawn) is reported, never judged.
     */
    @Test
    void reportOnlyJudgesThePagesHeapAndOnlyReportsTheBrowsersRss(@TempDir Path tmp) throws Exception {
        for (double heapPerMinute : new double[] {0, 0.5}) {
            StringBuilder b = new StringBuilder("minute,role,pid,rss_mb,heap_after_gc_mb,heap_committed_mb,threads,sockets,load1,old_gen_mb,full_gcs\n");
            for (int m = 0; m <= 10; m++) {
                b.append(String.format(java.util.Locale.ROOT, "%d.00,loader,1,120.0,,64.0,30,20,1.50,30.0,0%n", m));
                b.append(String.format(java.util.Locale.ROOT, "%d.00,page,2,%.1f,%.2f,,,,1.50,,%n", m, 700 + 10.0 * m,
                        1.8 + heapPerMinute * m));
            }
            Path dir = Files.createDirectories(tmp.resolve("page" + heapPerMinute));
            Files.writeString(dir.resolve("samples.csv"), b);
            var r = run("--report-only", dir.toString(), "--warmup-minutes", "3");
            assertTrue(r.output().contains("page    rss_mb            slope   +600.00 /h"), r.output());
            if (heapPerMinute == 0) {
                assertEquals(0, r.exit(), "the browser's RSS is not judged: " + r.output());
                assertTrue(r.output().contains("SOAK VERDICT: FLAT"), r.output());
            } else {
                assertEquals(1, r.exit(), r.output());
                assertTrue(r.output().contains("SOAK VERDICT: GROWING page.heap_after_gc_mb(+30.00/h > 5)\n"), r.output());
            }
        }
    }
}
