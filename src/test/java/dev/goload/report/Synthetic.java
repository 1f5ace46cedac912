package dev.goload.report;

import dev.goload.config.ConsumerOptions;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.config.TargetOptions;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Synthetic engine values for formatter tests: counters set by name, everything else zero. Test-only. */
final class Synthetic {
    private Synthetic() {}

    /** 2026-07-29 12:00:05 UTC: renders as {@code [12:00:05]}. */
    static final long NOON_05 = Instant.parse("2026-07-29T12:00:05Z").toEpochMilli();

    /** Mutable counter values, turned into a {@link RunCounters.Snapshot}. */
    static final class Counts {
        long offered, sent, achieved, shedCap, shedBehind, pushed, pushErr, itemFailed, popped, popCalls, popErr,
                empty, acked, ackErr, ackCalls, ackMicros;
        Map<String, Long> errors = Map.of();

        RunCounters.Snapshot snapshot() {
            return new RunCounters.Snapshot(offered, sent, achieved, shedCap, shedBehind, pushed, pushErr, itemFailed,
                    0, 0, popped, popCalls, popErr, empty, acked, ackErr, ackCalls, ackMicros, 0, 0, 0, 0, 0, errors);
        }
    }

    static RunCounters.Snapshot counts(Consumer<Counts> set) {
        Counts c = new Counts();
        set.accept(c);
        return c.snapshot();
    }

    static LatencySummary pct(double p50, double p99, double p999) {
        return new LatencySummary(100, p50, p50, p99, p99, p999, p999, p50);
    }

    static final ProcessSampler.Sample LOADER = new ProcessSampler.Sample(0.5, 0.4, 1, 3, 300L << 20, 100L << 20);

    static IntervalSnapshot<Void> interval(double seconds, RunCounters.Snapshot delta, RunCounters.Snapshot total,
                                           int inflight, int live, LatencySummary push, List<String> loaderBound) {
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        lat.put("push", push);
        return new IntervalSnapshot<>("test", 0, "load", false, NOON_05 - (long) (seconds * 1000), NOON_05, seconds,
                seconds, delta, total, lat, inflight, live, LOADER, loaderBound, null);
    }

    static RunOutcome result(RunCounters.Snapshot totals, LatencySummary push, List<String> reasons) {
        Map<String, LatencySummary> lat = new LinkedHashMap<>();
        lat.put("push", push);
        var loader = new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, !reasons.isEmpty(), reasons);
        return new RunOutcome("test", "run", NOON_05 - 60_000, NOON_05, "duration", List.of(), totals, Map.of(), lat,
                Map.of(), loader, null, null, Verdict.NONE, 0, 0, 0);
    }

    static TargetOptions target(int idleConns, int retries) {
        return new TargetOptions("http://127.0.0.1:6632", "", "", 30_000, idleConns, retries, 1, "off");
    }

    static QueueOptions queue() {
        return new QueueOptions("benchq", 100, 300, 0, 0, 0, false);
    }

    static ConsumerOptions consumer(boolean manualAck, boolean ackAsync) {
        return new ConsumerOptions(150, 200, true, 1, false, 2000, 2, manualAck, ackAsync, 256);
    }

    static RunOptions run() {
        return new RunOptions(0, 5, Path.of("unused"), "run", "goload -mode test");
    }

    /** Collects what a formatter prints. */
    static final class Out {
        final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        final PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);

        List<String> lines() {
            return buf.toString(StandardCharsets.UTF_8).lines().toList();
        }

        String text() {
            return buf.toString(StandardCharsets.UTF_8);
        }
    }
}
