package dev.goload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a report holds for v1 and v2 records, cell points and mode sections; what is never in it. */
class RunReportContentTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aV1RecordReportsItsBrokerIdentityLoaderVerdictAndTimelines() throws Exception {
        Path dir = tmp.resolve("v1");
        Path v2 = SyntheticRun.write(dir, 30);
        Files.delete(v2);
        Files.writeString(dir.resolve("run.json"), """
                {"schema":"goload.run/1","mode":"openloop","goloadVersion":"0.9","configLine":"goload -mode openloop -rate=10",
                 "flags":{"rate":10,"token":"***"},"embeddedBroker":false,"httpClient":"okhttp",
                 "host":{"hostname":"box","cores":4,"jvm":{"version":"25","inputArguments":["-Dsecret.pw=hunter2"]}},
                 "runId":"run","startedAt":"2026-09-21T12:53:20Z","durationSec":30.0,"stopReason":"signal",
                 "broker":{"status":"healthy","version":"queen-0.12.3"},
                 "counters":{"offeredReq":300,"achievedReq":290,"pushErrReq":10,"errorsByKind":{"timeout":10}},
                 "latencyMs":{"push":{"count":290,"p50":1.5,"p90":2,"p95":2.5,"p99":9.0,"p999":12,"max":13}},
                 "loader":{"loaderBound":true,"reasons":["loader CPU >= 90% of 4 cores in 3 of 3 judged intervals"]},
                 "loaderBound":true}
                """.replace("2026-09-21T12:53:20Z", java.time.Instant.ofEpochMilli(SyntheticRun.T0).toString()));
        Path html = HtmlReport.write(dir, tmp.resolve("v1.html"));
        String page = Files.readString(html);
        assertTrue(page.contains("goload.run/1"));
        assertTrue(page.contains("queen-0.12.3"), "broker identity");
        assertTrue(page.contains("loader CPU &gt;= 90% of 4 cores"), "loader-bound reason");
        assertTrue(page.contains("timeout=10"), "push errors by kind");
        assertTrue(page.contains("signal"), "stop reason");
        assertFalse(page.contains("hunter2"), "the JVM's input arguments never reach the page");
        String latency = page.substring(page.indexOf("<h3>Whole-run latency"));
        latency = latency.substring(0, latency.indexOf("</table>"));
        for (String cell : List.of("1.500", "2.000", "9.000", "12.000", "13.000")) {
            assertTrue(latency.contains(">" + cell + "<"), "one format for ms (3 decimals): " + cell + " in " + latency);
        }
        JsonNode charts = ReportPages.data(html).path("charts");
        assertEquals(30, ReportPages.series(charts, "push latency (from the scheduled instant) per interval", "p99").size());
    }

    @Test
    void theLoaderColumnShowsTheRunsConnectionsToTheBrokerAndSaysWhenARecordHasNone() throws Exception {
        Path dir = tmp.resolve("conns");
        Path record = SyntheticRun.write(dir, 10);
        ObjectNode r = (ObjectNode) JSON.readTree(record.toFile());
        r.withObjectProperty("loader").putObject("connections").put("opened", 1164).put("closed", 1089)
                .put("closedByPeer", 0).put("peakOpen", 1160).put("openAtEnd", 75).putNull("timeWaitPeak");
        JSON.writeValue(record.toFile(), r);
        String page = Files.readString(HtmlReport.write(dir, tmp.resolve("conns.html")));
        assertTrue(page.contains("<h3>Loader</h3>"), "the loader column");
        assertTrue(page.matches("(?s).*connections\\.opened.*1164.*connections\\.peakOpen.*1160.*"), "opened, peak");
        assertTrue(page.contains("unknown (no /proc)"), "a TIME_WAIT count the loader could not read is said so");

        r.withObjectProperty("loader").remove("connections");
        JSON.writeValue(record.toFile(), r);
        String old = Files.readString(HtmlReport.write(dir, tmp.resolve("old.html")));
        assertTrue(old.contains("not recorded (a record from before they were counted)"), "an older record");
    }

    @Test
    void aCellPointShowsRunptsCpuAndPostgresSeriesOnTheRunsTimeAxis() throws Exception {
        Path dir = tmp.resolve("cell");
        SyntheticRun.write(dir, 20);
        StringBuilder cpu = new StringBuilder("t_unix,comp,usage_usec\n");
        StringBuilder pg = new StringBuilder("t_unix,kind,a,b,c,d\n");
        for (int s = -5; s <= 25; s++) {
            double t = (SyntheticRun.T0 + s * 1000L) / 1000.0;
            cpu.append(t).append(",broker,").append(500_000L * (s + 5)).append('\n');
            cpu.append(t).append(",pg,").append(250_000L * (s + 5)).append('\n');
            pg.append(t).append(",dd,120,0,100,100\n");
            pg.append(t).append(",w,active,LWLock,WALWrite,2\n");
        }
        Files.writeString(dir.resolve("run.cpu.csv"), cpu);
        Files.writeString(dir.resolve("run.pg.csv"), pg);
        Files.writeString(dir.resolve("run.shape.txt"), "run_id: run\ncommand: goload -token abc123\nwal_bytes_whole_run: 4096\n");
        Path html = HtmlReport.write(dir, tmp.resolve("cell.html"));
        JsonNode charts = ReportPages.data(html).path("charts");
        JsonNode broker = ReportPages.series(charts, "cell CPU per component", "broker");
        assertEquals(20, broker.size());
        assertEquals(0.5, broker.get(10).asDouble(), 1e-9, "500,000 µs per second = half a core");
        assertEquals(0.25, ReportPages.series(charts, "cell CPU per component", "pg").get(10).asDouble(), 1e-9);
        assertEquals(120, ReportPages.series(charts, "PostgreSQL: commits, rollbacks and tuples", "commits")
                .get(10).asDouble(), 1e-9);
        assertEquals(2, ReportPages.series(charts, "PostgreSQL: active backends by wait event", "LWLock:WALWrite")
                .get(10).asDouble(), 1e-9);
        String page = Files.readString(html);
        assertTrue(page.contains("4096"), "WAL bytes of the run");
        assertFalse(page.contains("abc123"), "runpt's command line (which may hold a key) never reaches the page");
    }

    @Test
    void aModeSectionIsRenderedAsTablesWithSecretLookingValuesMasked() throws Exception {
        Path dir = tmp.resolve("cloud");
        Path record = SyntheticRun.write(dir, 3);
        ObjectNode rec = (ObjectNode) JSON.readTree(record.toFile());
        rec.put("mode", "cloud");
        rec.set("verdict", JSON.readTree("{\"result\":\"FAIL\",\"exitCode\":3,\"findings\":[\"tenant t2: 4 missing\"]}"));
        rec.set("section", JSON.readTree("""
                {"tenants":[{"tenant":"t1","pushed":100,"missing":0,"apiKey":"k-live-1"},
                            {"tenant":"t2","pushed":100,"missing":4,"apiKey":"k-live-2"}],
                 "crossTenant":0}"""));
        JSON.writeValue(record.toFile(), rec);
        String page = Files.readString(HtmlReport.write(record, tmp.resolve("cloud.html")));
        assertTrue(page.contains("<th>tenant</th><th>pushed</th><th>missing</th><th>apiKey</th>"), "per-tenant table");
        assertTrue(page.contains("verdict FAIL"));
        assertTrue(page.contains("tenant t2: 4 missing"), "findings");
        assertFalse(page.contains("k-live-"), "a key-looking value is masked");
    }

    @Test
    void theEndOfARunWritesTheReportWhereItsArtifactEntrySaysNextToTheRecord() throws Exception {
        Path dir = tmp.resolve("end");
        Path record = SyntheticRun.write(dir, 5);
        var planned = HtmlReport.artifact(dir, "run");
        assertEquals("html", planned.kind());
        Path written = HtmlReport.writeNextTo(record);
        assertEquals(dir.resolve("run.html").toAbsolutePath(), written.toAbsolutePath());
        assertEquals(Path.of(planned.path()).toAbsolutePath(), written.toAbsolutePath());
        assertTrue(Files.readString(written).contains("goload openloop run run"));
        assertFalse(Files.exists(dir.resolve("run.html.tmp")), "written atomically");
    }

    @Test
    void aPathThatIsNotARunIsRefusedWithItsReason() throws Exception {
        Path notRun = Files.writeString(tmp.resolve("x.json"), "{\"hello\":1}");
        var e = assertThrows(RunFiles.NotARun.class, () -> HtmlReport.write(notRun, tmp.resolve("x.html")));
        assertTrue(e.getMessage().contains("not a goload run record"), e.getMessage());
        Path two = Files.createDirectories(tmp.resolve("two"));
        Files.writeString(two.resolve("a.json"), "{\"schema\":\"goload.run/2\",\"runId\":\"a\"}");
        Files.writeString(two.resolve("b.json"), "{\"schema\":\"goload.run/2\",\"runId\":\"b\"}");
        e = assertThrows(RunFiles.NotARun.class, () -> RunFiles.locate(two));
        assertTrue(e.getMessage().contains("several run records"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("x.html")));
    }
}
