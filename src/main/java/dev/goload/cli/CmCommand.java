package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CmConfig;
import dev.goload.config.ShardOptions;
import dev.goload.modes.RunSignal;
import dev.goload.modes.cm.CmResult;
import dev.goload.modes.cm.CmRun;
import dev.goload.modes.cm.CmShardPart;
import dev.goload.modes.cm.CmSnapshot;
import dev.goload.modes.run.RunOutcome;
import dev.goload.report.Artifact;
import dev.goload.pace.NanoClock;
import dev.goload.report.CmConsole;
import dev.goload.report.CmVerdictFormat;
import dev.goload.report.LossLines;
import dev.goload.report.RunRecordWriter;
import dev.goload.verify.CmStage;
import dev.goload.verify.CmVerdict;
import dev.goload.verify.CmVerifier;
import dev.goload.verify.LossReport;
import dev.goload.verify.ProducedMeta;
import dev.goload.verify.StageAckErrors;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    @Override
    public dev.goload.modes.run.thresholds.MetricCatalog thresholdMetrics() {
        return ModeFigures.catalog(ModeFigures.CM);
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
        ShardOptions shards = ShardedModes.parse(f, "cm", err);
        if (shards == null) return ExitCodes.USAGE;
        if (shards.sharded() && !(f.getBool("final-targeted") && f.getBool("intermediate-targeted"))) {
            err.println("goload -mode cm: " + WILDCARD_REFUSAL);
            return ExitCodes.USAGE;
        }
        CmConfig cfg = config(f);
        AttributionOptions attribution = FlagTables.attribution(f);
        String runId = LoadModeSupport.run(f, "cm").runId();
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
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, runId, "cm",
                f.getInt("duration"), dev.goload.report.ProgressLine.FULL_INTERVALS);
        if (results == null) { // -metrics-addr cannot be bound
            client.close();
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        RunRecordWriter<CmSnapshot> record;
        try {
            // the record sits beside the stage logs under a name the reference never writes
            record = new RunRecordWriter<>(cfg.logdir(), RunHeaders.of(f, "cm", runId, client, cfg.target().url(), null),
                    runId + ".json", System.currentTimeMillis(), java.nio.file.Files::newOutputStream);
        } catch (IOException e) {
            // the setup failure the run itself would report: nothing can be written in -logdir
            out.println("cannot open the stage logs in " + cfg.logdir() + ": " + e.getMessage());
            client.close();
            return ExitCodes.SETUP;
        }
        ShardedStart start;
        try {
            // shard 0 serves the barrier from now on, so shards that get ready first can already register
            start = ShardedStart.open(shards, out);
        } catch (IOException | RuntimeException e) {
            // a malformed address is the command line's fault, a port in use the host's
            err.println("goload -mode cm: cannot serve the start barrier on " + shards.coordinateListen() + ": "
                    + e.getMessage());
            client.close();
            record.close();
            return e instanceof IllegalArgumentException ? ExitCodes.USAGE : ExitCodes.SETUP;
        }
        record.warnings(err).shardFrom(start::record);
        try (client; record; start; SignalHooks hooks = SignalHooks.stopping(signal, out)) {
            RunStage.begin();
            CmRun run = new CmRun(cfg, client, runId, LoadModeSupport.loaderRules(f), ResultPipeline.with(results.listeners(signal), console, record),
                    NanoClock.SYSTEM).attribution(attribution).sharded(new CmShardPart(shards.shard()))
                    .startGate(start.gate(runId, f.values()));
            CmResult r = run.execute(signal);
            start.record(record);
            RunOutcome o = r.outcome();
            if (r.fin() != null) {
                console.fin(r.fin(), o.latency("e2e"), o.loader(), o.reconnects(), o.errors());
            }
            int code;
            LossReport loss = null;
            if (r.setupFailure() != null) {
                out.println(r.setupFailure());
                code = ExitCodes.SETUP;
            } else {
                loss = run.attributeLoss(r);
                if (loss != null) {
                    try {
                        LossLines.write(cfg.logdir().resolve(LOSS_FILE), loss);
                    } catch (IOException e) {
                        err.println("goload -mode cm: cannot write " + LOSS_FILE + ": " + e.getMessage());
                    }
                }
                CmVerdictFormat.print(r.verdict(), loss, out);
                code = r.verdict().passed() ? ExitCodes.OK : ExitCodes.VERDICT_FAIL;
            }
            return results.finish(o, ModeFigures.of(r.verdict()), record, r.section(), artifacts(cfg, loss != null),
                    code);
        } finally {
            out.flush();
        }
    }

    /** The stage logs and meta files the reference's verifier reads, and the loss attribution when written. */
    private static List<Artifact> artifacts(CmConfig cfg, boolean loss) {
        List<Artifact> a = new ArrayList<>();
        for (CmStage s : CmStage.standard(cfg.queuePrefix())) {
            a.add(Artifact.of("stageLog", cfg.logdir().resolve(s.fileName())));
        }
        a.add(Artifact.of("producedMeta", cfg.logdir().resolve(ProducedMeta.FILE)));
        a.add(Artifact.of("stageAckErrMeta", cfg.logdir().resolve(StageAckErrors.FILE)));
        if (loss) a.add(Artifact.of("lossAttribution", cfg.logdir().resolve(LOSS_FILE)));
        return a;
    }

    /** Wildcard stages pop any partition: a shard's workers would take (and log) other shards' properties. */
    static final String WILDCARD_REFUSAL = "a sharded run needs targeted stages (-final-targeted and"
            + " -intermediate-targeted, the default): wildcard pops take any partition of a queue, so a shard's"
            + " stages would consume other shards' properties and no shard's stage logs would verify on their own";

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
