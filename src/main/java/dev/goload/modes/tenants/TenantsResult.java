package dev.goload.modes.tenants;

/**
 * The end of a {@code -mode tenants} run: the counters of the reference's final line (goload-behavior.md §2.7).
 *
 * @param tail       Σ max(0, pushed − popped) over the queues with a positive difference
 * @param tailQueues how many queues that is
 * @param backoffs   the consumers' pauses grown by consecutive connection failures (modes.ErrorBackoff), and
 *                   {@code backoffMillis} their planned total
 */
public record TenantsResult(long pushed, long popped, long acked, long emptyPops, long tail, int tailQueues,
        long pushErr, long popErr, long ackErr, long backoffs, long backoffMillis) {}
