package dev.goload.cli;

import static dev.goload.report.ReferenceLines.APP_FINAL;
import static dev.goload.report.ReferenceLines.CLOUD_VERDICT;
import static dev.goload.report.ReferenceLines.CM_FINAL;
import static dev.goload.report.ReferenceLines.MAX_FINAL;
import static dev.goload.report.ReferenceLines.OPENLOOP_FINAL;
import static dev.goload.report.ReferenceLines.ORDER_VERDICT;
import static dev.goload.report.ReferenceLines.PROVISION_FINAL;
import static dev.goload.report.ReferenceLines.TENANTS_FINAL;
import static dev.goload.report.ReferenceLines.assertFinalLineIsLast;
import static dev.goload.report.ReferenceLines.assertNoFinalLinesAndLast;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every mode end to end, short (1 s where the mode allows), against the embedded broker: a parser that takes the last line starting
 * {@code [final]} ({@code grep '^\[final\]' | tail -1}) reads the reference's final line, in its template, and
 * nothing after it starts {@code [final]}. Where the reference prints no {@code [final]} line (cloud, order,
 * provision), goload prints none either and the reference's closing line is the last of its kind.
 */
class ReferenceFinalLineLastTest {
    @TempDir
    Path dir;

    private static List<String> lines(MainRun r) {
        return r.out().lines().toList();
    }

    /** goload's keep-alive reconnect count, as a {@code [final] +} or (cloud, order) a {@code + } addition line. */
    private static void assertReconnectsLine(MainRun r, String prefix) {
        assertTrue(r.out().lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(prefix)
                + "keep-alive reconnects=\\d+ \\(requests re-sent on a fresh socket: .*; not errors\\)")), r.out());
    }

    private LoadModeRun loadMode(java.util.regex.Pattern template, String... args) {
        LoadModeRun r = LoadModeRun.of(dir, args);
        assertEquals(0, r.code(), r.toString());
        assertFinalLineIsLast(r.lines(), template);
        return r;
    }

    @Test
    void openloop() {
        LoadModeRun r = loadMode(OPENLOOP_FINAL, "-mode", "openloop", "-embedded", "-rate", "200", "-push-batch", "10",
                "-duration", "1", "-report", "1", "-e2e");
        assertTrue(r.out().contains("\n[artifacts] " + dir.resolve("run.json") + "\n"), "the record's path, after it: " + r);
    }

    @Test
    void max() {
        loadMode(MAX_FINAL, "-mode", "max", "-embedded", "-producers", "2", "-consumers", "2", "-duration", "1",
                "-report", "1", "-manual-ack");
    }

    @Test
    void cm() {
        MainRun r = MainRun.of("-mode", "cm", "-embedded", "-properties", "2", "-rate-events", "20", "-duration", "1",
                "-logdir", dir.toString(), "-warmup=false", "-final-targeted=false", "-intermediate-targeted=false",
                "-pop-timeout", "200", "-db-sleep-min", "1", "-db-sleep-max", "1", "-cal-sleep", "1", "-ota-sleep", "1");
        assertEquals(0, r.code(), r.out() + r.err());
        assertFinalLineIsLast(lines(r), CM_FINAL);
        assertReconnectsLine(r, "[final] + ");
    }

    @Test
    void tenants() {
        MainRun r = MainRun.of("-mode", "tenants", "-embedded", "-tenants", "2", "-queues-per-tenant", "2",
                "-phase-high", "10", "-phase-low", "5", "-phase-sec", "1", "-duration", "2", "-report", "1",
                "-pop-timeout", "300", "-payload", "16", "-out", dir.resolve("t").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertFinalLineIsLast(lines(r), TENANTS_FINAL);
        assertReconnectsLine(r, "[final] + ");
    }

    @Test
    void app() {
        MainRun r = MainRun.of("-mode", "app", "-embedded", "-duration", "1", "-report", "1", "-target-rate", "200",
                "-producers", "2", "-sessions", "4", "-push-batch", "5", "-consumers-per-group", "2", "-process-ms", "1",
                "-slow-msg-pct", "0", "-slow-part-pct", "0", "-stage2-consumers", "1", "-payload-min", "8",
                "-payload-max", "16", "-pop-timeout", "300", "-seed", "7", "-out", dir.resolve("app").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertFinalLineIsLast(lines(r), APP_FINAL);
        assertReconnectsLine(r, "[final] + ");
    }

    @Test
    void cloud() {
        MainRun r = MainRun.of("-mode", "cloud", "-embedded", "-target", "broker", "-tenants", "2", "-tenants-file",
                dir.resolve("absent.json").toString(), "-rate", "40", "-duration", "1", "-drain", "1", "-report", "1",
                "-pop-timeout", "500", "-out", dir.toString(), "-run-id", "c");
        assertEquals(0, r.code(), r.out() + r.err());
        assertNoFinalLinesAndLast(lines(r), "VERDICT", CLOUD_VERDICT);
        assertReconnectsLine(r, "+ ");
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("+ loader cpu avg=")), r.out());
    }

    @Test
    void order() {
        MainRun r = MainRun.of("-mode", "order", "-embedded", "-target", "broker", "-messages", "100", "-partitions",
                "2", "-consumers", "2", "-pop-batch", "20", "-pop-timeout", "300", "-drain", "10", "-run-id", "o",
                "-out", dir.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertNoFinalLinesAndLast(lines(r), "VERDICT", ORDER_VERDICT);
        assertReconnectsLine(r, "+ ");
    }

    /** {@code -psql-cmd} is any shell command reading SQL on stdin: this one answers like bootstrap_tenant would. */
    @Test
    void provision() throws Exception {
        Path psql = dir.resolve("fake-psql");
        Files.writeString(psql, """
                #!/bin/sh
                case "$(cat)" in
                  *bootstrap_tenant*) printf '0\\tt-0000\\tT0\\tC0\\tqk_test_fake0\\n1\\tt-0001\\tT1\\tC1\\tqk_test_fake1\\n' ;;
                  *) printf 't-0000\\tB0\\nt-0001\\tB1\\n' ;;
                esac
                """);
        Files.setPosixFilePermissions(psql, PosixFilePermissions.fromString("rwx------"));
        MainRun r = MainRun.of("-mode", "provision", "-tenants", "2", "-prefix", "t", "-file",
                dir.resolve("tenants.json").toString(), "-psql-cmd", psql.toString(), "-key-name", "k1", "-out",
                dir.resolve("runs").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertNoFinalLinesAndLast(lines(r), "[provision]", PROVISION_FINAL);
        // then only goload's [artifacts] block (the run record), as after every mode's last reference line
        List<String> l = lines(r);
        int artifacts = l.indexOf(l.stream().filter(x -> x.startsWith("[artifacts] ")).findFirst().orElseThrow());
        assertTrue(PROVISION_FINAL.matcher(l.get(artifacts - 2)).matches() && l.get(artifacts - 1).isEmpty()
                && l.size() == artifacts + 3, "the reference's line is the last before [artifacts]: " + r.out());
    }
}
