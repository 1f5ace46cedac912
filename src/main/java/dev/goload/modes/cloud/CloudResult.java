package dev.goload.modes.cloud;

import dev.goload.metrics.ErrorStats;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.verify.VerifyResult;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a cloud run: the mode-independent {@link RunOutcome} (common counters, error families, latency by
 * tag — {@code e2e} from the schedule, {@code e2eFromSend}, {@code service} = the reference's pushRtt, {@code ack} =
 * its ackRtt, {@code lateness} — the loader, the verdict) and cloud's own figures; everything the summary, the
 * reference JSON, the run record and the exit code are made from.
 *
 * @param loadSec            measured load phase
 * @param drainSec           measured drain
 * @param drainPlannedSec    the drain asked for (after auto-sizing)
 * @param drainAutoSized     the drain was raised to leaseTime + margin because faults were on
 * @param tailDeliveries     deliveries in the last 2 s of the drain, -1 if that mark was never reached
 * @param extras             cloud's own counters (attempts, cross-tenant, undecodable)
 * @param tenantDelivery     per tenant: pushed, popped, acked messages
 * @param stragglers         some tasks did not stop within 15 s of the end
 * @param pushPath           the path that carried the pushes: {@code loop}, {@code virtual-threads} or {@code okhttp}
 */
public record CloudResult(RunOutcome outcome, double loadSec, double drainSec, int drainPlannedSec,
                          boolean drainAutoSized, long poppedAtDrainStart, long drainDeliveries, long tailDeliveries,
                          CloudCounters.Snapshot extras, VerifyResult verify, Faults faults, List<long[]> tenantDelivery,
                          double configureSec, int pacers, boolean stragglers, long bitmapBytes,
                          String pushPath) {

    /** Fault injections actually made, and the messages they affected. */
    public record Faults(long dupPush, long loseMsg, long dropAck, long dupPushMsgs, long dropAckMsgs) {
        public boolean any() {
            return dupPush + loseMsg + dropAck > 0;
        }
    }

    public String runId() {
        return outcome.runId();
    }

    public RunCounters.Snapshot counters() {
        return outcome.counters();
    }

    /** Push, pop, ack, configure. */
    public Map<String, ErrorStats.Snapshot> errors() {
        return outcome.errors();
    }

    public LatencySummary latency(String tag) {
        return outcome.latency(tag);
    }

    public RunResult.LoaderSummary loader() {
        return outcome.loader();
    }
}
