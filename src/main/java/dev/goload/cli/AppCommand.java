package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AppConfig;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.app.AppContext;
import dev.goload.modes.app.AppInterval;
import dev.goload.modes.app.AppResult;
import dev.goload.modes.app.AppRun;
import dev.goload.modes.app.RawLogs;
import dev.goload.report.AppConsole;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

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

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
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
        RunSignal signal = new RunSignal();
        AppResult result;
        try (client; SignalHooks hooks = SignalHooks.stopping(signal, out);
             var monitor = LoadModeSupport.periodicMonitor(f)) {
            RunStage.begin();
            // the loader's lines go inside the console's final block, before the reference's [final] line
            AppRun.Listener listener = new AppRun.Listener() {
                @Override
                public void onInterval(AppInterval r) {
                    console.onInterval(r);
                }

                @Override
                public void onEnd(AppResult r) {
                    console.printFinal(r, LoadModeSupport.wholeRun(monitor), client.stats().reconnects());
                }
            };
            result = new AppRun(cfg, client, logs, listener, out, dev.goload.pace.NanoClock.SYSTEM, tap)
                    .execute(signal);
        } finally {
            out.flush();
        }
        return exitCode(result);
    }

    /** 3 when the order verdict fails, 1 when the raw logs could not be completed, else 0. */
    static int exitCode(AppResult r) {
        if (!r.verdict().pass()) return ExitCodes.VERDICT_FAIL;
        if (r.rawLogError() != null) return ExitCodes.SETUP;
        return ExitCodes.OK;
    }
}
