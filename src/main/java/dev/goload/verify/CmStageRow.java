package dev.goload.verify;

import java.util.List;

/**
 * The verifier's figures for one stage (one row of the table).
 *
 * @param error       non-null when the log could not be read: the stage is an {@code ERROR} row and the run fails
 * @param msgs        well-formed lines
 * @param unique      first occurrences of a (property, seq)
 * @param dups        repeated (property, seq) lines: redeliveries, never a failure
 * @param gaps        seqs in {@code [base, frontier]} that never appeared although a higher seq of the same
 *                    property did: real loss
 * @param viols       first occurrences of a seq lower than one already applied: ordering violations
 * @param inflight    seqs above the frontier up to the produced maximum: in flight at the cutoff
 * @param absent      (flow, property) pairs of {@code produced.meta} with no line at all in this stage
 * @param absentFatal whether {@code absent} fails the stage (with warm-up, every property reached every stage
 *                    before the rated load started)
 * @param beyond      distinct seqs above the property's produced maximum (an ambiguous push at shutdown, or a
 *                    stale queue); reported, never a failure
 * @param malformed   lines that are not {@code prop,seq}; skipped, as the reference does
 * @param ackErr      failed acks attributed to this stage (run-wide when the per-stage file is absent)
 * @param samples     first few diagnostics ({@code gap prop=… first-missing=…}, {@code viol prop=… prev=… got=…},
 *                    {@code absent prop=…}), bounded
 */
public record CmStageRow(CmStage stage, String error, long msgs, long unique, long dups, long gaps, long viols,
                         long inflight, long absent, boolean absentFatal, long beyond, long malformed, long ackErr,
                         List<String> samples) {

    public enum Verdict { PASS, PASS_VIOL_REDELIV, FAIL, ERROR }

    public CmStageRow {
        samples = List.copyOf(samples);
    }

    public Verdict verdict() {
        if (error != null) return Verdict.ERROR;
        if (gaps > 0 || (absentFatal && absent > 0)) return Verdict.FAIL;
        if (viols > 0) return ackErr > 0 ? Verdict.PASS_VIOL_REDELIV : Verdict.FAIL;
        return Verdict.PASS;
    }

    public boolean passed() {
        Verdict v = verdict();
        return v == Verdict.PASS || v == Verdict.PASS_VIOL_REDELIV;
    }

    /** The verdict column as the reference prints it. */
    public String verdictText() {
        return switch (verdict()) {
            case PASS -> "PASS";
            case PASS_VIOL_REDELIV -> "PASS(viol~redeliv)";
            case FAIL -> "FAIL";
            case ERROR -> "ERROR";
        };
    }

    static CmStageRow error(CmStage stage, String error, long ackErr) {
        return new CmStageRow(stage, error, 0, 0, 0, 0, 0, 0, 0, false, 0, 0, ackErr, List.of());
    }
}
