package dev.goload.cli;

import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.OpenLoopConfig;
import dev.goload.config.ShardOptions;
import dev.goload.config.TargetOptions;
import dev.goload.modes.LoadRun;
import dev.goload.modes.openloop.OpenLoopProducers;
import dev.goload.report.OpenLoopConsole;
import dev.goload.report.ProgressLine;
import dev.goload.shard.Shard;
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
        return config(f, Shard.SINGLE);
    }

    /**
     * This shard's configuration: its {@link Shard#share} of {@code -rate} (the message rate; its request rate is
     * that over {@code -push-batch}) and of {@code -consumers}; its producers and consumers keep to the partitions it
     * owns (the engine's part).
     */
    static OpenLoopConfig config(ParsedFlags f, Shard shard) {
        TargetOptions target = LoadModeSupport.target(f, -1);
        long rate = f.getLong("rate");
        if (shard.sharded() && rate > 0 && shard.share(rate) == 0) {
            throw new IllegalArgumentException("-rate " + rate + " over " + shard.count() + " shards leaves shard "
                    + shard + " nothing to offer: give at least " + shard.count() + " msg/s");
        }
        return new OpenLoopConfig(target, LoadModeSupport.queue(f), LoadShards.consumer(f, shard),
                LoadModeSupport.run(f, "openloop"), rate > 0 ? shard.share(rate) : rate,
                f.getInt("push-batch"), f.getInt("max-inflight"),
                f.getInt("ramp-sec"), f.getString("arrival"), f.getInt("behind-ms"), f.getInt("payload"),
                f.getInt("active-partitions"), f.getString("active-policy"), f.getBool("e2e"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        ShardOptions shards = LoadShards.parse(f); // a bad combination: IllegalArgumentException, exit 2
        OpenLoopConfig cfg = config(f, shards.shard()); // a flag combination the record rejects: exit 2
        int drain = LoadShards.drain(f);
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
                LoadModeSupport.configureOptions(cfg.queue(), true), LoadModeSupport.loaderRules(f), shards.shard(),
                drain);
        long seed = LoadModeSupport.seed(f);
        var made = new java.util.concurrent.atomic.AtomicReference<OpenLoopProducers>();
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, cfg.run().runId(),
                "openloop", cfg.run().durationSeconds(), ProgressLine.EVERY_INTERVAL);
        if (results == null) { // -metrics-addr cannot be bound
            client.close();
            return ExitCodes.SETUP;
        }
        try (results) {
            return LoadModeSupport.execute(setup, shards, client, ctx -> {
                made.set(new OpenLoopProducers(cfg, ctx, seed));
                return made.get();
            }, console, console::onEnd, LoadModeSupport.header(f, "openloop", cfg.run(), client, seed), () -> {
                Map<String, Object> m = section(cfg);
                // the first scheduled request's launch: a shard's start against T0
                // (docs/benchmarks-history.md, start skew of a sharded run)
                m.put("firstSendEpochMs", made.get() == null ? null : made.get().firstLaunchEpochMs());
                m.put("pushPath", made.get() == null ? null : made.get().pushPath());
                return m;
            }, results, out, err);
        }
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
