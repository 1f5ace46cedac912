package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import dev.goload.report.CmVerdictFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CmVerifierTest {
    private static final List<CmStage> STAGES = CmStage.standard("");

    @TempDir
    Path dir;

    /** Props 0..2 on both flows, seqs 0..5 produced; every stage applied all of them in order. */
    @BeforeEach
    void cleanRun() throws IOException {
        TreeMap<Integer, Long> max = new TreeMap<>(Map.of(0, 5L, 1, 5L, 2, 5L));
        new ProducedMeta(0, 18, 18, 0, 1_700_000_000L, max, max).write(dir);
        for (CmStage s : STAGES) {
            StringBuilder b = new StringBuilder();
            for (int seq = 0; seq <= 5; seq++) {
                for (int prop = 0; prop < 3; prop++) b.append(prop).append(',').append(seq).append('\n');
            }
            write(s, b.toString());
        }
    }

    private void write(CmStage s, String text) throws IOException {
        Files.writeString(dir.resolve(s.fileName()), text, StandardCharsets.US_ASCII);
    }

    private CmStage stage(String label) {
        return STAGES.stream().filter(s -> s.label().equals(label)).findFirst().orElseThrow();
    }

    private CmStageRow row(CmVerdict v, String label) {
        return v.rows().stream().filter(r -> r.stage().label().equals(label)).findFirst().orElseThrow();
    }

    private CmVerdict verify() throws IOException {
        return CmVerifier.verifyDir(dir, STAGES, null);
    }

    @Test
    void cleanLogsPass() throws IOException {
        CmVerdict v = verify();
        assertTrue(v.passed());
        assertEquals(12 * 18, v.msgs());
        assertEquals(0, v.gaps() + v.viols() + v.dups() + v.inflight() + v.absent());
        String text = render(v);
        assertTrue(text.contains("VERDICT: PASS  (0 gaps below frontier, 0 order-violations, 0 dups, 0 in-flight at cutoff)"), text);
    }

    @Test
    void gapBelowFrontierFails() throws IOException {
        // prop 1 lost seq 2 and 3 in cm-db, but seq 4 and 5 arrived
        write(stage("cm-avail_cm-db"), "0,0\n1,0\n2,0\n1,1\n1,4\n1,5\n0,1\n0,2\n0,3\n0,4\n0,5\n2,1\n2,2\n2,3\n2,4\n2,5\n");
        CmVerdict v = verify();
        assertFalse(v.passed());
        CmStageRow r = row(v, "cm-avail_cm-db");
        assertEquals(2, r.gaps());
        assertEquals(0, r.viols());
        assertEquals(CmStageRow.Verdict.FAIL, r.verdict());
        assertTrue(r.samples().contains("gap prop=1 missing=2 first-missing=2"), r.samples().toString());
        assertTrue(render(v).contains("VERDICT: FAIL  (gaps=2 order-violations=0"));
    }

    @Test
    void reorderingFailsWhenThisStagesAcksAllSucceeded() throws IOException {
        write(stage("cm-ota-sync_ota-3"), body(List.of(0, 1, 2), 5).replace("1,3\n", "").replace("1,4\n", "1,4\n1,3\n"));
        CmVerdict v = CmVerifier.verifyDir(dir, STAGES, Map.of("cm-ota-sync_ota-1", 7L));
        CmStageRow r = row(v, "cm-ota-sync_ota-3");
        assertEquals(1, r.viols());
        assertEquals(0, r.gaps());
        assertEquals(CmStageRow.Verdict.FAIL, r.verdict(), "acks failed elsewhere must not forgive this stage");
        assertFalse(v.passed());
    }

    @Test
    void reorderingIsToleratedOnlyInTheStageWhoseAcksFailed() throws IOException {
        write(stage("cm-ota-sync_ota-3"), body(List.of(0, 1, 2), 5).replace("1,3\n", "").replace("1,4\n", "1,4\n1,3\n"));
        CmVerdict v = CmVerifier.verifyDir(dir, STAGES, Map.of("cm-ota-sync_ota-3", 2L));
        assertEquals(CmStageRow.Verdict.PASS_VIOL_REDELIV, row(v, "cm-ota-sync_ota-3").verdict());
        assertTrue(v.passed());
        assertTrue(render(v).contains("PASS(viol~redeliv)"));
    }

    @Test
    void runWideAckErrorsApplyToEveryStageWithoutThePerStageFile() throws IOException {
        TreeMap<Integer, Long> max = new TreeMap<>(Map.of(0, 5L, 1, 5L, 2, 5L));
        new ProducedMeta(4, 18, 18, 0, 1L, max, max).write(dir);
        write(stage("cm-prices_cm-cal"), body(List.of(0, 1, 2), 5).replace("2,1\n", "").replace("2,2\n", "2,2\n2,1\n"));
        CmVerdict v = verify();
        assertFalse(v.perStageAckErrors());
        assertEquals(CmStageRow.Verdict.PASS_VIOL_REDELIV, row(v, "cm-prices_cm-cal").verdict());
        StageAckErrors.write(dir, Map.of("cm-prices_cm-cal", 0L, "cm-avail_cm-db", 4L));
        CmVerdict perStage = verify();
        assertTrue(perStage.perStageAckErrors());
        assertEquals(CmStageRow.Verdict.FAIL, row(perStage, "cm-prices_cm-cal").verdict());
    }

    @Test
    void duplicatesAreCountedButDoNotFail() throws IOException {
        write(stage("cm-ota-prices_otap-5"), body(List.of(0, 1, 2), 5) + "1,4\n1,5\n0,5\n");
        CmVerdict v = verify();
        CmStageRow r = row(v, "cm-ota-prices_otap-5");
        assertEquals(3, r.dups());
        assertEquals(18, r.unique());
        assertEquals(21, r.msgs());
        assertEquals(0, r.viols(), "a redelivered lower seq is a dup, not a violation");
        assertTrue(v.passed());
        assertEquals(3, v.dups());
    }

    @Test
    void missingStageFileIsAnErrorRowAndFails() throws IOException {
        Files.delete(dir.resolve(stage("cm-ota-sync_ota-2").fileName()));
        CmVerdict v = verify();
        assertFalse(v.passed());
        assertEquals(1, v.errors());
        CmStageRow r = row(v, "cm-ota-sync_ota-2");
        assertEquals(CmStageRow.Verdict.ERROR, r.verdict());
        assertNotNull(r.error());
        assertTrue(render(v).contains("cm-ota-sync_ota-2          ERROR: missing log"), render(v));
    }

    @Test
    void propertyAbsentFromOneStageFails() throws IOException {
        write(stage("cm-ota-prices_otap-2"), body(List.of(0, 2), 5));
        CmVerdict v = verify();
        CmStageRow r = row(v, "cm-ota-prices_otap-2");
        assertEquals(1, r.absent());
        assertEquals(0, r.gaps());
        assertEquals(CmStageRow.Verdict.FAIL, r.verdict());
        assertFalse(v.passed());
        assertTrue(r.samples().contains("absent prop=1 produced-max=5"));
        assertTrue(render(v).contains("  ! cm-ota-prices_otap-2: 1 property of produced.meta never reached this stage"));
    }

    @Test
    void absentPropertyWithoutWarmupIsInFlightNotLoss() throws IOException {
        TreeMap<Integer, Long> max = new TreeMap<>(Map.of(0, 5L, 1, 5L, 2, 5L));
        new ProducedMeta(0, 15, 15, 1, 1L, max, max).write(dir);
        for (CmStage s : STAGES) write(s, body(List.of(0, 2), 5).replaceAll("(?m)^\\d,0\\n", ""));
        CmVerdict v = verify();
        assertTrue(v.passed(), render(v));
        assertEquals(12, v.absent());
        assertEquals(12 * 5, v.inflight());
    }

    @Test
    void inFlightTailIsNotAFailure() throws IOException {
        // cm-db stopped at seq 3 for prop 0 and seq 1 for prop 2: everything above the frontier is in flight
        StringBuilder b = new StringBuilder();
        for (int seq = 0; seq <= 5; seq++) {
            if (seq <= 3) b.append("0,").append(seq).append('\n');
            b.append("1,").append(seq).append('\n');
            if (seq <= 1) b.append("2,").append(seq).append('\n');
        }
        write(stage("cm-avail_cm-db"), b.toString());
        CmVerdict v = verify();
        CmStageRow r = row(v, "cm-avail_cm-db");
        assertEquals(2 + 4, r.inflight());
        assertEquals(0, r.gaps());
        assertTrue(v.passed());
        assertTrue(render(v).contains("6 in-flight at cutoff"));
    }

    @Test
    void malformedLinesAreSkippedAndCounted() throws IOException {
        write(stage("cm-avail_cm-db"), body(List.of(0, 1, 2), 5) + "garbage\n7,\n,3\n1,2,3\n");
        CmStageRow r = row(verify(), "cm-avail_cm-db");
        assertEquals(4, r.malformed());
        assertEquals(18, r.msgs());
    }

    @Test
    void crlfEndingsAndAFinalLineWithoutNewlineCount() throws IOException {
        write(stage("cm-avail_cm-db"), body(List.of(0, 1, 2), 5).replace("\n", "\r\n").stripTrailing());
        CmStageRow r = row(verify(), "cm-avail_cm-db");
        assertEquals(18, r.msgs());
        assertEquals(0, r.malformed());
        assertEquals(CmStageRow.Verdict.PASS, r.verdict());
    }

    @Test
    void linesSplitAcrossReadsParseAsWhole() throws IOException {
        byte[] log = (body(List.of(0, 1, 2), 5) + "12345,67890\nbad\n7").getBytes(StandardCharsets.US_ASCII);
        // a stream that hands out 3 bytes per read, so every line straddles a read boundary
        java.io.InputStream trickle = new java.io.ByteArrayInputStream(log) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 3));
            }
        };
        StageCheck check = new StageCheck(stage("cm-avail_cm-db"), new TreeMap<>(Map.of(0, 5L, 1, 5L, 2, 5L)));
        CmVerifier.feed(trickle, check);
        CmStageRow r = check.finish(0, 0);
        assertEquals(19, r.msgs(), "18 lines of the body and 12345,67890");
        assertEquals(2, r.malformed(), "'bad' and the unterminated '7'");
        assertEquals(1, r.beyond(), "seq 67890 of a property produced.meta does not know");
    }

    @Test
    void tableLayoutMatchesTheReference() throws IOException {
        String text = render(verify());
        String[] lines = text.split("\n", -1);
        assertEquals("", lines[0]);
        assertEquals("=== VERIFIER (dir=" + dir + ", ackErr=0) ===", lines[1]);
        assertEquals(String.format("%-26s %10s %10s %8s %8s %8s %10s  %s", "stage", "msgs", "unique", "dups", "gaps",
                "viols", "inflight", "verdict"), lines[2]);
        assertEquals(String.format("%-26s %10d %10d %8d %8d %8d %10d  %s", "cm-avail_cm-db", 18, 18, 0, 0, 0, 0, "PASS"),
                lines[3]);
        assertTrue(lines[4].startsWith("cm-ota-sync_ota-1 "));
        assertTrue(lines[9].startsWith("cm-prices_cm-cal "));
        assertEquals(String.format("%-26s %10d %10d %8d %8d %8d %10d", "TOTAL", 216, 216, 0, 0, 0, 0), lines[15]);
    }

    private static String body(List<Integer> props, int maxSeq) {
        StringBuilder b = new StringBuilder();
        for (int seq = 0; seq <= maxSeq; seq++) {
            for (int p : props) b.append(p).append(',').append(seq).append('\n');
        }
        return b.toString();
    }

    private static String render(CmVerdict v) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        CmVerdictFormat.print(v, new PrintStream(bos, true, StandardCharsets.UTF_8));
        return bos.toString(StandardCharsets.UTF_8);
    }
}
