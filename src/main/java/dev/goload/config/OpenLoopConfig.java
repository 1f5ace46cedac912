package dev.goload.config;

/**
 * Everything an open-loop run needs (goload-behavior.md §2.2), validated.
 *
 * @param rate              total offered messages/s
 * @param pushBatch         messages per push request
 * @param maxInflight       in-flight push-request cap; over it requests are shed
 * @param rampSeconds       linear ramp 0 → rate
 * @param arrival           {@code uniform} (reference) or {@code poisson}
 * @param behindMillis      lateness beyond which due requests are shed as {@code behind} (loader stall)
 * @param payloadBytes      size of each message's {@code data} string
 * @param activePartitions  distinct partitions written per second (0: the whole space)
 * @param activePolicy      {@code rotate} or {@code scatter}
 * @param e2e               stamp the scheduled instant into messages and measure scheduled → pop latency
 */
public record OpenLoopConfig(TargetOptions target, QueueOptions queue, ConsumerOptions consumer, RunOptions run,
                             long rate, int pushBatch, int maxInflight, int rampSeconds, String arrival,
                             int behindMillis, int payloadBytes, int activePartitions, String activePolicy,
                             boolean e2e) {

    public OpenLoopConfig {
        if (rate <= 0) {
            throw new IllegalArgumentException("-rate must be > 0 (total offered msg/s)");
        }
        if (pushBatch <= 0) {
            throw new IllegalArgumentException("-push-batch must be > 0");
        }
        if (maxInflight <= 0) {
            throw new IllegalArgumentException("-max-inflight must be > 0");
        }
        if (queue.partitions() <= 0) {
            throw new IllegalArgumentException("-partitions must be > 0");
        }
        PushBodyLimit.check("-payload " + payloadBytes + " with -push-batch " + pushBatch, payloadBytes, pushBatch);
    }

    public double requestsPerSecond() {
        return rate / (double) pushBatch;
    }

    /** The space actually rotated through each second. */
    public int effectiveActive() {
        int space = queue.partitions();
        return activePartitions <= 0 || activePartitions > space ? space : activePartitions;
    }
}
