package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.modes.RunSignal;
import dev.goload.modes.tenants.TenantsConfig;
import dev.goload.modes.tenants.TenantsResult;
import dev.goload.modes.tenants.TenantsRun;
import dev.goload.report.TenantsConsole;
import java.io.PrintStream;

/** {@code -mode tenants} (spec §2.7, docs/tenants.md): flags → {@link TenantsConfig} → {@link TenantsRun}. */
public final class TenantsCommand implements ModeCommand {
    @Override public String name() { return "tenants"; }

    @Override public FlagTable flags() { return FlagTables.tenants(); }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        TenantsConfig c = new TenantsConfig(f.getString("url"), f.getInt("tenants"), f.getInt("queues-per-tenant"),
                f.getInt("consumers-per-queue"), f.getInt("phase-high"), f.getInt("phase-low"), f.getInt("phase-sec"),
                f.getBool("stagger"), f.getBool("idle-only"), f.getInt("payload"), f.getInt("pop-batch"),
                f.getInt("pop-timeout"), f.getInt("duration"), f.getInt("report"), f.getInt("provision-conc"),
                f.getInt("idle-conns"), f.getInt("timeout"));
        // Exactly one attempt per call: the reference's RetryAttempts 1 silently meant two (§8 #20).
        QueenClient client;
        try {
            client = LoadModeSupport.client(LoadModeSupport.target(f, 0), RetryPolicy.NONE);
        } catch (RuntimeException e) {
            err.println("goload -mode tenants: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        try (client; SignalHooks hooks = SignalHooks.stopping(signal, out);
             var monitor = LoadModeSupport.periodicMonitor(f)) {
            RunStage.begin();
            TenantsConsole console = new TenantsConsole(out);
            TenantsResult r = new TenantsRun(c, client, signal, out, console).run();
            if (r == null) {
                return ExitCodes.SETUP; // provisioning failed: said so on its own line
            }
            console.printFinal(r, LoadModeSupport.wholeRun(monitor), client.stats().reconnects());
            return ExitCodes.OK;
        }
    }
}
