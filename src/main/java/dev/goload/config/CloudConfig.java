package dev.goload.config;

import java.nio.file.Path;

/**
 * Everything a {@code -mode cloud} run needs (goload-behavior.md §2.3), validated. Holds no secrets: API keys
 * live only in the tenants file and in the per-tenant clients built from it.
 *
 * @param target            {@code proxy} or {@code broker}
 * @param tenants           first N tenants of the file (0 = all); broker target without a file: synthesized count
 * @param rate              total offered msg/s (used when {@code perTenantRate <= 0})
 * @param activeFraction    fraction of partitions that receive pushes
 * @param retry429Attempts  1 = surface every 429 at once; n &gt; 1 bounded backoff; 0 = SDK kind defaults
 * @param fault             the {@code -fault} text (parsed by {@code FaultPlan})
 * @param rampSeconds       linear ramp of each tenant's offered rate (goload-Java addition; 0 = the reference)
 * @param behindMillis      lateness beyond which due requests are shed as {@code behind} (addition)
 * @param popAutopilot      pop wire shape {@code off}/{@code on} (addition)
 * @param idleTimeoutMs     {@code -idle-timeout}: every tenant client closes pooled sockets idle this long instead of
 *                          reusing them (addition; 0 = no limit)
 * @param rateTenants       the tenant count a total {@code -rate} is divided over: on a shard the whole run's tenants
 *                          (more than this loader drives, so each tenant keeps the rate it has in one loader and the
 *                          shards' parts sum to {@code -rate}); 0 = the tenants this loader drives
 */
public record CloudConfig(String target, String url, String tenantsFile, int tenants, boolean brokerTenantHeader,
                          boolean sharedQueue, String queue, String group, int partitions, long rate,
                          double perTenantRate, int pushBatch, int producersPerTenant, int maxInflight,
                          int consumersPerTenant, int popBatch, boolean popWait, int popTimeoutMs, int popPartitions,
                          double activeFraction, boolean autoAck, int emptySleepMs, int payloadBytes, int durationSec,
                          int drainSec, int reportSec, int timeoutMs, int idleConns, int retry429Attempts, int retries,
                          int completedRetentionSec, int pendingRetentionSec, int leaseTimeSec, int dedupWindowSec,
                          int minPopWaitMs, boolean skipConfigure, boolean verify, boolean failOnVerify, String fault,
                          Path outDir, String runId, String note, double rampSeconds, int behindMillis,
                          String popAutopilot, int idleTimeoutMs, int rateTenants) {

    /** Extra drain beyond the lease time when faults are on, so a dropped ack surfaces as a redelivery. */
    public static final int FAULT_DRAIN_MARGIN_SEC = 5;

    public CloudConfig {
        if (!target.equals("proxy") && !target.equals("broker")) {
            throw new IllegalArgumentException("-target must be proxy or broker (got \"" + target + "\")");
        }
        if (pushBatch <= 0) {
            throw new IllegalArgumentException("-push-batch must be > 0");
        }
        PushBodyLimit.check("-payload " + payloadBytes + " with -push-batch " + pushBatch, payloadBytes, pushBatch);
        if (popBatch < 0) {
            throw new IllegalArgumentException("-pop-batch must be >= 0 (0 = let the broker size it)");
        }
        if (rate <= 0 && perTenantRate <= 0) {
            throw new IllegalArgumentException("set -rate (total msg/s) or -per-tenant-rate");
        }
        if (maxInflight <= 0) {
            throw new IllegalArgumentException("-max-inflight must be > 0");
        }
        if (consumersPerTenant < 0) {
            throw new IllegalArgumentException("-consumers-per-tenant must be >= 0");
        }
        if (durationSec <= 0 || reportSec <= 0 || drainSec < 0) {
            throw new IllegalArgumentException("-duration and -report must be > 0, -drain >= 0");
        }
        if (retry429Attempts < 0) {
            throw new IllegalArgumentException("-retry429-attempts must be >= 0 (0 = SDK kind defaults)");
        }
        if (!(activeFraction > 0) || activeFraction > 1) {
            throw new IllegalArgumentException("-active-fraction must be in (0, 1]");
        }
        if (rampSeconds < 0 || behindMillis <= 0) {
            throw new IllegalArgumentException("-ramp-sec must be >= 0 and -behind-ms > 0");
        }
        if (idleTimeoutMs < 0) {
            throw new IllegalArgumentException("-idle-timeout must be >= 0");
        }
        if (rateTenants < 0) {
            throw new IllegalArgumentException("rateTenants must be >= 0");
        }
        producersPerTenant = Math.max(1, producersPerTenant);
    }

    /** This configuration with a total {@code -rate} divided over {@code n} tenants (a shard's: the whole run's). */
    public CloudConfig withRateTenants(int n) {
        return new CloudConfig(target, url, tenantsFile, tenants, brokerTenantHeader, sharedQueue, queue, group,
                partitions, rate, perTenantRate, pushBatch, producersPerTenant, maxInflight, consumersPerTenant,
                popBatch, popWait, popTimeoutMs, popPartitions, activeFraction, autoAck, emptySleepMs, payloadBytes,
                durationSec, drainSec, reportSec, timeoutMs, idleConns, retry429Attempts, retries,
                completedRetentionSec, pendingRetentionSec, leaseTimeSec, dedupWindowSec, minPopWaitMs, skipConfigure,
                verify, failOnVerify, fault, outDir, runId, note, rampSeconds, behindMillis, popAutopilot,
                idleTimeoutMs, n);
    }

    /**
     * Offered msg/s per tenant: {@code -per-tenant-rate}, or {@code -rate} over the run's tenants
     * ({@link #rateTenants()} when set, else {@code tenantCount}, the tenants this loader drives).
     */
    public double perTenantMsgRate(int tenantCount) {
        return perTenantRate > 0 ? perTenantRate : rate / (double) (rateTenants > 0 ? rateTenants : tenantCount);
    }

    /** Push requests/s of one producer. */
    public double perProducerRps(int tenantCount) {
        return perTenantMsgRate(tenantCount) / pushBatch / producersPerTenant;
    }

    /** Partitions per queue (≤ 1 means the single {@code Default} partition). */
    public int partitionSpace() {
        return Math.max(1, partitions);
    }

    /** Partitions that receive pushes: {@code max(1, ceil(partitions·f))} for 0 &lt; f &lt; 1. */
    public int activePartitions() {
        int space = partitionSpace();
        return activeFraction < 1 ? Math.max(1, (int) Math.ceil(space * activeFraction)) : space;
    }

    /** Idle connections per tenant client: the flag, or consumers + inflight share + 4, capped at 512. */
    public int idleConnsPerClient(int tenantCount) {
        if (idleConns > 0) {
            return idleConns;
        }
        return Math.min(512, consumersPerTenant + maxInflight / Math.max(1, tenantCount) + 4);
    }

    /** The drain actually used: with faults on, at least leaseTime + margin (spec §8 #14). */
    public int effectiveDrainSec(boolean faultsOn) {
        return faultsOn ? Math.max(drainSec, leaseTimeSec + FAULT_DRAIN_MARGIN_SEC) : drainSec;
    }

    /** The queue tenant {@code idx} pushes to and pops from. */
    public String queueFor(int idx) {
        return sharedQueue ? queue : String.format(java.util.Locale.ROOT, "%s-t%04d", queue, idx);
    }
}
