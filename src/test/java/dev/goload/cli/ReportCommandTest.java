package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code goload report} and {@code goload compare} on the command line: outputs, exit codes, help, completion. */
class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void reportWritesNextToTheRecordOfARealRunAndNeverShowsASecret() throws Exception {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-embedded", "-rate", "1000", "-push-batch", "10",
                "-duration", "1", "-report", "1", "-consumers", "1", "-partitions", "2", "-token", "tok-s3cr3t-42");
        assertEquals(0, r.code(), r.toString());
        MainRun report = MainRun.of("report", dir.toString());
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().startsWith("[report] " + dir.resolve("run.html")), report.out());
        String page = Files.readString(dir.resolve("run.html"));
        assertTrue(page.contains("goload openloop run run"));
        assertFalse(page.contains("tok-s3cr3t-42"), "the token never reaches the report");
        MainRun again = MainRun.of("report", dir.resolve("run.json").toString(), "-o", dir.resolve("x.html").toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(Files.size(dir.resolve("x.html")) > 50_000, "uPlot is inlined");
    }

    @Test
    void badPathsAndBadCommandLinesExitTwo() throws Exception {
        MainRun missing = MainRun.of("report", dir.resolve("nope").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such file or directory"), missing.err());
        Path notRun = Files.writeString(dir.resolve("x.json"), "{}");
        assertEquals(2, MainRun.of("report", notRun.toString()).code());
        assertEquals(2, MainRun.of("report").code(), "a run is required");
        assertEquals(2, MainRun.of("report", notRun.toString(), "--bogus").code());
        assertEquals(2, MainRun.of("compare", notRun.toString()).code(), "compare needs two runs");
        MainRun cmp = MainRun.of("compare", dir.resolve("a").toString(), dir.resolve("b").toString());
        assertEquals(2, cmp.code());
        assertTrue(cmp.err().contains("no such file or directory"), cmp.err());
    }

    @Test
    void compareOfDifferentModesExitsTwoWithAClearMessage() throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "{\"schema\":\"goload.run/2\",\"runId\":\"a\",\"mode\":\"openloop\"}");
        Path b = Files.writeString(dir.resolve("b.json"), "{\"schema\":\"goload.run/2\",\"runId\":\"b\",\"mode\":\"order\"}");
        MainRun cmp = MainRun.of("compare", a.toString(), b.toString(), "-o", dir.resolve("c.html").toString());
        assertEquals(2, cmp.code());
        assertTrue(cmp.err().contains("runs of different modes cannot be compared"), cmp.err());
        assertFalse(Files.exists(dir.resolve("c.html")));
    }

    @Test
    void reportAndCompareAreInTheTopLevelHelpTheirOwnHelpAndCompletion() {
        MainRun help = MainRun.of("--help");
        assertTrue(help.err().contains("report ") && help.err().contains("compare "), help.err());
        MainRun own = MainRun.of("help", "compare");
        assertEquals(0, own.code());
        assertTrue(own.out().contains("Usage: goload compare"), own.out());
        assertEquals(0, MainRun.of("report", "--help").code());
        String script = MainRun.of("completion", "bash").out();
        assertTrue(script.contains("report") && script.contains("compare") && script.contains("--output"), "completion");
    }
}
