package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.MaxConfig;
import dev.goload.config.ShardOptions;
import dev.goload.modes.LoadRun;
import dev.goload.modes.max.MaxProducers;
import dev.goload.report.MaxConsole;
import dev.goload.shard.Shard;
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
        return config(f, Shard.SINGLE);
    }

    /** This shard's configuration: its {@link Shard#share} of {@code -producers} and {@code -consumers}. */
    static MaxConfig config(ParsedFlags f, Shard shard) {
        int producers = f.getInt("producers");
        if (shard.sharded() && producers > 0 && producers < shard.count()) {
            throw new IllegalArgumentException("-producers " + producers + " over " + shard.count() + " shards leaves"
                    + " a shard without producers: give at least " + shard.count() + " (or 0)");
        }
        // Kept as given (the header prints it, as the reference does); ≤ 0 ⇒ one attempt is applied in run().
        return new MaxConfig(LoadModeSupport.target(f, f.getInt("retries")), LoadModeSupport.queue(f),
                LoadShards.consumer(f, shard), LoadModeSupport.run(f, "max"),
                producers > 0 ? shard.share(producers) : producers,
                f.getInt("push-batch"), f.getInt("payload"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        ShardOptions shards = LoadShards.parse(f); // a bad combination: IllegalArgumentException, exit 2
        MaxConfig cfg = config(f, shards.shard()); // a flag combination the record rejects: exit 2
        int drain = LoadShards.drain(f);
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
                LoadModeSupport.configureOptions(cfg.queue(), false), LoadModeSupport.loaderRules(f), shards.shard(),
                drain);
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, cfg.run().runId(), "max",
                cfg.run().durationSeconds(), dev.goload.report.ProgressLine.EVERY_INTERVAL);
        if (results == null) { // -metrics-addr cannot be bound
            client.close();
            return ExitCodes.SETUP;
        }
        try (results) {
            return LoadModeSupport.execute(setup, shards, client, ctx -> new MaxProducers(cfg, ctx), console,
                    console::onEnd, LoadModeSupport.header(f, "max", cfg.run(), client, null), () -> section(cfg),
                    results, out, err);
        }
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
