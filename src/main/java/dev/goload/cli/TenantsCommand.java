package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.config.RunOptions;
import dev.goload.client.RetryPolicy;
import dev.goload.metrics.ErrorStats;
import dev.goload.modes.RunResult;
import dev.goload.modes.RunSignal;
import dev.goload.config.TenantsConfig;
import dev.goload.modes.tenants.TenantsResult;
import dev.goload.modes.tenants.TenantsRun;
import dev.goload.report.HostInfo;
import dev.goload.report.TenantsConsole;
import dev.goload.report.TenantsRecord;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code -mode tenants} (spec §2.7, docs/tenants.md): flags → {@link TenantsConfig} → {@link TenantsRun}, then the
 * final lines and the run record ({@code -out DIR}, default {@code goload-runs/<run-id>/}), listed on an
 * {@code [artifacts]} line after the reference's final line. A run whose sockets do not fit {@code ulimit -n}
 * ({@link FdBudget}) stops before it starts (exit 1).
 */
public final class TenantsCommand implements ModeCommand {
    @Override public String name() { return "tenants"; }

    @Override public FlagTable flags() { return FlagTables.tenants(); }

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
        Map<String, Object> header = header(f, run, client, budget);
        RunSignal signal = new RunSignal();
        try (client; SignalHooks hooks = SignalHooks.stopping(signal, out);
             var monitor = LoadModeSupport.periodicMonitor(f)) {
            RunStage.begin();
            TenantsConsole console = new TenantsConsole(out);
            long started = System.currentTimeMillis();
            TenantsRun engine = new TenantsRun(c, client, signal, out, console);
            TenantsResult r = engine.run();
            if (r == null) {
                return ExitCodes.SETUP; // provisioning failed: said so on its own line
            }
            RunResult.LoaderSummary loader = LoadModeSupport.wholeRun(monitor);
            Map<String, ErrorStats.Snapshot> errors = new LinkedHashMap<>();
            errors.put("push", engine.pushErrors());
            errors.put("pop", engine.popErrors());
            long reconnects = client.stats().reconnects();
            console.printFinal(r, loader, reconnects, errors);
            Path record;
            try {
                record = TenantsRecord.write(run.outDir(), run.runId(), header, started, System.currentTimeMillis(),
                        signal.reason(), r, reconnects, errors, loader);
            } catch (java.io.IOException e) {
                err.println("goload: writing the run record in " + run.outDir() + ": " + e.getMessage());
                return ExitCodes.SETUP;
            }
            out.printf("%n[artifacts] %s%n", record);
            return ExitCodes.OK;
        } finally {
            out.flush();
        }
    }

    private static Map<String, Object> header(ParsedFlags f, RunOptions run, QueenClient client, FdBudget budget) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("mode", "tenants");
        h.put("goloadVersion", Version.current());
        h.put("configLine", run.configLine());
        h.put("flags", LoadModeSupport.maskedFlags(f));
        h.put("embeddedBroker", f.getBool("embedded"));
        // the production launcher's choice (BrokerLaunchers): in this process only when both ends fit
        h.put("brokerInProcess", f.getBool("embedded") && budget.placement() == FdBudget.Placement.IN_PROCESS);
        h.put("fdBudget", Map.of("sockets", budget.sockets(), "limit", budget.limit()));
        h.put("httpClient", client.engine().label());
        h.put("host", HostInfo.describe());
        return h;
    }
}
