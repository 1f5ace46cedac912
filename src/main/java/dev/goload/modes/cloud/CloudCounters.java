package dev.goload.modes.cloud;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Cloud's own counters, beside the common {@link dev.goload.metrics.RunCounters} every mode shares
 * (goload-behavior.md §2.3 "Counters"): the reference's attempt counts ({@code popReqs}, {@code ackReqs}: every call
 * made, where the common {@code popCalls}/{@code ackCalls} count the answered ones), deliveries of another tenant's
 * messages and deliveries without a stamp, and the live tasks (the reference's {@code gor}). Per-tenant figures live in
 * each tenant's {@link TenantState}.
 *
 * <p>Threading: increments from any thread (striped adders); snapshots from the reporter.
 */
public final class CloudCounters {
    public final LongAdder popReqs = new LongAdder();
    public final LongAdder ackReqs = new LongAdder();
    public final LongAdder crossTenant = new LongAdder();
    public final LongAdder undecodable = new LongAdder();
    public final AtomicInteger liveTasks = new AtomicInteger();

    /** Cumulative values at one instant (an interval's mode part, {@code IntervalSnapshot.mode()}). */
    public record Snapshot(long popReqs, long ackReqs, long crossTenant, long undecodable) {}

    public Snapshot snapshot() {
        return new Snapshot(popReqs.sum(), ackReqs.sum(), crossTenant.sum(), undecodable.sum());
    }
}
