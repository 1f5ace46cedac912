package dev.goload.config;

import java.nio.file.Path;
import java.util.List;

/**
 * A ceiling ladder: the offered rates to step through and what decides where it stops (docs/cell-rig.md).
 *
 * @param rates          offered msg/s per point, ascending
 * @param durationSec    load phase per point
 * @param drainSec       drain per point; long enough that a partition going quiet for ~30 s is not loss
 * @param outDir         where every point's files and the capacity curve go
 * @param runPrefix      run ids are {@code <runPrefix>-<rate>}
 * @param resetCommand   run before every point (empty = none); a failure stops the ladder
 * @param pointWrapper   wraps each point ({@code runpt.sh}), called as {@code wrapper… <out> <id> -- <loader args…>};
 *                       empty = run the loader directly (no cell CPU/PostgreSQL series)
 * @param loaderArgs     the loader's shape arguments (mode, target, tenants…); the ladder adds rate, duration,
 *                       drain, out and run id
 * @param achievedRatio  a point whose achieved pop rate is below this fraction of offered stops the ladder
 * @param p99LimitMs     a point whose end-to-end p99 exceeds this stops the ladder
 * @param backlogLimitSec a point ending its load phase with more than this many seconds of offered load still
 *                       queued (pushed − popped) stops the ladder: the backlog grows
 * @param warmupSec      steady window cut at the start of the load phase for cell CPU and commits
 * @param stopOnVoid     stop at the first void (loader-bound) point instead of marking it and going on
 */
public record LadderConfig(List<Long> rates, int durationSec, int drainSec, Path outDir, String runPrefix,
        List<String> resetCommand, List<String> pointWrapper, List<String> loaderArgs, double achievedRatio,
        double p99LimitMs, double backlogLimitSec, int warmupSec, boolean stopOnVoid) {

    public LadderConfig {
        rates = List.copyOf(rates);
        resetCommand = List.copyOf(resetCommand);
        pointWrapper = List.copyOf(pointWrapper);
        loaderArgs = List.copyOf(loaderArgs);
        if (rates.isEmpty()) throw new IllegalArgumentException("no rates: give -rates or -start/-step/-steps");
        for (int i = 0; i < rates.size(); i++) {
            if (rates.get(i) <= 0) throw new IllegalArgumentException("rates must be > 0");
            if (i > 0 && rates.get(i) <= rates.get(i - 1)) throw new IllegalArgumentException("rates must ascend");
        }
        if (durationSec <= 0) throw new IllegalArgumentException("-duration must be > 0");
        if (drainSec < 0) throw new IllegalArgumentException("-drain must be >= 0");
        if (!(achievedRatio > 0 && achievedRatio <= 1)) throw new IllegalArgumentException("-achieved-ratio must be in (0, 1]");
        if (!(p99LimitMs > 0)) throw new IllegalArgumentException("-p99-limit-ms must be > 0");
        if (!(backlogLimitSec > 0)) throw new IllegalArgumentException("-backlog-limit-sec must be > 0");
        if (warmupSec < 0) throw new IllegalArgumentException("-warmup must be >= 0");
        if (runPrefix.isBlank() || !runPrefix.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("-run-prefix must be [A-Za-z0-9._-]+");
        }
    }

    /** The run id of the point at {@code rate}. */
    public String runId(long rate) {
        return runPrefix + "-" + rate;
    }
}
