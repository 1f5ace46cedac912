package dev.goload.verify;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code cm} ordered-pipeline verifier (goload-behavior.md §3.2) over a log directory: reads
 * {@code produced.meta}, the optional {@code stage-ackerr.meta} and each stage log in turn through a
 * {@link StageCheck}. Pure apart from reading files; stateless and thread-safe.
 *
 * <pre>{@code
 * CmVerdict v = CmVerifier.verifyDir(dir, CmStage.standard(""), null);
 * // rendered by the report layer's CmVerdictFormat
 * }</pre>
 */
public final class CmVerifier {
    private CmVerifier() {}

    /**
     * Verifies the logs in {@code dir}.
     *
     * @param liveStageAckErr failed acks per stage label from a live run, or null to read them from
     *                        {@code stage-ackerr.meta} (and, without that file, apply the meta's run-wide figure to
     *                        every stage, as the reference does)
     * @throws IOException when {@code produced.meta} cannot be read (the ground truth is required)
     */
    public static CmVerdict verifyDir(Path dir, List<CmStage> stages, Map<String, Long> liveStageAckErr)
            throws IOException {
        ProducedMeta meta = ProducedMeta.read(dir);
        Map<String, Long> perStage = liveStageAckErr;
        if (perStage == null) {
            Optional<Map<String, Long>> f = StageAckErrors.read(dir);
            perStage = f.orElse(null);
        }
        List<CmStageRow> rows = new ArrayList<>(stages.size());
        for (CmStage s : stages) {
            long ackErr = perStage == null ? meta.ackErr() : perStage.getOrDefault(s.label(), 0L);
            rows.add(verifyStage(dir.resolve(s.fileName()), s, meta, ackErr));
        }
        return new CmVerdict(dir.toString(), meta.ackErr(), perStage != null, meta.base(), rows);
    }

    /** One stage's log against the meta; a missing or unreadable file is an {@code ERROR} row. */
    public static CmStageRow verifyStage(Path log, CmStage stage, ProducedMeta meta, long ackErr) {
        StageCheck check = new StageCheck(stage, meta.max(stage.flow()));
        try (InputStream in = Files.newInputStream(log)) {
            feed(in, check);
        } catch (NoSuchFileException e) {
            return CmStageRow.error(stage, "missing log " + log, ackErr);
        } catch (IOException e) {
            return CmStageRow.error(stage, "cannot read " + log + ": " + e.getMessage(), ackErr);
        }
        return check.finish(meta.base(), ackErr);
    }

    /**
     * The first {@code max} gaps of one stage's log ({@link StageCheck#gaps}), for loss attribution; empty when the
     * log cannot be read (its row is an ERROR already).
     */
    public static List<long[]> stageGaps(Path log, CmStage stage, ProducedMeta meta, int max) {
        StageCheck check = new StageCheck(stage, meta.max(stage.flow()));
        try (InputStream in = Files.newInputStream(log)) {
            feed(in, check);
        } catch (IOException e) {
            return List.of();
        }
        return check.gaps(meta.base(), max);
    }

    /**
     * Parses {@code prop,seq} lines (decimal; a final line without newline counts, like Go's scanner). Reads in
     * blocks: a 24-hour run's logs are billions of lines, and a per-byte {@code read()} takes a lock per byte.
     */
    static void feed(InputStream in, StageCheck check) throws IOException {
        byte[] buf = new byte[1 << 16];
        long prop = 0, seq = 0;
        int field = 0, digits = 0;
        boolean bad = false, any = false;
        for (int n; (n = in.read(buf)) != -1; ) {
            for (int i = 0; i < n; i++) {
                int c = buf[i];
                if (c == '\n') {
                    finishLine(check, any, bad, field, digits, prop, seq);
                    prop = seq = 0;
                    field = digits = 0;
                    bad = any = false;
                    continue;
                }
                any = true;
                if (bad) continue;
                if (c == '\r') continue;
                if (c >= '0' && c <= '9') {
                    if (++digits > 18) {
                        bad = true;
                    } else if (field == 0) {
                        prop = prop * 10 + (c - '0');
                    } else {
                        seq = seq * 10 + (c - '0');
                    }
                } else if (c == ',' && field == 0 && digits > 0) {
                    field = 1;
                    digits = 0;
                } else {
                    bad = true;
                }
            }
        }
        finishLine(check, any, bad, field, digits, prop, seq);
    }

    private static void finishLine(StageCheck check, boolean any, boolean bad, int field, int digits, long prop,
                                   long seq) {
        if (!any) return;
        if (bad || field != 1 || digits == 0 || prop > Integer.MAX_VALUE) {
            check.malformedLine();
        } else {
            check.accept((int) prop, seq);
        }
    }
}
