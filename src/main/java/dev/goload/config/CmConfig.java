package dev.goload.config;

import java.nio.file.Path;

/**
 * Everything a {@code cm} run needs (goload-behavior.md §2.6), validated. Immutable.
 *
 * @param pushRetries attempts per push (producer and derived) before giving up; ids are stable across attempts
 * @param runNonce    mixed into every transaction id, so ids are stable within a run and distinct across runs
 */
public record CmConfig(TargetOptions target, int properties, int rateEvents, int rampSec, int durationSec,
                       boolean popWait, int popTimeoutMs, int popBatch, int popPartitions, int workersDb,
                       int workersCal, int workersOta, int pushShards, int pushChanCap, int dbSleepMin, int dbSleepMax,
                       int calSleep, int otaSleep, int dedupWindow, int completedRetention, int leaseTime,
                       int payloadBytes, int reportSec, int ackInflight, Path logdir, String queuePrefix,
                       boolean warmup, int warmupConc, boolean finalTargeted, boolean intermediateTargeted,
                       int sweepFloorMs, int pushRetries, String runNonce) {

    public CmConfig {
        if (properties <= 0) throw new IllegalArgumentException("-properties must be > 0");
        if (rateEvents <= 0) throw new IllegalArgumentException("-rate-events must be > 0");
        if (rampSec < 0 || durationSec < 0) throw new IllegalArgumentException("-ramp-sec and -duration must be >= 0");
        if (popBatch <= 0) throw new IllegalArgumentException("-pop-batch must be > 0");
        if (pushShards <= 0 || pushChanCap <= 0) throw new IllegalArgumentException("-push-shards and -push-chan-cap must be > 0");
        if (dbSleepMin < 0 || dbSleepMax < dbSleepMin || calSleep < 0 || otaSleep < 0) {
            throw new IllegalArgumentException("work sleeps must be >= 0 and -db-sleep-max >= -db-sleep-min");
        }
        if (reportSec <= 0 || ackInflight <= 0 || warmupConc <= 0) {
            throw new IllegalArgumentException("-report, -ack-inflight and -warmup-conc must be > 0");
        }
        if (pushRetries <= 0) throw new IllegalArgumentException("-push-retries must be > 0");
        if (sweepFloorMs < 0) throw new IllegalArgumentException("-sweep-floor-ms must be >= 0");
        PushBodyLimit.check("-payload-b " + payloadBytes, payloadBytes, 1); // one event per push
    }

    /** Flow A gets floor(r/2) events/s (may be 0 when r = 1: that flow then produces nothing). */
    public int rateA() {
        return rateEvents / 2;
    }

    public int rateB() {
        return rateEvents - rateA();
    }

    public int shards() {
        return Math.min(pushShards, properties);
    }

    /** The reference's executor sizing: {@code max(4, ceil(rate × sleep_ms/1000 × 1.5))} unless given. */
    public int executorDb() {
        return workersDb > 0 ? workersDb : autoExecutor(rateA(), (dbSleepMin + dbSleepMax) / 2.0);
    }

    public int executorCal() {
        return workersCal > 0 ? workersCal : autoExecutor(rateB(), calSleep);
    }

    public int executorOta() {
        return workersOta > 0 ? workersOta : autoExecutor(rateA(), otaSleep);
    }

    private static int autoExecutor(int rate, double sleepMs) {
        return (int) Math.max(4, Math.ceil(rate * sleepMs / 1000 * 1.5));
    }

    /** Pop workers of a stage fed at {@code rate}: {@code max(8, ceil(rate / popBatch × 0.15 × 2))}. */
    public int popWorkers(int rate) {
        return (int) Math.max(8, Math.ceil(rate / (double) popBatch * 0.15 * 2));
    }

    public String queue(String base) {
        return queuePrefix + base;
    }
}
