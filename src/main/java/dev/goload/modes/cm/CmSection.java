package dev.goload.modes.cm;

import dev.goload.verify.CmStage;
import dev.goload.verify.CmVerdict;
import java.util.ArrayList;
import java.util.List;

/**
 * cm's section of the {@code goload.run/2} record (docs/run-record.md): per stage the messages processed and the
 * acks that failed, the flows' produced messages, the abandoned pushes and retries, and the verifier's totals.
 *
 * @param pushErr   messages whose push was abandoned (the final line's {@code pushErr})
 * @param pushRetry push attempts after the first (each also a sent request in the common counters)
 * @param verifier  the verifier's totals (its figures: {@code cli.ModeFigures}), null when the run could not be
 *                  verified
 */
public record CmSection(List<Stage> stages, long producedA, long producedB, long pushErr, long pushRetry,
                        long pushGaveUp, long undecodable, Verifier verifier) {

    public record Stage(String stage, String queue, String group, long processed, long ackErr) {}

    /** The verifier's TOTAL row and verdict. */
    public record Verifier(boolean passed, long msgs, long unique, long dups, long gaps, long viols, long inflight,
                           long absent, long errors) {
        static Verifier of(CmVerdict v) {
            return v == null ? null
                    : new Verifier(v.passed(), v.msgs(), v.unique(), v.dups(), v.gaps(), v.viols(), v.inflight(),
                    v.absent(), v.errors());
        }
    }

    static CmSection of(List<CmStage> stages, CmCounters c, CmVerdict v) {
        List<Stage> rows = new ArrayList<>();
        for (CmStage s : stages) {
            CmCounters.Stage st = c.stage(s);
            rows.add(new Stage(s.label(), s.queue(), s.group(), st.processed.sum(), st.ackErr.sum()));
        }
        return new CmSection(List.copyOf(rows), c.producedA.sum(), c.producedB.sum(), c.pushErr.sum(),
                c.pushRetry.sum(), c.pushGaveUp.sum(), c.undecodable.sum(), Verifier.of(v));
    }
}
