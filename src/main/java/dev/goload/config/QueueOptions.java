package dev.goload.config;

/**
 * The queue a run drives and the options it configures at t=0.
 *
 * @param queue                      queue name
 * @param partitions                 partitions {@code p0..p{N-1}} pushes rotate over (> 0)
 * @param completedRetentionSeconds  configure {@code completedRetentionSeconds}
 * @param dedupWindowSeconds         configure {@code dedupWindowSeconds} (0 = off)
 * @param pendingRetentionSeconds    configure {@code retentionSeconds} (0 = keep forever)
 * @param minPopWaitMillis           configure {@code minPopWaitTime} (openloop; 0 = not sent)
 * @param encryption                 configure {@code encryptionEnabled} (env GOLOAD_ENCRYPT=1)
 */
public record QueueOptions(String queue, int partitions, int completedRetentionSeconds, int dedupWindowSeconds,
                           int pendingRetentionSeconds, int minPopWaitMillis, boolean encryption) {}
