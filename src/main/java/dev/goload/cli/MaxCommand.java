package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.MaxConfig;
import dev.goload.modes.LoadRun;
import dev.goload.modes.max.MaxProducers;
import dev.goload.report.MaxConsole;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code -mode max}: flags → {@link MaxConfig} → {@link LoadRun} with closed-loop producers. */
public final class MaxCommand implements ModeCommand {

    @Override
    public String name() {
        return "max";
    }


    @Override
    public FlagTable flags() {
        return FlagTables.max();
    }

    static MaxConfig config(ParsedFlags f) {
        // Kept as given (the header prints it, as the reference does); ≤ 0 ⇒ one attempt is applied in run().
        return new MaxConfig(LoadModeSupport.target(f, f.getInt("retries")), LoadModeSupport.queue(f),
                LoadModeSupport.consumer(f), LoadModeSupport.run(f, "max"), f.getInt("producers"),
                f.getInt("push-batch"), f.getInt("payload"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        MaxConfig cfg = config(f); // a flag combination the record rejects: ModeRunner reports it, exit 2
        MaxConsole console = new MaxConsole(cfg, out);
        console.printHeader();
        QueenClient client;
        try {
            int retries = cfg.target().retries(); // spec §2.1: -retries ≤ 0 ⇒ exactly one attempt
            client = LoadModeSupport.client(cfg.target(), RetryPolicy.fromGoRetryAttempts(retries <= 0 ? -1 : retries));
        } catch (RuntimeException e) {
            err.println("goload: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        var setup = new LoadRun.Setup("max", cfg.queue(), cfg.consumer(), cfg.run(), false,
                LoadModeSupport.configureOptions(cfg.queue(), false), LoadModeSupport.loaderRules(f));
        return LoadModeSupport.execute(setup, client, ctx -> new MaxProducers(cfg, ctx), console, console::onEnd,
                LoadModeSupport.header(f, "max", cfg.run(), client, null), section(cfg), out, err);
    }

    /** The max section of the run record (docs/run-record.md): every partition is active in max. */
    static Map<String, Object> section(MaxConfig cfg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("activePartitions", cfg.queue().partitions());
        m.put("pushBatch", cfg.pushBatch());
        m.put("producers", cfg.producers());
        m.put("payloadBytes", cfg.payloadBytes());
        return m;
    }
}
