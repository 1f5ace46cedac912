package dev.goload.cli;

import dev.goload.config.ProvisionConfig;
import dev.goload.config.RunOptions;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.provision.ProvisionBackends;
import dev.goload.modes.provision.ProvisionResult;
import dev.goload.modes.provision.ProvisionRun;
import dev.goload.pace.NanoClock;
import dev.goload.report.ProvisionConsole;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.io.IOException;
import dev.goload.modes.run.thresholds.MetricCatalog;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code -mode provision} (spec §2.4, docs/provision.md): flags → {@link ProvisionConfig} → {@link ProvisionRun} →
 * {@link ProvisionResult}, its lines rendered by {@link ProvisionConsole}, and a {@code goload.run/2} record with its
 * interval CSV and {@code .hlog} ({@code -out DIR}, default {@code goload-runs/<run-id>/}) listed on an
 * {@code [artifacts]} block after the last {@code [provision]} line. A password in {@code -pg-url} is masked in the
 * record as everywhere.
 */
public final class ProvisionCommand implements ModeCommand {
    private final Function<String, String> env;

    public ProvisionCommand() {
        this(System::getenv);
    }

    /** @param env environment lookup (tests inject {@code PGPASSWORD}) */
    public ProvisionCommand(Function<String, String> env) {
        this.env = env;
    }

    /** For tests: an environment backed by a map. */
    static ProvisionCommand withEnv(Map<String, String> vars) {
        return new ProvisionCommand(vars::get);
    }

    @Override public String name() { return "provision"; }

    @Override public FlagTable flags() { return FlagTables.provision(); }

    static final String SHARD_REFUSAL = "provisioning is a one-off setup step, not a load: run it once, before the"
            + " shards start";

    @Override public MetricCatalog thresholdMetrics() { return ModeFigures.catalog(ModeFigures.PROVISION); }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) {
        if (ShardedModes.refused(f, "provision", SHARD_REFUSAL, err)) return ExitCodes.USAGE;
        long n = f.getLong("tenants");
        if (n < 1 || n > 10000) {
            err.println("goload -mode provision: -tenants must be in 1..10000");
            return ExitCodes.USAGE;
        }
        String password = f.getString("pg-password");
        if (password.isEmpty() && env.apply("PGPASSWORD") != null) {
            password = env.apply("PGPASSWORD");
        }
        ProvisionConfig c;
        try {
            c = new ProvisionConfig((int) n, f.getString("prefix"), f.getString("plan"), f.getString("cell"),
                    Path.of(f.getString("file")), f.getString("psql-cmd"), f.getString("key-name"),
                    f.getString("email-domain"), f.getBool("dry-run"), f.getString("pg-url"), f.getString("pg-user"),
                    password, f.getInt("commit-batch"));
        } catch (IllegalArgumentException e) {
            err.println("goload -mode provision: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        // the record echoes every flag: a password inside -pg-url is masked there too
        ParsedFlags shown = f.isSet("pg-url") ? f.with("pg-url", ProvisionConfig.redact(c.pgUrl())) : f;
        RunOptions run = LoadModeSupport.run(shown, "provision");
        RunHeader header = new RunHeader(run.runId(), "provision", Version.current(), "", run.configLine(),
                LoadModeSupport.maskedFlags(shown), null,
                new RunHeader.Broker(c.usesJdbc() ? ProvisionConfig.redact(c.pgUrl()) : "", false, false));
        // the live metrics; no progress line (one interval, and this mode prints no interval lines)
        ResultPipeline results = ResultPipeline.started(f, thresholdMetrics(), out, err, run.runId(), "provision", 0,
                s -> false);
        if (results == null) return ExitCodes.SETUP; // -metrics-addr cannot be bound
        RunStage.begin();
        try (RunRecordWriter<Void> writer = new RunRecordWriter<>(run.outDir(), header, System.currentTimeMillis())) {
            ProvisionRun engine = new ProvisionRun(c, Clock.systemUTC(), NanoClock.SYSTEM, LoaderBoundRules.DEFAULTS,
                    List.of(new ProvisionConsole(out, err), writer));
            ProvisionResult r = engine.run(run.runId(), ProvisionBackends.forConfig(c, engine::psqlNotice));
            return results.finish(r.outcome(), ModeFigures.of(r), writer, section(r), List.of(),
                    r.ok() ? ExitCodes.OK : ExitCodes.SETUP);
        } catch (IOException e) {
            err.println("goload: writing the run artifacts in " + run.outDir() + ": " + e.getMessage());
            return ExitCodes.SETUP;
        } finally {
            out.flush();
        }
    }

    /** The record's {@code section}: what this run created, where the keys are, how, and what is left pending. */
    private static Map<String, Object> section(ProvisionResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("created", r.created());
        m.put("file", r.file().toString());
        m.put("backend", r.backend());
        m.put("pending", r.pending());
        m.put("dryRun", r.dryRun());
        return m;
    }
}
