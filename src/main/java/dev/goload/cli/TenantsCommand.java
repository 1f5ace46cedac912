package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.RunOptions;
import dev.goload.config.ShardOptions;
import dev.goload.config.TenantsConfig;
import dev.goload.modes.RunSignal;
import dev.goload.modes.StartGate;
import dev.goload.modes.tenants.TenantsFigures;
import dev.goload.modes.tenants.TenantsResult;
import dev.goload.modes.tenants.TenantsRun;
import dev.goload.pace.NanoClock;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import dev.goload.report.TenantsConsole;
import dev.goload.report.TenantsRecord;
import dev.goload.modes.run.thresholds.MetricCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code -mode tenants} (spec §2.7, docs/tenants.md): flags → {@link TenantsConfig} → {@link TenantsRun} → {@link
 * TenantsResult}, rendered by {@link TenantsConsole}; the {@code goload.run/2} record, interval CSV and {@code .hlog}
 * ({@code -out DIR}, default {@code goload-runs/<run-id>/}) are listed on an {@code [artifacts]} block after the
 * reference's final line, also when provisioning failed (exit 1). A run whose sockets do not fit {@code ulimit -n}
 * ({@link FdBudget}) stops before it starts (exit 1).
 */
public final class TenantsCommand implements ModeCommand {
    @Override public String name() { return "tenants"; }

    @Override public FlagTable flags() { return FlagTables.tenants(); }

    @Override public MetricCatalog thresholdMetrics() { return ModeFigures.catalog(ModeFigures.TENANTS); }

    /** One long-poll per consumer, one push in flight per producer (tenant), their pooled sockets. */
    @Override
    public long embeddedSockets(ParsedFlags f) {
        long consumers = (long) f.getInt("tenants") * f.getInt("queues-per-tenant") * f.getInt("consumers-per-queue");
        long producers = f.getBool("idle-only") ? 0 : f.getInt("tenants");
        return FdBudget.sockets(consumers, producers, f.getInt("idle-conns"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        TenantsConfig c = new TenantsConfig(f.getString("url"), f.getInt("tenants"), f.getInt("queues-per-tenant"),
                f.getInt("consumers-per-queue"), f.getInt("phase-high"), f.getInt("phase-low"), f.getInt("phase-sec"),
                f.getBool("stagger"), f.getBool("idle-only"), f.getInt("payload"), f.getInt("pop-batch"),
                f.getInt("pop-timeout"), f.getInt("duration"), f.getInt("report"), f.getInt("provision-conc"),
                f.getInt("idle-conns"), f.getInt("timeout"));
        ShardOptions sharding;
        try {
            sharding = ShardFlags.parse(f, System.getenv(), System.currentTimeMillis());
        } catch (IllegalArgumentException e) {
            err.println("goload -mode tenants: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (sharding.shard().share(c.tenants()) == 0) {
            err.printf("goload -mode tenants: shard %s drives no tenant (the run has %d; use at most %d shards)%n",
                    sharding.shard(), c.tenants(), c.tenants());
            return ExitCodes.USAGE;
        }
        FdBudget budget = new FdBudget(embeddedSockets(f), FdBudget.processLimit());
        if (budget.placement() == FdBudget.Placement.LOADER_OVER_LIMIT) {
            err.println("goload -mode tenants: " + budget.overLimitMessage());
            return ExitCodes.SETUP;
        }
        RunOptions run = LoadModeSupport.run(f, "tenants");
        // Exactly one attempt per call: the reference's RetryAttempts 1 silently meant two (§8 #20).
        QueenClient client;
        try {
            client = LoadModeSupport.client(LoadModeSupport.target(f, 0), RetryPolicy.NONE);
        } catch (RuntimeException e) {
            err.println("goload -mode tenants: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        // the production launcher's choice (BrokerLaunchers): in this process only when both ends fit
        RunHeader header = new RunHeader(run.runId(), "tenants", Version.current(), client.engine().label(),
                run.configLine(), LoadModeSupport.maskedFlags(f), null, new RunHeader.Broker(c.url(),
                f.getBool("embedded"), f.getBool("embedded") && budget.placement() == FdBudget.Placement.IN_PROCESS));
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, run.runId(), "tenants",
                f.getInt("duration"), dev.goload.report.ProgressLine.FULL_INTERVALS);
        if (results == null) { // -metrics-addr cannot be bound
            client.close();
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        try (client; SignalHooks hooks = SignalHooks.stopping(signal, out);
             RunRecordWriter<TenantsFigures> writer = new RunRecordWriter<>(run.outDir(), header,
                     System.currentTimeMillis());
             ShardedStart start = ShardedStart.open(sharding, out)) {
            writer.warnings(err).shardFrom(start::record);
            RunStage.begin();
            TenantsConsole console = new TenantsConsole(out);
            console.header(c);
            TenantsResult r;
            try {
                r = new TenantsRun(c, client, signal, NanoClock.SYSTEM, LoadModeSupport.loaderRules(f),
                        ResultPipeline.with(results.listeners(signal), console, writer), sharding.shard(),
                        start.gate(run.runId(), LoadModeSupport.maskedFlags(f)))
                        .run(run.runId());
            } catch (StartGate.Refused e) {
                err.println("goload -mode tenants: " + e.getMessage());
                return ExitCodes.SETUP;
            }
            if (r.provisioned()) console.printFinal(r);
            start.record(writer);
            // a failed provisioning said so on its line
            return results.finish(r.outcome(), ModeFigures.of(r.figures()), writer,
                    TenantsRecord.section(r.figures(), budget.sockets(), budget.limit()), List.of(),
                    r.provisioned() ? ExitCodes.OK : ExitCodes.SETUP);
        } catch (IOException e) { // the record's files, or shard 0's barrier on -coordinate-listen
            err.println("goload: writing the run artifacts in " + run.outDir() + " or serving the start barrier: "
                    + e.getMessage());
            return ExitCodes.SETUP;
        } finally {
            out.flush();
        }
    }
}
