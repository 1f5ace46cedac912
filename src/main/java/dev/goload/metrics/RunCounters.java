package dev.goload.metrics;

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
    /** Pushes sent and then cut off by the shutdown before any answer: neither achieved nor failed. */
    public final LongAdder pushCanceledReq = new LongAdder();
    /** Pauses of the consumers and closed-loop producers that grew beyond their base after consecutive failures. */
    public final BackoffStats backoff = new BackoffStats();
    /** Failed calls by operation, with kinds, codes, Retry-After and first messages (the record's {@code errors}). */
    public final ErrorStats pushErrors = new ErrorStats();
    public final ErrorStats popErrors = new ErrorStats();
    public final ErrorStats ackErrors = new ErrorStats();
    public final ErrorStats configureErrors = new ErrorStats();

    /** The error families in record order: push, pop, ack, configure. */
    public Map<String, ErrorStats.Snapshot> errorFamilies() {
        Map<String, ErrorStats.Snapshot> m = new java.util.LinkedHashMap<>();
        m.put("push", pushErrors.snapshot());
        m.put("pop", popErrors.snapshot());
        m.put("ack", ackErrors.snapshot());
        m.put("configure", configureErrors.snapshot());
        return m;
    }

    public Snapshot snapshot() {
        Map<String, Long> errors = new java.util.TreeMap<>();
        errorFamilies().forEach((op, f) -> f.byKind().forEach((k, v) -> errors.put(op + "." + k, v)));
        return new Snapshot(offeredReq.sum(), sentReq.sum(), achievedReq.sum(), shedCapReq.sum(), shedBehindReq.sum(),
                pushedMsgs.sum(), pushErrReq.sum(), itemFailed.sum(), itemDuplicate.sum(), itemBuffered.sum(),
                popped.sum(), popCalls.sum(), popErr.sum(), emptyPops.sum(), acked.sum(), ackErr.sum(), ackCalls.sum(),
                ackMicros.sum(), pushCanceledReq.sum(), backoff.backoffs(), backoff.backoffMillis(), errors);
    }

    /** Cumulative values at one instant; {@link #minus(Snapshot)} gives an interval's deltas. */
    public record Snapshot(long offeredReq, long sentReq, long achievedReq, long shedCapReq, long shedBehindReq,
                           long pushedMsgs, long pushErrReq, long itemFailed, long itemDuplicate, long itemBuffered,
                           long popped, long popCalls, long popErr, long emptyPops, long acked, long ackErr,
                           long ackCalls, long ackMicros, long pushCanceledReq, long backoffs, long backoffMillis,
                           Map<String, Long> errorsByKind) {

        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                Map.of());

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
                    ackMicros - o.ackMicros, pushCanceledReq - o.pushCanceledReq, backoffs - o.backoffs,
                    backoffMillis - o.backoffMillis, errors);
        }

        /** Mean ack call duration in ms (the reference's ackAvg), 0 without calls. */
        public double ackAvgMs() {
            return ackCalls == 0 ? 0 : ackMicros / (double) ackCalls / 1000.0;
        }
    }
}
