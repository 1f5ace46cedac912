package dev.goload.modes.run.thresholds;

import static dev.goload.modes.run.thresholds.Dimension.CORES;
import static dev.goload.modes.run.thresholds.Dimension.COUNT;
import static dev.goload.modes.run.thresholds.Dimension.RATE;
import static dev.goload.modes.run.thresholds.Dimension.RATIO;
import static dev.goload.modes.run.thresholds.Dimension.TIME;

import dev.goload.metrics.RunCounters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The metrics every mode has, read from {@link dev.goload.modes.run.RunOutcome}: the common counters (requests for
 * offered/sent/achieved/shed, messages for pushed/popped/acked, in the record's {@code counters} vocabulary), rates
 * and ratios of them, and whole-run figures of the loader. Latencies are {@link MetricCatalog}'s {@code <tag>.<stat>}.
 */
final class CommonMetrics {
    private CommonMetrics() {}

    /** {@link dev.goload.metrics.RunRecorders}' common tags, in its order. */
    static final List<String> TAGS = List.of("push", "service", "failed", "lateness", "queue", "e2e", "ack", "hiccup");

    static Map<String, Metric> all() {
        Map<String, Metric> m = new LinkedHashMap<>();
        count(m, "offered", RunCounters.Snapshot::offeredReq);
        count(m, "sent", RunCounters.Snapshot::sentReq);
        count(m, "achieved", RunCounters.Snapshot::achievedReq);
        count(m, "shed", RunCounters.Snapshot::shedReq);
        count(m, "shed.cap", RunCounters.Snapshot::shedCapReq);
        count(m, "shed.behind", RunCounters.Snapshot::shedBehindReq);
        count(m, "canceled", RunCounters.Snapshot::pushCanceledReq);
        count(m, "pushed", RunCounters.Snapshot::pushedMsgs);
        count(m, "popped", RunCounters.Snapshot::popped);
        count(m, "acked", RunCounters.Snapshot::acked);
        count(m, "failed", RunCounters.Snapshot::pushErrReq);
        count(m, "errors.push", RunCounters.Snapshot::pushErrReq);
        count(m, "errors.pop", RunCounters.Snapshot::popErr);
        count(m, "errors.ack", RunCounters.Snapshot::ackErr);
        count(m, "errors.configure", s -> family(s, "configure."));
        count(m, "items.failed", RunCounters.Snapshot::itemFailed);
        count(m, "items.duplicate", RunCounters.Snapshot::itemDuplicate);
        count(m, "items.buffered", RunCounters.Snapshot::itemBuffered);
        count(m, "pops", RunCounters.Snapshot::popCalls);
        count(m, "pops.empty", RunCounters.Snapshot::emptyPops);
        count(m, "acks", RunCounters.Snapshot::ackCalls);
        count(m, "backoffs", RunCounters.Snapshot::backoffs);
        live(m, "lag", COUNT, f -> Metric.of(f.levels().pushedMsgs() - f.levels().popped()));
        live(m, "errors.rate", RATIO, f -> Metric.ratio(f.counts().pushErrReq(), f.counts().sentReq()));
        live(m, "shed.rate", RATIO, f -> Metric.ratio(f.counts().shedReq(), f.counts().offeredReq()));
        live(m, "offered.rate", RATE, f -> Metric.perSecond(f.counts().offeredReq(), f.seconds()));
        live(m, "achieved.rate", RATE, f -> Metric.perSecond(f.counts().achievedReq(), f.seconds()));
        live(m, "pushed.rate", RATE, f -> Metric.perSecond(f.counts().pushedMsgs(), f.seconds()));
        live(m, "popped.rate", RATE, f -> Metric.perSecond(f.counts().popped(), f.seconds()));
        whole(m, "duration", TIME, f -> Metric.of(f.outcome().seconds() * 1000));
        whole(m, "inflight.end", COUNT, f -> Metric.of(f.outcome().inflightAtEnd()));
        whole(m, "reconnects", COUNT, f -> Metric.of(f.outcome().reconnects()));
        whole(m, "loader.bound", COUNT, f -> Metric.of(f.outcome().loader().loaderBound() ? 1 : 0));
        whole(m, "loader.cpu.avg", CORES, f -> Metric.of(f.outcome().loader().cpuCoresAvg()));
        whole(m, "loader.cpu.max", CORES, f -> Metric.of(f.outcome().loader().cpuCoresMax()));
        whole(m, "loader.gc.count", COUNT, f -> Metric.of(f.outcome().loader().gcPauses()));
        whole(m, "loader.gc.ms", TIME, f -> Metric.of(f.outcome().loader().gcPauseMs()));
        return m;
    }

    /** A counter, read from the run's (or the interval's) common counters. */
    private static void count(Map<String, Metric> m, String name, ToLongFunction<RunCounters.Snapshot> c) {
        live(m, name, COUNT, f -> Metric.of(c.applyAsLong(f.counts())));
    }

    private static void live(Map<String, Metric> m, String name, Dimension d, Function<Figures, OptionalDouble> r) {
        m.put(name, new Metric(name, d, true, r));
    }

    private static void whole(Map<String, Metric> m, String name, Dimension d, Function<Figures, OptionalDouble> r) {
        m.put(name, new Metric(name, d, false, r));
    }

    /** Failed calls of one error family ({@code configure.}), summed over kinds but {@code canceled} (no failure). */
    private static long family(RunCounters.Snapshot s, String prefix) {
        long n = 0;
        for (Map.Entry<String, Long> e : s.errorsByKind().entrySet()) {
            if (e.getKey().startsWith(prefix) && !e.getKey().equals(prefix + "canceled")) n += e.getValue();
        }
        return n;
    }
}
