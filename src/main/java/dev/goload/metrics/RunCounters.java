package dev.goload.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every counter of a load run, cumulative since its start. Requests (…Req) and messages are kept apart,
 * as the reference's report lines do.
 *
 * <p>Threading: increments from any thread (striped {@link LongAdder}s, so thousands of request tasks do not
 * contend); {@link #snapshot()} from the reporter. A snapshot is not atomic across counters, which only
 * matters within one interval's rounding.
 */
public final class RunCounters {
    public final LongAdder offeredReq = new LongAdder();
    public final LongAdder sentReq = new LongAdder();
    public final LongAdder achievedReq = new LongAdder();
    public final LongAdder shedCapReq = new LongAdder();
    public final LongAdder shedBehindReq = new LongAdder();
    /** Messages the broker accepted (item status queued, duplicate or buffered). */
    public final LongAdder pushedMsgs = new LongAdder();
    public final LongAdder pushErrReq = new LongAdder();
    /** Items the broker answered {@code failed} inside a 2xx push (the reference counted them as pushed). */
    public final LongAdder itemFailed = new LongAdder();
    public final LongAdder itemDuplicate = new LongAdder();
    public final LongAdder itemBuffered = new LongAdder();
    public final LongAdder popped = new LongAdder();
    public final LongAdder popCalls = new LongAdder();
    public final LongAdder popErr = new LongAdder();
    public final LongAdder emptyPops = new LongAdder();
    public final LongAdder acked = new LongAdder();
    public final LongAdder ackErr = new LongAdder();
    public final LongAdder ackCalls = new LongAdder();
    public final LongAdder ackMicros = new LongAdder();
    /** Pauses of the consumers and closed-loop producers that grew beyond their base after consecutive failures. */
    public final BackoffStats backoff = new BackoffStats();
    /** Failed calls by operation, with kinds, codes, Retry-After and first messages (the record's {@code errors}). */
    public final ErrorStats pushErrors = new ErrorStats();
    public final ErrorStats popErrors = new ErrorStats();
    public final ErrorStats ackErrors = new ErrorStats();
    public final ErrorStats configureErrors = new ErrorStats();
    /** A mode's own families (app's stage 2) by name; see {@link #family}. */
    private final Map<String, ErrorStats> ownFamilies = new java.util.concurrent.ConcurrentSkipListMap<>();

    /**
     * Adds a family of the mode's own calls that the common counters do not count (app's {@code stage2Pop},
     * {@code stage2Ack}), before the run starts; it is recorded, printed and summed with the common ones.
     */
    public ErrorStats family(String op) {
        if (List.of("push", "pop", "ack", "configure").contains(op) || ownFamilies.containsKey(op)) {
            throw new IllegalArgumentException("error family " + op + " exists");
        }
        ErrorStats f = new ErrorStats();
        ownFamilies.put(op, f);
        return f;
    }

    /**
     * Pushes sent and then cancelled by the run's own stop before any answer: neither achieved nor failed. Derived:
     * the push family's {@code canceled} kind counts those calls, once.
     */
    public long pushCanceledReq() {
        return pushErrors.kind(ErrorStats.CANCELED);
    }

    /** Pop calls cancelled by the run's own stop: neither answered nor failed (the pop family's {@code canceled}). */
    public long popCanceledCalls() {
        return popErrors.kind(ErrorStats.CANCELED);
    }

    /**
     * Ack calls cancelled by the run's own stop (or failing after its cut-off): in {@code ackCalls}, never in
     * {@code ackErr} (the ack family's {@code canceled}).
     */
    public long ackCanceledCalls() {
        return ackErrors.kind(ErrorStats.CANCELED);
    }

    /** The error families in record order: push, pop, ack, configure, then the mode's own by name. */
    public Map<String, ErrorStats.Snapshot> errorFamilies() {
        Map<String, ErrorStats.Snapshot> m = new java.util.LinkedHashMap<>();
        m.put("push", pushErrors.snapshot());
        m.put("pop", popErrors.snapshot());
        m.put("ack", ackErrors.snapshot());
        m.put("configure", configureErrors.snapshot());
        ownFamilies.forEach((op, f) -> m.put(op, f.snapshot()));
        return m;
    }

    public Snapshot snapshot() {
        Map<String, Long> errors = new java.util.TreeMap<>();
        errorFamilies().forEach((op, f) -> f.byKind().forEach((k, v) -> errors.put(op + "." + k, v)));
        return new Snapshot(offeredReq.sum(), sentReq.sum(), achievedReq.sum(), shedCapReq.sum(), shedBehindReq.sum(),
                pushedMsgs.sum(), pushErrReq.sum(), itemFailed.sum(), itemDuplicate.sum(), itemBuffered.sum(),
                popped.sum(), popCalls.sum(), popErr.sum(), emptyPops.sum(), acked.sum(), ackErr.sum(), ackCalls.sum(),
                ackMicros.sum(), pushCanceledReq(), popCanceledCalls(), ackCanceledCalls(),
                backoff.backoffs(), backoff.backoffMillis(), errors);
    }

    /** Cumulative values at one instant; {@link #minus(Snapshot)} gives an interval's deltas. */
    public record Snapshot(long offeredReq, long sentReq, long achievedReq, long shedCapReq, long shedBehindReq,
                           long pushedMsgs, long pushErrReq, long itemFailed, long itemDuplicate, long itemBuffered,
                           long popped, long popCalls, long popErr, long emptyPops, long acked, long ackErr,
                           long ackCalls, long ackMicros, long pushCanceledReq, long popCanceledCalls,
                           long ackCanceledCalls, long backoffs, long backoffMillis, Map<String, Long> errorsByKind) {

        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, Map.of());

        public long shedReq() {
            return shedCapReq + shedBehindReq;
        }

        public Snapshot minus(Snapshot o) {
            Map<String, Long> errors = new java.util.TreeMap<>(errorsByKind);
            o.errorsByKind.forEach((k, v) -> errors.merge(k, -v, Long::sum));
            return new Snapshot(offeredReq - o.offeredReq, sentReq - o.sentReq, achievedReq - o.achievedReq,
                    shedCapReq - o.shedCapReq, shedBehindReq - o.shedBehindReq, pushedMsgs - o.pushedMsgs,
                    pushErrReq - o.pushErrReq, itemFailed - o.itemFailed, itemDuplicate - o.itemDuplicate,
                    itemBuffered - o.itemBuffered, popped - o.popped, popCalls - o.popCalls, popErr - o.popErr,
                    emptyPops - o.emptyPops, acked - o.acked, ackErr - o.ackErr, ackCalls - o.ackCalls,
                    ackMicros - o.ackMicros, pushCanceledReq - o.pushCanceledReq,
                    popCanceledCalls - o.popCanceledCalls, ackCanceledCalls - o.ackCanceledCalls, backoffs - o.backoffs,
                    backoffMillis - o.backoffMillis, errors);
        }

        /** Mean ack call duration in ms (the reference's ackAvg), 0 without calls. */
        public double ackAvgMs() {
            return ackCalls == 0 ? 0 : ackMicros / (double) ackCalls / 1000.0;
        }
    }
}
