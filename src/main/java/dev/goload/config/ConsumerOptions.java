package dev.goload.config;

/**
 * The closed-loop drainers shared by {@code max} and {@code openloop} (goload-behavior.md §2.1, §2.1.1).
 *
 * @param consumers      consumer tasks
 * @param popBatch       max messages per pop
 * @param popWildcard    pop the queue (broker picks the partition); false pins consumer i to {@code p{i mod partitions}}
 * @param popPartitions  > 1: multi-partition pop (takes precedence over {@code popWildcard=false})
 * @param popWait        long-poll pops
 * @param popTimeoutMs   long-poll timeout (sent only with {@code popWait})
 * @param emptySleepMs   sleep after an empty pop
 * @param manualAck      lease pops and ack each batch {@code completed}
 * @param ackAsync       with manual ack: ack on its own task and pop again at once
 * @param ackInflight    with async ack: cap on concurrent acks; a full cap blocks the consumer (acks are never shed)
 */
public record ConsumerOptions(int consumers, int popBatch, boolean popWildcard, int popPartitions, boolean popWait,
                              int popTimeoutMs, int emptySleepMs, boolean manualAck, boolean ackAsync,
                              int ackInflight) {}
