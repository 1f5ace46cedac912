package dev.goload.config;

import java.time.Duration;

/**
 * A {@code -mode app} run (goload-behavior.md §2.8): a closed-loop, application-shaped workload. Immutable; the
 * nested records group the flags as the reference's header lines do.
 */
public record AppConfig(TargetOptions target, Load load, Topology topo, Consume consume, Work work,
                        Reliability reliab, Shape run) {

    /**
     * @param targetRate total push msg/s; 0 = unpaced closed loop (each producer pushes as fast as its own
     *                   responses return — <em>not</em> an open loop)
     */
    public record Load(int targetRate, int producers, int pushBatch, int payloadMin, int payloadMax,
                       double burstMult, Duration burstEvery, Duration burstFor) {}

    public record Topology(String queue, String stage2Queue, int sessions, double skew, double churnPerMinute,
                           int completedRetention, int pendingRetention, boolean reset) {}

    /** @param consumersPerGroup 0 = auto (see {@link AppConfig#consumersPerGroup()}) */
    public record Consume(int groups, int consumersPerGroup, int popBatch, int popPartitions, boolean popWait,
                          int popTimeoutMs, int emptySleepMs) {}

    public record Work(int processMs, double jitter, double slowMsgPct, int slowMsgMs, double slowPartPct,
                       int slowPartMs, int stage2ProcessMs, int stage2Consumers) {}

    public record Reliability(double failPct, double poisonPct, int retryLimit, double txPct, int leaseSeconds,
                              boolean renewLease) {}

    /**
     * @param verifyLog    directory for the raw logs, "" = none
     * @param checkerCapacity partitions the order checker tracks per group before evicting the least recent
     * @param seed         seeds every random choice of the run (sessions, payload sizes, fail/poison/slow draws)
     */
    public record Shape(int durationSeconds, int reportSeconds, int producerSeconds, int drainQuietSeconds,
                        String verifyLog, String runId, int checkerCapacity, long seed) {}

    public AppConfig {
        if (load.pushBatch() <= 0) throw new IllegalArgumentException("-push-batch must be > 0");
        if (load.producers() <= 0) throw new IllegalArgumentException("-producers must be > 0");
        if (topo.sessions() <= 0) throw new IllegalArgumentException("-sessions must be > 0");
        if (load.targetRate() < 0) throw new IllegalArgumentException("-target-rate must be >= 0 (0 = unpaced)");
        if (consume.groups() <= 0) throw new IllegalArgumentException("-consumer-groups must be > 0");
        if (consume.popBatch() <= 0) throw new IllegalArgumentException("-pop-batch must be > 0");
        if (load.payloadMin() < 0 || load.payloadMax() < load.payloadMin()) {
            throw new IllegalArgumentException("-payload-min must be >= 0 and <= -payload-max");
        }
        PushBodyLimit.check("-payload-max " + load.payloadMax() + " with -push-batch " + load.pushBatch(),
                load.payloadMax(), load.pushBatch());
        if (reliab.leaseSeconds() <= 0) throw new IllegalArgumentException("-lease-time must be > 0");
        if (reliab.retryLimit() < 0) throw new IllegalArgumentException("-retry-limit must be >= 0");
        if (run.reportSeconds() <= 0) throw new IllegalArgumentException("-report must be > 0");
        if (run.checkerCapacity() < 1) throw new IllegalArgumentException("-checker-capacity must be > 0");
        if (consume.consumersPerGroup() < 0 || work.stage2Consumers() < 0) {
            throw new IllegalArgumentException("-consumers-per-group and -stage2-consumers must be >= 0");
        }
        for (double pct : new double[] {reliab.failPct(), reliab.poisonPct(), reliab.txPct(), work.slowMsgPct(),
                work.slowPartPct()}) {
            if (pct < 0 || pct > 100) {
                throw new IllegalArgumentException("percentages (-fail-pct, -poison-pct, -tx-pct, -slow-msg-pct,"
                        + " -slow-part-pct) must be in 0..100");
            }
        }
        if (load.burstMult() != 1.0 && (load.burstEvery().isNegative() || load.burstEvery().isZero())) {
            throw new IllegalArgumentException("-burst-every must be > 0 when -burst-mult != 1");
        }
    }

    /** Producers actually started: never more than sessions, so every partition keeps a single writer. */
    public int effectiveProducers() {
        return Math.min(load.producers(), topo.sessions());
    }

    /** Mean per-message work (ms): (1−slow%)·process + slow%·slowMsg + slowPart%·slowPart, as the reference. */
    public double meanProcessMs() {
        double slow = work.slowMsgPct() / 100.0;
        return (1 - slow) * work.processMs() + slow * work.slowMsgMs() + work.slowPartPct() / 100.0 * work.slowPartMs();
    }

    /** Consumers per group: the flag, or clamp(ceil(rate × meanProc/1000 × 1.5), 16, 5000) (rate 50000 if 0). */
    public int consumersPerGroup() {
        if (consume.consumersPerGroup() > 0) return consume.consumersPerGroup();
        double rate = load.targetRate() > 0 ? load.targetRate() : 50_000;
        long n = (long) Math.ceil(rate * meanProcessMs() / 1000.0 * 1.5);
        return (int) Math.max(16, Math.min(5000, n));
    }

    /** Group name of index {@code g}: {@code cg<g>}; {@code cg0} is the primary (transactions). */
    public static String groupName(int g) {
        return "cg" + g;
    }
}
