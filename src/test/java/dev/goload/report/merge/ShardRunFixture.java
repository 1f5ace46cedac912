package dev.goload.report.merge;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.IntervalReporter;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Shard runs for merge tests: the real reporter and record writer on a manual clock, no broker. */
public final class ShardRunFixture {
    private static final long SEC = 1_000_000_000L;
    public static final long T0_MS = 1_764_590_400_000L; // 2025-12-01T12:00:00Z

    private ShardRunFixture() {}

    /** One shard's run: 4 full 1 s intervals and a partial last one of 0.4 s, each recording its own values. */
    public static Path run(Path tmp, int index, int count, long seed, LatencyRecorder alsoInto,
                           RunCounters alsoCounters, String fingerprintFlag, Verdict verdict) throws Exception {
        AtomicLong now = new AtomicLong(5 * SEC + index * 1_000_000L); // each shard's monotonic origin differs
        RunCounters counters = new RunCounters();
        RunRecorders recorders = new RunRecorders();
        String runId = "soak-1";
        Path dir = tmp.resolve("shard-" + index + "-" + seed);
        RunHeader header = new RunHeader(runId, "openloop", "test", "http1", "goload -mode openloop …",
                Map.of("rate", fingerprintFlag, "report", 1, "shard", index + "/" + count), null,
                new RunHeader.Broker("http://127.0.0.1:1", true, true));
        // the reporter runs on a manual clock: the monitor measures no CPU over it (this JVM's real CPU over a few real
        // microseconds per interval made a shard loader-bound)
        try (LoaderMonitor monitor = new LoaderMonitor(LoaderBoundRules.DEFAULTS, new LatencyRecorder("hiccup"),
                new ProcessSampler(() -> 0, now::get));
             RunRecordWriter<Void> writer = new RunRecordWriter<>(dir, header, runId + ".json",
                     T0_MS + index, java.nio.file.Files::newOutputStream)) {
            writer.shard(index, count, T0_MS, 0.25 * index, "http://127.0.0.1:7070");
            // the shard's clock: its epoch origin is T0 (+index ms of skew) when the monotonic clock reads `start`
            long start = now.get();
            dev.goload.pace.NanoClock clock = now::get;
            IntervalReporter<Void> rep = new IntervalReporter<>("openloop", clock, counters, recorders, monitor,
                    new IntervalReporter.Probe<>() {}, List.of(writer), (stop, nanos) -> {
                        now.addAndGet(nanos);
                        return false;
                    });
            rep.begin(start, SEC);
            SplittableRandom r = new SplittableRandom(seed);
            RunSignal run = new RunSignal();
            for (int k = 0; k < 5; k++) {
                int n = 200 + r.nextInt(300);
                for (int i = 0; i < n; i++) {
                    long v = 100 + (long) (Math.abs(r.nextGaussian()) * 2_000 * (index + 1));
                    recorders.push.record(v);
                    recorders.service.record(v);
                    alsoInto.record(v);
                }
                counters.offeredReq.add(n);
                counters.sentReq.add(n);
                counters.achievedReq.add(n);
                counters.pushedMsgs.add(n * 10L);
                alsoCounters.offeredReq.add(n);
                alsoCounters.achievedReq.add(n);
                alsoCounters.pushedMsgs.add(n * 10L);
                if (k < 4) {
                    rep.runUntil(start + (k + 1) * SEC, "load", run);
                } else {
                    now.addAndGet(400_000_000L);
                }
            }
            rep.finish("drain");
            RunOutcome o = rep.outcome(runId, "duration", null, null, 0).withVerdict(verdict);
            writer.finish(o, Map.of("activePartitions", 10, "pushBatch", 10, "arrival", "uniform"), List.of());
            return writer.recordFile();
        }
    }

}
