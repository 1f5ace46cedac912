package dev.goload.cli;

import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.client.RetryPolicy;
import dev.goload.config.AttributionOptions;
import dev.goload.config.OrderConfig;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunSignal;
import dev.goload.modes.order.OrderResult;
import dev.goload.modes.order.OrderRun;
import dev.goload.report.OrderReport;
import dev.goload.verify.LossReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code -mode order}: flags → {@link OrderConfig} → {@link OrderRun} → verdict. Exit 0 PASS, 3 FAIL, 1 setup
 * (tenants file/idx, client, configure, JSON), 2 flags.
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

    static OrderConfig config(ParsedFlags f) {
        String runId = f.getString("run-id");
        if (runId.isEmpty()) runId = "order-w" + f.getInt("min-pop-wait") + "-" + System.currentTimeMillis() / 1000;
        return new OrderConfig(f.getString("target"), f.getString("url"), f.getString("queue"), f.getString("group"),
                f.getInt("partitions"), f.getInt("messages"), f.getInt("consumers"), f.getInt("pop-batch"),
                f.getInt("pop-partitions"), f.getInt("pop-timeout"), f.getInt("lease-time"), f.getInt("min-pop-wait"),
                f.getInt("drain"), f.getString("out"), runId, f.getString("note"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        OrderConfig cfg = config(f);
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
        try (QueenClient client = new QueenClient(cc)) {
            OrderRun run = new OrderRun(cfg, client, out::println).attribution(attribution);
            try {
                run.configure();
            } catch (QueenException e) {
                out.println("configure: " + e.getMessage());
                return ExitCodes.SETUP;
            }
            RunSignal signal = new RunSignal();
            OrderResult r;
            dev.goload.modes.RunResult.LoaderSummary loader;
            try (SignalHooks hooks = SignalHooks.stopping(signal, out);
                 var monitor = LoadModeSupport.periodicMonitor(f)) {
                RunStage.begin();
                r = run.execute(signal);
                loader = LoadModeSupport.wholeRun(monitor);
            }
            LossReport loss = run.attributeLoss(r);
            long reconnects = client.stats().reconnects();
            OrderReport.print(cfg.runId(), r, loader, reconnects, loss, out);
            if (!cfg.out().isEmpty()) {
                try {
                    out.println("wrote " + OrderReport.writeJson(Path.of(cfg.out()), cfg.runId(), cfg.note(), cfg, r, loader,
                            reconnects, loss));
                } catch (IOException e) {
                    err.println("goload -mode order: cannot write the JSON record: " + e.getMessage());
                    return ExitCodes.SETUP;
                }
            }
            return r.passed() ? ExitCodes.OK : ExitCodes.VERDICT_FAIL;
        }
    }
}
