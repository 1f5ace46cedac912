package dev.goload.cli;

import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AttributionOptions;
import dev.goload.config.OrderConfig;
import dev.goload.modes.LoaderConnections;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.order.OrderResult;
import dev.goload.modes.order.OrderRun;
import dev.goload.modes.run.RunListener;
import dev.goload.report.Artifact;
import dev.goload.report.OrderReport;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import dev.goload.shard.Shard;
import dev.goload.verify.LossReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code -mode order}: flags → {@link OrderConfig} → {@link OrderRun} → verdict; with {@code -out}, the reference's
 * {@code <run-id>.json} and goload's {@code <run-id>.run.json} (schema {@code goload.run/2}) with its interval CSV and
 * {@code .hlog}. Exit 0 PASS, 3 FAIL, 1 setup (tenants file/idx, client, configure, JSON, record), 2 flags.
 */
public final class OrderCommand implements ModeCommand {
    @Override
    public String name() {
        return "order";
    }


    @Override
    public FlagTable flags() {
        return FlagTables.order();
    }

    @Override
    public dev.goload.modes.run.thresholds.MetricCatalog thresholdMetrics() {
        return ModeFigures.catalog(ModeFigures.ORDER, "popWait");
    }

    static OrderConfig config(ParsedFlags f) {
        String runId = f.getString("run-id");
        if (runId.isEmpty()) runId = "order-w" + f.getInt("min-pop-wait") + "-" + System.currentTimeMillis() / 1000;
        return new OrderConfig(f.getString("target"), f.getString("url"), f.getString("queue"), f.getString("group"),
                f.getInt("partitions"), f.getInt("messages"), f.getInt("consumers"), f.getInt("pop-batch"),
                f.getInt("pop-partitions"), f.getInt("pop-timeout"), f.getInt("lease-time"), f.getInt("min-pop-wait"),
                f.getInt("drain"), f.getString("out"), runId, f.getString("note"));
    }

    /**
     * Why this command line cannot run as order's shard, or null: one queue's strict order is checked across all of
     * its messages by one consumer group in one loader, so it is not split ({@code -shard 0/1} is accepted).
     */
    static String shardRefusal(ParsedFlags f) {
        try {
            int n = f.getInt("shards") > 0 ? f.getInt("shards")
                    : f.getString("shard").isEmpty() ? 1 : Shard.parse(f.getString("shard")).count();
            if (n > 1) {
                return "-mode order cannot be sharded (" + n + " shards): it checks the strict order of one queue's"
                        + " whole sequence, pushed and popped by one loader; split over loaders, no shard would see"
                        + " the sequence it checks. Run it on one loader (or -shard 0/1)";
            }
            if (ShardFlags.parse(f, System.getenv(), System.currentTimeMillis()).coordinated()) {
                return "-mode order starts when it is ready: -start-at and -coordinator are for sharded runs";
            }
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        String refusal = shardRefusal(f);
        if (refusal != null) {
            err.println("goload -mode order: " + refusal);
            return ExitCodes.USAGE;
        }
        OrderConfig cfg = config(f);
        // the live metrics; no progress line (this mode prints no interval lines)
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, cfg.runId(), "order", 0,
                s -> false);
        if (results == null) return ExitCodes.SETUP; // -metrics-addr cannot be bound
        AttributionOptions attribution = FlagTables.attribution(f);
        ClientConfig cc = ClientConfig.of(cfg.url()).withTimeoutMillis(30_000).withIdleConns(cfg.consumers() + 4)
                .withIdleTimeoutMillis(LoadModeSupport.idleTimeoutMillis(f))
                // the reference's SDK default (3 retries); safe here because every push has a stable transaction id
                .withRetry(RetryPolicy.fromGoRetryAttempts(0));
        if (cfg.target().equals("proxy")) {
            String file = f.getString("tenants-file");
            if (file.isEmpty()) {
                err.println("-target proxy needs -tenants-file");
                return ExitCodes.SETUP;
            }
            dev.goload.tenancy.TenantsFile tf;
            try {
                tf = dev.goload.tenancy.TenantsFile.read(Path.of(file));
            } catch (IOException e) {
                err.println("cannot read " + file + ": " + e.getMessage());
                return ExitCodes.SETUP;
            }
            var t = tf.byIdx(f.getInt("tenant"));
            if (t.isEmpty()) {
                err.println("tenant idx " + f.getInt("tenant") + " not in " + file);
                return ExitCodes.SETUP;
            }
            cc = cc.withBearerToken(t.get().apiKey()).withHostHeader(t.get().clusterSlug());
        }
        OrderReport.header(cfg, out);
        // the v2 record goes to -out (beside the reference's <run-id>.json); without -out, nowhere (as the JSON)
        RunRecordWriter<Object> record = null;
        if (!cfg.out().isEmpty()) {
            try {
                record = new RunRecordWriter<Object>(Path.of(cfg.out()), header(f, cfg), cfg.runId() + ".run.json",
                        System.currentTimeMillis(), Files::newOutputStream).warnings(err);
            } catch (IOException e) {
                err.println("goload -mode order: cannot create the run record's files in " + cfg.out() + ": "
                        + e.getMessage());
                return ExitCodes.SETUP;
            }
        }
        try (QueenClient client = new QueenClient(cc); AutoCloseable closeRecord = closer(record)) {
            List<RunListener<Object>> listeners = new ArrayList<>();
            listeners.add(OrderReport.console(out));
            if (record != null) listeners.add(record);
            RunSignal signal = new RunSignal();
            listeners.addAll(results.listeners(signal));
            OrderRun run = new OrderRun(cfg, client, listeners).attribution(attribution);
            try {
                run.configure();
            } catch (QueenException e) {
                out.println("configure: " + e.getMessage());
                results.brokerNeverAnswered(LoaderConnections.now(List.of(client)), cc.baseUrl());
                return ExitCodes.SETUP;
            }
            OrderResult r;
            try (SignalHooks hooks = SignalHooks.stopping(signal, out);
                 var monitor = new LoaderMonitor(LoadModeSupport.loaderRules(f))
                         .connections(LoaderConnections.of(client))) {
                RunStage.begin();
                r = run.execute(signal, monitor);
            }
            r = r.withOutcome(r.outcome().withVerdict(OrderReport.verdict(r)));
            LossReport loss = run.attributeLoss(r);
            OrderReport.print(cfg.runId(), r, loss, out);
            List<Artifact> own = List.of();
            if (record != null) {
                Path json;
                try {
                    json = OrderReport.writeJson(Path.of(cfg.out()), cfg.runId(), cfg.note(), cfg, r, loss);
                    out.println("wrote " + json);
                } catch (IOException e) {
                    err.println("goload -mode order: cannot write the JSON record: " + e.getMessage());
                    return ExitCodes.SETUP;
                }
                own = List.of(Artifact.of("orderJson", json));
            }
            return results.finish(r.outcome(), ModeFigures.of(r.check()), record, OrderReport.section(r, loss), own,
                    r.passed() ? ExitCodes.OK : ExitCodes.VERDICT_FAIL);
        }
    }

    private static AutoCloseable closer(RunRecordWriter<?> record) {
        return record == null ? () -> { } : record;
    }

    /** The v2 record's opening fields (flags and configuration line with secrets masked). */
    private RunHeader header(ParsedFlags f, OrderConfig cfg) {
        boolean embedded = f.getBool("embedded");
        boolean inProcess = embedded
                && new FdBudget(embeddedSockets(f), FdBudget.processLimit()).placement() == FdBudget.Placement.IN_PROCESS;
        return new RunHeader(cfg.runId(), "order", Version.current(),
                QueenClient.engineFor(ClientConfig.of(cfg.url())).label(), LoadModeSupport.configLine(f, "order"),
                LoadModeSupport.maskedFlags(f), null, new RunHeader.Broker(cfg.url(), embedded, inProcess));
    }
}
