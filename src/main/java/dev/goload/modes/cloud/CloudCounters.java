package dev.goload.modes.cloud;

import dev.goload.client.ErrorKind;
import dev.goload.metrics.BackoffStats;
import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencyRecorder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every counter, error family and latency recorder of a cloud run (goload-behavior.md §2.3 "Counters").
 *
 * <p>Threading: increments from any thread (striped adders); snapshots from the reporter.
 */
public final class CloudCounters {
    public final LongAdder offeredReq = new LongAdder();
    public final LongAdder shedCapReq = new LongAdder();
    public final LongAdder shedBehindReq = new LongAdder();
    public final LongAdder pushReq = new LongAdder();
    public final LongAdder pushedMsg = new LongAdder();
    public final LongAdder popReq = new LongAdder();
    public final LongAdder poppedMsg = new LongAdder();
    public final LongAdder emptyPops = new LongAdder();
    public final LongAdder ackReq = new LongAdder();
    public final LongAdder ackedMsg = new LongAdder();
    public final LongAdder crossTenant = new LongAdder();
    public final LongAdder undecodable = new LongAdder();
    /** Items a 2xx push answered {@code failed} (the reference counted them as pushed). */
    public final LongAdder itemFailed = new LongAdder();
    public final AtomicInteger liveTasks = new AtomicInteger();
    /** The consumers' pauses grown by consecutive connection failures (modes.ErrorBackoff). */
    public final BackoffStats backoff = new BackoffStats();

    public final ErrorStats pushErrors = new ErrorStats();
    public final ErrorStats popErrors = new ErrorStats();
    public final ErrorStats ackErrors = new ErrorStats();
    public final ErrorStats configureErrors = new ErrorStats();

    public final LatencyRecorder e2eFromSchedule = new LatencyRecorder("e2eFromSchedule");
    public final LatencyRecorder e2eFromSend = new LatencyRecorder("e2eFromSend");
    public final LatencyRecorder pushRtt = new LatencyRecorder("pushRtt");
    public final LatencyRecorder ackRtt = new LatencyRecorder("ackRtt");
    /** Pacer launch − scheduled instant (the loader's own lag; goload-Java addition). */
    public final LatencyRecorder lateness = new LatencyRecorder("lateness");

    /**
     * Whole-run summaries by tag: the reference's four in its JSON order, then {@code lateness}. Folds in what was
     * recorded since the last interval sample first (the run skips a final interval shorter than 100 ms, and its
     * samples must not be lost). On the reporting thread, after the last interval.
     */
    public Map<String, LatencySummary> latencySummaries() {
        Map<String, LatencySummary> out = new LinkedHashMap<>();
        for (LatencyRecorder r : List.of(e2eFromSchedule, e2eFromSend, pushRtt, ackRtt, lateness)) {
            r.sampleInterval();
            out.put(r.tag(), LatencySummary.of(r.cumulative(), r.exactMaxMicros()));
        }
        return out;
    }

    /** Errors of one kind summed over push, pop and ack (the console's 429/403/5xx/to/conn columns). */
    public long errorsOfKind(ErrorKind k) {
        return pushErrors.kind(k) + popErrors.kind(k) + ackErrors.kind(k);
    }

    /** Cumulative values at one instant. */
    public record Snapshot(long offeredReq, long shedCapReq, long shedBehindReq, long pushReq, long pushedMsg,
                           long popReq, long poppedMsg, long emptyPops, long ackReq, long ackedMsg, long crossTenant,
                           long undecodable, long itemFailed, long errPush, long errPop, long errAck, long err429,
                           long err403, long err5xx, long errTimeout, long errConn, long backoffs,
                           long backoffMillis) {
        public long shedReq() {
            return shedCapReq + shedBehindReq;
        }
    }

    public Snapshot snapshot() {
        return new Snapshot(offeredReq.sum(), shedCapReq.sum(), shedBehindReq.sum(), pushReq.sum(), pushedMsg.sum(),
                popReq.sum(), poppedMsg.sum(), emptyPops.sum(), ackReq.sum(), ackedMsg.sum(), crossTenant.sum(),
                undecodable.sum(), itemFailed.sum(), pushErrors.total(), popErrors.total(), ackErrors.total(),
                errorsOfKind(ErrorKind.HTTP_429), errorsOfKind(ErrorKind.HTTP_403), errorsOfKind(ErrorKind.HTTP_5XX),
                errorsOfKind(ErrorKind.TIMEOUT), errorsOfKind(ErrorKind.CONN), backoff.backoffs(),
                backoff.backoffMillis());
    }
}
