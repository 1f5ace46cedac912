package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.report.html.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a real embedded run, and the comparison page, opened in headless Chromium: no JavaScript error, every
 * chart drawn with data, nothing fetched (the file is all there is).
 */
class ReportInBrowserTest {
    @TempDir
    Path dir;

    @Test
    void theReportOfAnEmbeddedOpenLoopRunRendersEveryChartWithDataAndNoScriptError() throws Exception {
        Chromium.require();
        Path run = dir.resolve("run");
        LoadModeRun r = LoadModeRun.of(run, "-mode", "openloop", "-embedded", "-rate", "2000", "-push-batch", "10",
                "-duration", "2", "-report", "1", "-consumers", "2", "-partitions", "4", "-e2e");
        assertEquals(0, r.code(), r.toString());

        MainRun report = MainRun.of("report", run.toString(), "-o", dir.resolve("report.html").toString());
        assertEquals(0, report.code(), report.err());
        String page = Files.readString(dir.resolve("report.html"));
        assertFalse(page.contains("src=\"http"), "nothing loaded from the network");
        assertFalse(page.contains("href=\"http"), "nothing loaded from the network");
        Chromium.assertRenderedWithData(Chromium.dumpDom(dir.resolve("report.html"), Files.createDirectories(
                dir.resolve("c1"))), 8);

        assertTrue(compareRenders(run, run.resolve("run.json"), dir).contains("[compare] A = run"));
    }

    /**
     * {@code goload compare a b} into {@code dir/compare.html}, exit 0, and the page drawn in headless Chromium with
     * every chart's data and no script error; returns the command's console.
     */
    static String compareRenders(Path a, Path b, Path dir) throws Exception {
        MainRun compare = MainRun.of("compare", a.toString(), b.toString(), "-o", dir.resolve("compare.html").toString());
        assertEquals(0, compare.code(), compare.err());
        Chromium.assertRenderedWithData(Chromium.dumpDom(dir.resolve("compare.html"), Files.createDirectories(
                dir.resolve("compare-chromium"))), 4);
        return compare.out();
    }

    @Test
    void theReportOfAnEmbeddedTenantsRunItsV2RecordAndSectionRendersWithoutError() throws Exception {
        Chromium.require();
        Path run = dir.resolve("tenants");
        LoadModeRun r = LoadModeRun.of(run, "-mode", "tenants", "-embedded", "-tenants", "3", "-queues-per-tenant", "2",
                "-phase-high", "40", "-phase-low", "4", "-phase-sec", "1", "-stagger=false", "-duration", "3",
                "-report", "1", "-pop-timeout", "500", "-payload", "16");
        assertEquals(0, r.code(), r.toString());
        assertEquals("goload.run/2", r.record().path("schema").asText());
        MainRun report = MainRun.of("report", run.resolve("run.json").toString());
        assertEquals(0, report.code(), report.err());
        String page = Files.readString(run.resolve("run.html"));
        assertTrue(page.contains("Mode section (tenants)"), "the mode's section");
        Chromium.assertRenderedWithData(Chromium.dumpDom(run.resolve("run.html"), Files.createDirectories(
                dir.resolve("c3"))), 6);
    }
}
