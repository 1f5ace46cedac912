package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import dev.goload.report.CmVerdictFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole cm verifier block, byte for byte (reference table, goload's "  ! " lines, the VERDICT line). */
class CmVerdictGoldenTest {
    private static final List<CmStage> STAGES = CmStage.standard("");

    @TempDir
    Path dir;

    private CmVerdict run(boolean gap) throws IOException {
        TreeMap<Integer, Long> max = new TreeMap<>(Map.of(0, 2L, 1, 2L));
        new ProducedMeta(0, 6, 6, 0, 1_700_000_000L, max, max).write(dir);
        for (CmStage s : STAGES) {
            String body = "0,0\n1,0\n0,1\n1,1\n0,2\n1,2\n";
            if (gap && s.label().equals("cm-avail_cm-db")) body = "0,0\n1,0\n0,2\n1,1\n1,2\nbad\n";
            Files.writeString(dir.resolve(s.fileName()), body, StandardCharsets.US_ASCII);
        }
        return CmVerifier.verifyDir(dir, STAGES, null);
    }

    private static String render(CmVerdict v) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        CmVerdictFormat.print(v, new PrintStream(bos, true, StandardCharsets.UTF_8));
        return bos.toString(StandardCharsets.UTF_8).replace(v.dir().toString(), "DIR");
    }

    @Test
    void passBlockIsByteExact() throws IOException {
        assertEquals(GOLDEN_PASS, render(run(false)));
    }

    @Test
    void failBlockIsByteExact() throws IOException {
        assertEquals(GOLDEN_FAIL, render(run(true)));
    }

    static final String GOLDEN_PASS = ""
            + "\n"
            + "=== VERIFIER (dir=DIR, ackErr=0) ===\n"
            + "stage                            msgs     unique     dups     gaps    viols   inflight  verdict\n"
            + "cm-avail_cm-db                      6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-1                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-2                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-3                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-4                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-5                   6          6        0        0        0          0  PASS\n"
            + "cm-prices_cm-cal                    6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-1                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-2                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-3                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-4                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-5                6          6        0        0        0          0  PASS\n"
            + "TOTAL                              72         72        0        0        0          0\n"
            + "VERDICT: PASS  (0 gaps below frontier, 0 order-violations, 0 dups, 0 in-flight at cutoff)\n";
    static final String GOLDEN_FAIL = ""
            + "\n"
            + "=== VERIFIER (dir=DIR, ackErr=0) ===\n"
            + "stage                            msgs     unique     dups     gaps    viols   inflight  verdict\n"
            + "cm-avail_cm-db                      5          5        0        1        0          0  FAIL\n"
            + "cm-ota-sync_ota-1                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-2                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-3                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-4                   6          6        0        0        0          0  PASS\n"
            + "cm-ota-sync_ota-5                   6          6        0        0        0          0  PASS\n"
            + "cm-prices_cm-cal                    6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-1                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-2                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-3                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-4                6          6        0        0        0          0  PASS\n"
            + "cm-ota-prices_otap-5                6          6        0        0        0          0  PASS\n"
            + "TOTAL                              71         71        0        1        0          0\n"
            + "  ! cm-avail_cm-db: 1 malformed line(s) skipped\n"
            + "  ! cm-avail_cm-db: gap prop=0 missing=1 first-missing=1\n"
            + "VERDICT: FAIL  (gaps=1 order-violations=0 — see per-stage rows above)\n";
}
