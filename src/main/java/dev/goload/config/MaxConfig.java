package dev.goload.config;

/**
 * A closed-loop "max pipe" run (goload-behavior.md §2.1).
 *
 * @param producers     producer tasks, each pushing as fast as responses come back
 * @param pushBatch     messages per push
 * @param payloadBytes  size of each message's {@code data} string
 */
public record MaxConfig(TargetOptions target, QueueOptions queue, ConsumerOptions consumer, RunOptions run,
                        int producers, int pushBatch, int payloadBytes) {

    public MaxConfig {
        if (pushBatch <= 0) {
            throw new IllegalArgumentException("-push-batch must be > 0");
        }
        if (queue.partitions() <= 0) {
            throw new IllegalArgumentException("-partitions must be > 0");
        }
        if (producers < 0 || consumer.consumers() < 0) {
            throw new IllegalArgumentException("-producers and -consumers must be >= 0");
        }
        PushBodyLimit.check("-payload " + payloadBytes + " with -push-batch " + pushBatch, payloadBytes, pushBatch);
    }
}
