package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.OpenLoopConfig;
import dev.goload.config.TargetOptions;
import dev.goload.modes.LoadRun;
import dev.goload.modes.openloop.OpenLoopProducers;
import dev.goload.report.OpenLoopConsole;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code -mode openloop}: flags → {@link OpenLoopConfig} → {@link LoadRun} with the open-loop pacer. */
public final class OpenLoopCommand implements ModeCommand {

    @Override
    public String name() {
        return "openloop";
    }

    @Override
    public FlagTable flags() {
        return FlagTables.openloop();
    }

    static OpenLoopConfig config(ParsedFlags f) {
        TargetOptions target = LoadModeSupport.target(f, -1);
        return new OpenLoopConfig(target, LoadModeSupport.queue(f), LoadModeSupport.consumer(f),
                LoadModeSupport.run(f, "openloop"), f.getLong("rate"), f.getInt("push-batch"), f.getInt("max-inflight"),
                f.getInt("ramp-sec"), f.getString("arrival"), f.getInt("behind-ms"), f.getInt("payload"),
                f.getInt("active-partitions"), f.getString("active-policy"), f.getBool("e2e"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        OpenLoopConfig cfg = config(f); // a flag combination the record rejects: ModeRunner reports it, exit 2
        OpenLoopConsole console = new OpenLoopConsole(cfg, out);
        console.printHeader();
        QueenClient client;
        try {
            // Producers never retry: one attempt for 5xx/network; 429 per -retry429-attempts (default 1).
            client = LoadModeSupport.client(cfg.target(), RetryPolicy.NONE);
        } catch (RuntimeException e) {
            err.println("goload: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        var setup = new LoadRun.Setup("openloop", cfg.queue(), cfg.consumer(), cfg.run(), cfg.e2e(),
                LoadModeSupport.configureOptions(cfg.queue(), true), LoadModeSupport.loaderRules(f));
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("config", new OpenLoopConfig(LoadModeSupport.masked(cfg.target()), cfg.queue(), cfg.consumer(),
                cfg.run(), cfg.rate(), cfg.pushBatch(), cfg.maxInflight(), cfg.rampSeconds(), cfg.arrival(),
                cfg.behindMillis(), cfg.payloadBytes(), cfg.activePartitions(), cfg.activePolicy(), cfg.e2e()));
        header.put("flags", LoadModeSupport.maskedFlags(f));
        header.put("loaderBoundRules", setup.rules());
        header.put("embeddedBroker", f.getBool("embedded"));
        long seed = LoadModeSupport.seed(f);
        header.put("arrivalSeed", seed);
        return LoadModeSupport.execute("openloop", setup, client, ctx -> new OpenLoopProducers(cfg, ctx, seed),
                console, header, out, err);
    }
}
