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
        long seed = LoadModeSupport.seed(f);
        return LoadModeSupport.execute(setup, client, ctx -> new OpenLoopProducers(cfg, ctx, seed), console,
                console::onEnd, LoadModeSupport.header(f, "openloop", cfg.run(), client, seed), section(cfg), out,
                err);
    }

    /** The openloop section of the run record (docs/run-record.md). */
    public static Map<String, Object> section(OpenLoopConfig cfg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("activePartitions", cfg.effectiveActive());
        m.put("arrival", cfg.arrival());
        m.put("pushBatch", cfg.pushBatch());
        m.put("rate", cfg.rate());
        m.put("requestsPerSecond", cfg.requestsPerSecond());
        m.put("maxInflight", cfg.maxInflight());
        m.put("rampSec", cfg.rampSeconds());
        m.put("behindMs", cfg.behindMillis());
        m.put("payloadBytes", cfg.payloadBytes());
        m.put("activePolicy", cfg.activePolicy());
        m.put("e2e", cfg.e2e());
        return m;
    }
}
