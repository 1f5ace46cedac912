package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CmConfig;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.cm.CmResult;
import dev.goload.modes.cm.CmRun;
import dev.goload.pace.NanoClock;
import dev.goload.report.CmConsole;
import dev.goload.report.LoaderLines;
import dev.goload.report.LossLines;
import dev.goload.report.ReconnectLines;
import dev.goload.verify.CmStage;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.CmVerdictFormat;
import dev.goload.verify.CmVerifier;
import dev.goload.verify.LossReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.UUID;

/**
 * {@code -mode cm}: flags → {@link CmConfig} → {@link CmRun} → verifier; or {@code -verify-only} on {@code -logdir}.
 * Exit codes: 0 PASS, 3 verdict FAIL (the reference used 1, indistinguishable from a setup failure), 1 setup failure,
 * 2 bad flags.
 */
public final class CmCommand implements ModeCommand {
    @Override
    public String name() {
        return "cm";
    }


    @Override
    public FlagTable flags() {
        return FlagTables.cm();
    }

    static CmConfig config(ParsedFlags f) {
        return new CmConfig(LoadModeSupport.target(f, -1), f.getInt("properties"), f.getInt("rate-events"),
                f.getInt("ramp-sec"), f.getInt("duration"), f.getBool("pop-wait"), f.getInt("pop-timeout"),
                f.getInt("pop-batch"), f.getInt("pop-partitions"), f.getInt("workers-db"), f.getInt("workers-cal"),
                f.getInt("workers-ota"), f.getInt("push-shards"), f.getInt("push-chan-cap"), f.getInt("db-sleep-min"),
                f.getInt("db-sleep-max"), f.getInt("cal-sleep"), f.getInt("ota-sleep"), f.getInt("dedup-window"),
                f.getInt("completed-retention"), f.getInt("lease-time"), f.getInt("payload-b"), f.getInt("report"),
                f.getInt("ack-inflight"), Path.of(f.getString("logdir")), f.getString("queue-prefix"),
                f.getBool("warmup"), f.getInt("warmup-conc"), f.getBool("final-targeted"),
                f.getBool("intermediate-targeted"), f.getInt("sweep-floor-ms"), f.getInt("push-retries"),
                UUID.randomUUID().toString());
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        if (f.getBool("verify-only")) {
            return verifyOnly(Path.of(f.getString("logdir")), f.getString("queue-prefix"), out, err);
        }
        CmConfig cfg = config(f);
        AttributionOptions attribution = FlagTables.attribution(f);
        CmConsole console = new CmConsole(out);
        console.header(cfg);
        QueenClient client;
        try {
            // one retry layer only: the pushers' own bounded loop, with stable transaction ids
            client = LoadModeSupport.client(cfg.target(), RetryPolicy.NONE);
        } catch (RuntimeException e) {
            err.println("goload: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        try (client; SignalHooks hooks = SignalHooks.stopping(signal, out);
             var monitor = LoadModeSupport.periodicMonitor(f)) {
            RunStage.begin();
            CmRun run = new CmRun(cfg, client, console, NanoClock.SYSTEM).attribution(attribution);
            CmResult r = run.execute(signal);
            var loader = LoadModeSupport.wholeRun(monitor);
            long reconnects = client.stats().reconnects();
            if (r.fin() != null) {
                console.fin(r.fin(), r.e2e(), loader, reconnects, r.errorsByKind());
            } else {
                ReconnectLines.printFinal(out, reconnects);
                LoaderLines.printFinal(out, loader);
            }
            if (r.setupFailure() != null) {
                out.println(r.setupFailure());
                return ExitCodes.SETUP;
            }
            LossReport loss = run.attributeLoss(r);
            if (loss != null) {
                try {
                    LossLines.write(cfg.logdir().resolve(LOSS_FILE), loss);
                } catch (IOException e) {
                    err.println("goload -mode cm: cannot write " + LOSS_FILE + ": " + e.getMessage());
                }
            }
            CmVerdictFormat.print(r.verdict(), loss, out);
            return r.verdict().passed() ? ExitCodes.OK : ExitCodes.VERDICT_FAIL;
        } finally {
            out.flush();
        }
    }

    /** cm's record of the loss attribution, next to the stage logs. */
    static final String LOSS_FILE = "loss-attribution.json";

    static int verifyOnly(Path dir, String prefix, PrintStream out, PrintStream err) {
        CmVerdict v;
        try {
            v = CmVerifier.verifyDir(dir, CmStage.standard(prefix), null);
        } catch (IOException e) {
            err.println("goload -mode cm -verify-only: cannot read " + dir.resolve("produced.meta") + ": " + e.getMessage());
            return ExitCodes.SETUP;
        }
        CmVerdictFormat.print(v, out);
        out.flush();
        return v.passed() ? ExitCodes.OK : ExitCodes.VERDICT_FAIL;
    }
}
