package dev.goload.modes.cloud;

import dev.goload.metrics.ErrorStats;
import dev.goload.verify.VerifyResult;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a cloud run: everything the summary, the JSON record and the exit code are made from.
 *
 * @param loadSec            measured load phase
 * @param drainSec           measured drain
 * @param drainPlannedSec    the drain asked for (after auto-sizing)
 * @param drainAutoSized     the drain was raised to leaseTime + margin because faults were on
 * @param tailDeliveries     deliveries in the last 2 s of the drain, -1 if that mark was never reached
 * @param latency            by name, in the reference's JSON order (plus {@code lateness})
 * @param errors             push, pop, ack, configure
 * @param tenantDelivery     per tenant: pushed, popped, acked messages
 * @param stragglers         some tasks did not stop within 15 s of the end
 */
public record CloudResult(String runId, long startedAtMs, long endedAtMs, double loadSec, double drainSec,
                          int drainPlannedSec, boolean drainAutoSized, long poppedAtDrainStart, long drainDeliveries,
                          long tailDeliveries, String stopReason, CloudCounters.Snapshot totals,
                          Map<String, LatencySummary> latency, Map<String, ErrorStats.Snapshot> errors,
                          VerifyResult verify, Faults faults, List<long[]> tenantDelivery, double configureSec,
                          int pacers, boolean stragglers, long bitmapBytes, long lateLaunchMaxMicros) {

    /** Fault injections actually made, and the messages they affected. */
    public record Faults(long dupPush, long loseMsg, long dropAck, long dupPushMsgs, long dropAckMsgs) {
        public boolean any() {
            return dupPush + loseMsg + dropAck > 0;
        }
    }
}
