package dev.goload.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.client.Retry429Policy;
import dev.goload.client.RetryPolicy;
import dev.goload.config.ConsumerOptions;
import dev.goload.config.OpenLoopConfig;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.config.TargetOptions;
import dev.goload.modes.openloop.OpenLoopProducers;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import dev.goload.pace.NanoClock;
import dev.goload.cli.OpenLoopCommand;
import dev.goload.report.OpenLoopConsole;
import dev.goload.report.RunHeader;
import dev.goload.report.RecordSchema;
import dev.goload.report.RunRecordWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs the real open-loop engine ({@link LoadRun} + {@link OpenLoopProducers} + {@link OpenLoopConsole} +
 * {@link RunRecordWriter}) in-process against a broker URL, with an injectable clock and a hook that sees the
 * producers once they exist. Test-only; one instance per run.
 */
final class OpenLoopRunFixture {
    final String url;
    final Path outDir;
    long rate = 2000;
    int pushBatch = 10;
    int maxInflight = 20_000;
    int behindMillis = 1000;
    int durationSeconds = 2;
    int consumers = 1;
    NanoClock clock = NanoClock.SYSTEM;
    /** Whether the producers take the push loop (where eligible) or the virtual-thread path. */
    boolean pushLoop = dev.goload.client.PushLoop.enabledByEnvironment();
    Consumer<LoadRun.Producers> onProducers = p -> {};
    RunRecordWriter.Opener opener = java.nio.file.Files::newOutputStream;

    /** Every interval the run emitted, the partial last one included. */
    final List<IntervalSnapshot<?>> intervals = new java.util.ArrayList<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    OpenLoopRunFixture(String url, Path outDir) {
        this.url = url;
        this.outDir = outDir;
    }

    OpenLoopConfig config() {
        TargetOptions target = new TargetOptions(url, "", "", 30_000, 64, -1, 1, "off");
        QueueOptions queue = new QueueOptions("engine-test", 4, 300, 0, 0, 0, false);
        ConsumerOptions consumer = new ConsumerOptions(consumers, 200, true, 1, false, 2000, 2, false, false, 256);
        RunOptions run = new RunOptions(durationSeconds, 1, outDir, "run", "test");
        return new OpenLoopConfig(target, queue, consumer, run, rate, pushBatch, maxInflight, 0, "uniform",
                behindMillis, 64, 0, "rotate", false);
    }

    RunResult run() throws IOException, InterruptedException, StartGate.Refused {
        OpenLoopConfig cfg = config();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        QueenClient client = new QueenClient(ClientConfig.of(url).withRetry(RetryPolicy.NONE)
                .withRetry429(Retry429Policy.NONE));
        var setup = new LoadRun.Setup("openloop", cfg.queue(), cfg.consumer(), cfg.run(), false,
                Map.of("leaseTime", 30), LoaderBoundRules.DEFAULTS);
        AtomicReference<LoadRun.Producers> producers = new AtomicReference<>();
        RunHeader header = new RunHeader("run", "openloop", "test", "http1", "test", Map.of("rate", rate), 42L,
                new RunHeader.Broker(url, true, true));
        try (client; RunRecordWriter<Void> record = new RunRecordWriter<>(outDir, header, "run.json",
                System.currentTimeMillis(), opener)) {
            OpenLoopConsole con = new OpenLoopConsole(cfg, out);
            con.printHeader();
            RunResult res = new LoadRun(setup, client, ctx -> {
                var p = new OpenLoopProducers(cfg, ctx, 42, pushLoop);
                producers.set(p);
                onProducers.accept(p);
                return p;
            }, List.of(con, record, new RunListener<Void>() {
                @Override
                public void onInterval(IntervalSnapshot<? extends Void> s) {
                    intervals.add(s);
                }
            }), clock).execute(new RunSignal());
            con.onEnd(res.outcome());
            try {
                record.finish(res.outcome(), OpenLoopCommand.section(cfg), List.of());
            } finally {
                if (java.nio.file.Files.exists(record.recordFile())) {
                    RecordSchema.assertValid(record.recordFile());
                    dev.goload.report.RecordConsistency.assertConsistent(record.recordFile());
                }
            }
            return res;
        }
    }

    String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    List<String> lines() {
        return console().lines().toList();
    }

    JsonNode record() throws IOException {
        return new ObjectMapper().readTree(outDir.resolve("run.json").toFile());
    }
}
