package dev.goload.modes.cm;

import dev.goload.verify.CmStage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * cm's own counters (goload-behavior.md §2.6), cumulative: the flows' produced messages, the abandoned pushes and
 * retries, the derived messages and the per-stage figures. Stage counters are kept per stage label, including failed
 * acks, so the verifier can attribute ack failures to the stage they happened in. The figures every mode shares
 * (sent, shed, acked, ackErr, popErr, error kinds, backoffs) live in the run's {@link dev.goload.metrics.RunCounters}.
 *
 * <p>Threading: increments from any thread; reads from the reporter (not atomic across counters).
 */
public final class CmCounters {
    public final LongAdder producedA = new LongAdder();
    public final LongAdder producedB = new LongAdder();
    /** Messages whose push was abandoned (retries spent, or the run stopped): the reference's pushErr. */
    public final LongAdder pushErr = new LongAdder();
    /** Push attempts after the first (each one a sent request in the common counters). */
    public final LongAdder pushRetry = new LongAdder();
    /** Pushes abandoned after {@code -push-retries} attempts: their seqs show up as gaps. */
    public final LongAdder pushGaveUp = new LongAdder();
    public final LongAdder dbDerived = new LongAdder();
    public final LongAdder calDerived = new LongAdder();
    /** Messages whose payload lacked prop/seq: acked (they would block the partition) and never logged. */
    public final LongAdder undecodable = new LongAdder();

    private final List<CmStage> all;
    private final Map<String, Stage> stages = new LinkedHashMap<>();

    /** Per-stage figures. */
    public static final class Stage {
        public final LongAdder processed = new LongAdder();
        public final LongAdder ackErr = new LongAdder();
    }

    public CmCounters(List<CmStage> all) {
        this.all = List.copyOf(all);
        for (CmStage s : all) stages.put(s.label(), new Stage());
    }

    public Stage stage(CmStage s) {
        return stages.get(s.label());
    }

    /** Failed acks by stage label, for {@code stage-ackerr.meta} and the verifier. */
    public Map<String, Long> ackErrByStage() {
        Map<String, Long> m = new LinkedHashMap<>();
        stages.forEach((k, v) -> m.put(k, v.ackErr.sum()));
        return m;
    }

    /** Sum of processed messages over the stages matching {@code flow} and {@code terminal}. */
    public long processed(char flow, boolean terminal) {
        long n = 0;
        for (CmStage s : all) if (s.flow() == flow && s.terminal() == terminal) n += stage(s).processed.sum();
        return n;
    }

    /** Smallest processed count among the final groups of {@code flow}. */
    public long minFinal(char flow) {
        long m = Long.MAX_VALUE;
        for (CmStage s : all) if (s.flow() == flow && s.terminal()) m = Math.min(m, stage(s).processed.sum());
        return m == Long.MAX_VALUE ? 0 : m;
    }
}
