package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AppConfig;
import dev.goload.modes.RunSignal;
import dev.goload.modes.app.AppContext;
import dev.goload.modes.app.AppCounters;
import dev.goload.modes.app.AppResult;
import dev.goload.modes.app.AppRun;
import dev.goload.modes.app.AppSection;
import dev.goload.modes.app.RawLogs;
import dev.goload.modes.run.RunOutcome;
import dev.goload.pace.NanoClock;
import dev.goload.report.AppConsole;
import dev.goload.report.Artifact;
import dev.goload.report.RunRecordWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code -mode app}: flags → {@link AppConfig} → {@link AppRun}. Exit codes (§2.10, changed from the reference's
 * "always 0"): 0 order verdict PASS, 3 FAIL, 1 setup (client, {@code -verify-log} files, raw logs incomplete),
 * 2 flags.
 */
public final class AppCommand implements ModeCommand {
    /** Partitions per group the order checker tracks before evicting the least recently seen. */
    static final int DEFAULT_CHECKER_CAPACITY = 500_000;

    private final AppContext.CheckerTap tap;

    public AppCommand() {
        this(AppContext.CheckerTap.IDENTITY);
    }

    /** With a checker tap: tests inject faults to prove the verdict and exit code can fail. */
    AppCommand(AppContext.CheckerTap tap) {
        this.tap = tap;
    }

    @Override
    public String name() {
        return "app";
    }


    @Override
    public FlagTable flags() {
        return FlagTables.app();
    }

    @Override
    public dev.goload.modes.run.thresholds.MetricCatalog thresholdMetrics() {
        return ModeFigures.catalog(ModeFigures.APP, "qDelay");
    }

    static AppConfig config(ParsedFlags f) {
        int retries = f.getInt("retries");
        long seed = LoadModeSupport.seed(f);
        return new AppConfig(LoadModeSupport.target(f, retries <= 0 ? -1 : retries),
                new AppConfig.Load(f.getInt("target-rate"), f.getInt("producers"), f.getInt("push-batch"),
                        f.getInt("payload-min"), f.getInt("payload-max"), f.getDouble("burst-mult"),
                        f.getDuration("burst-every"), f.getDuration("burst-for")),
                new AppConfig.Topology(f.getString("queue"), f.getString("stage2-queue"), f.getInt("sessions"),
                        f.getDouble("skew"), f.getDouble("session-churn"), f.getInt("completed-retention"),
                        f.getInt("pending-retention"), f.getBool("reset")),
                new AppConfig.Consume(f.getInt("consumer-groups"), f.getInt("consumers-per-group"),
                        f.getInt("pop-batch"), f.getInt("pop-partitions"), f.getBool("pop-wait"),
                        f.getInt("pop-timeout"), f.getInt("empty-sleep")),
                new AppConfig.Work(f.getInt("process-ms"), f.getDouble("process-jitter"), f.getDouble("slow-msg-pct"),
                        f.getInt("slow-msg-ms"), f.getDouble("slow-part-pct"), f.getInt("slow-part-ms"),
                        f.getInt("stage2-process-ms"), f.getInt("stage2-consumers")),
                new AppConfig.Reliability(f.getDouble("fail-pct"), f.getDouble("poison-pct"), f.getInt("retry-limit"),
                        f.getDouble("tx-pct"), f.getInt("lease-time"), f.getBool("renew-lease")),
                new AppConfig.Shape(f.getInt("duration"), f.getInt("report"), f.getInt("producer-seconds"),
                        f.getInt("drain-quiet"), f.getString("verify-log"), LoadModeSupport.run(f, "app").runId(),
                        f.getInt("checker-capacity"), seed));
    }

    /**
     * Why app cannot be split: its consumer groups and stage-2 drainers pop the whole queue (any partition, long
     * poll), so a shard's consumers would take other shards' sessions, and its order verdict and e2e latency would
     * cross loaders.
     */
    static final String SHARD_REFUSAL = "its consumer groups (cg0..) and stage-2 drainers pop any partition of the"
            + " queue, so they cannot be restricted to one shard's sessions (a session's messages would be consumed"
            + " and order-checked on another loader); run app on one loader";

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        if (ShardedModes.refused(f, "app", SHARD_REFUSAL, err)) return ExitCodes.USAGE;
        AppConfig cfg = config(f);
        AppConsole console = new AppConsole(cfg, out);
        console.printHeader();
        RawLogs logs = null;
        if (!cfg.run().verifyLog().isEmpty()) {
            try {
                logs = new RawLogs(Path.of(cfg.run().verifyLog()), cfg.consume().groups());
            } catch (IOException | RuntimeException e) {
                err.println("goload -mode app: cannot create the -verify-log files in " + cfg.run().verifyLog() + ": "
                        + e.getMessage());
                return ExitCodes.SETUP;
            }
        }
        QueenClient client;
        try {
            client = LoadModeSupport.client(cfg.target(), RetryPolicy.fromGoRetryAttempts(cfg.target().retries()));
        } catch (RuntimeException e) {
            err.println("goload: client init failed: " + e.getMessage());
            if (logs != null) logs.close();
            return ExitCodes.SETUP;
        }
        String runId = cfg.run().runId();
        Path dir = f.getString("out").isEmpty() ? Path.of("goload-runs", runId) : Path.of(f.getString("out"));
        RunRecordWriter<AppCounters.Snapshot> record;
        try {
            record = new RunRecordWriter<AppCounters.Snapshot>(dir, RunHeaders.of(f, "app", runId, client, cfg.target().url(),
                    cfg.run().seed()), System.currentTimeMillis()).warnings(err);
        } catch (IOException e) {
            err.println("goload -mode app: cannot create the artifact directory " + dir + ": " + e.getMessage());
            client.close();
            if (logs != null) logs.close();
            return ExitCodes.SETUP;
        }
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, runId, "app",
                f.getInt("duration"), dev.goload.report.ProgressLine.FULL_INTERVALS);
        if (results == null) { // -metrics-addr cannot be bound
            client.close();
            record.close();
            if (logs != null) logs.close();
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        try (client; record; SignalHooks hooks = SignalHooks.stopping(signal, out)) {
            RunStage.begin();
            AppResult result = new AppRun(cfg, client, logs, LoadModeSupport.loaderRules(f),
                    ResultPipeline.with(results.listeners(signal), console, record), NanoClock.SYSTEM, tap).execute(signal);
            RunOutcome o = result.outcome();
            console.printFinal(result, o.loader(), o.reconnects());
            return results.finish(o, ModeFigures.of(result.verdict()), record, AppSection.of(result),
                    artifacts(result), exitCode(result));
        } finally {
            out.flush();
        }
    }

    /** The raw logs of {@code -verify-log} (one per group, and the manifest), when written. */
    private static List<Artifact> artifacts(AppResult r) {
        List<Artifact> a = new ArrayList<>();
        if (r.rawLogDir() == null) return a;
        Path dir = Path.of(r.rawLogDir());
        for (int g = 0; g < r.app().popped().length; g++) {
            a.add(Artifact.of("rawLog", dir.resolve(RawLogs.groupFile(g))));
            a.add(Artifact.of("rawLog", dir.resolve(RawLogs.ackFile(g))));
        }
        a.add(Artifact.of("rawLogManifest", dir.resolve(RawLogs.MANIFEST)));
        return a;
    }

    /** 3 when the order verdict fails, 1 when the raw logs could not be completed, else 0. */
    static int exitCode(AppResult r) {
        if (!r.verdict().pass()) return ExitCodes.VERDICT_FAIL;
        if (r.rawLogError() != null) return ExitCodes.SETUP;
        return ExitCodes.OK;
    }
}
