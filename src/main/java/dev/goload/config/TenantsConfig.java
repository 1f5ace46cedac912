package dev.goload.config;

/**
 * {@code -mode tenants} (goload-behavior.md §2.7): T tenants × Q queues with parked long-poll consumers and
 * per-tenant traffic alternating between a high and a low rate. A "tenant" is only a queue-name prefix here.
 */
public record TenantsConfig(String url, int tenants, int queuesPerTenant, int consumersPerQueue, int phaseHigh,
        int phaseLow, int phaseSec, boolean stagger, boolean idleOnly, int payload, int popBatch, int popTimeoutMs,
        int durationSec, int reportSec, int provisionConc, int idleConns, int timeoutMs) {

    /** Longest the final wait for consumer/producer tasks may take (the reference waits without bound, §8 #20). */
    public static final int FINAL_WAIT_MS = 15_000;

    public TenantsConfig {
        if (tenants < 1 || queuesPerTenant < 1 || consumersPerQueue < 0) {
            throw new IllegalArgumentException("-tenants and -queues-per-tenant must be >= 1, -consumers-per-queue >= 0");
        }
        if (phaseHigh < 0 || phaseLow < 0 || phaseSec < 1) {
            throw new IllegalArgumentException("-phase-high/-phase-low must be >= 0 and -phase-sec >= 1");
        }
        if (payload < 0 || popBatch < 1 || popTimeoutMs < 0 || durationSec < 1 || reportSec < 1 || provisionConc < 1) {
            throw new IllegalArgumentException("-payload >= 0, -pop-batch >= 1, -pop-timeout >= 0, -duration >= 1,"
                    + " -report >= 1 and -provision-conc >= 1 are required");
        }
        PushBodyLimit.check("-payload " + payload, payload, 1); // one message per push
    }

    public int queues() {
        return tenants * queuesPerTenant;
    }

    public static String queueName(int tenant, int q) {
        return String.format(java.util.Locale.ROOT, "t%04d-q%d", tenant, q);
    }
}
