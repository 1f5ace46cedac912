package dev.goload.cli;

import dev.goload.broker.ProxyLimits;
import dev.goload.broker.ProxyOptions;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.AttributionOptions;
import dev.goload.config.CloudConfig;
import dev.goload.config.ShardOptions;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderConnections;
import dev.goload.modes.StartGate;
import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.cloud.CloudResult;
import dev.goload.modes.cloud.CloudRun;
import dev.goload.modes.cloud.CloudStamps;
import dev.goload.modes.cloud.CloudTenant;
import dev.goload.modes.cloud.CloudTenants;
import dev.goload.modes.run.Verdict;
import dev.goload.pace.NanoClock;
import dev.goload.report.CloudConsole;
import dev.goload.report.CloudCsv;
import dev.goload.report.Artifact;
import dev.goload.report.CloudRecord;
import dev.goload.report.CloudRunSection;
import dev.goload.report.CloudVerdictTable;
import dev.goload.report.HostInfo;
import dev.goload.report.LossLines;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import dev.goload.shard.Shard;
import dev.goload.tenancy.SyntheticTenants;
import dev.goload.tenancy.TenantsFile;
import dev.goload.verify.FaultPlan;
import dev.goload.verify.LossReport;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code -mode cloud} (goload-behavior.md §2.3): flags → {@link CloudConfig}, tenants, clients → {@link CloudRun} →
 * console, CSV, JSON; exit 0 PASS (or verify off, or {@code -fail-on-verify=false}), 1 setup, 2 flags, 3 FAIL.
 */
public final class CloudCommand implements ModeCommand {

    @Override
    public String name() {
        return "cloud";
    }


    @Override
    public FlagTable flags() {
        return FlagTables.cloud();
    }

    @Override
    public dev.goload.modes.run.thresholds.MetricCatalog thresholdMetrics() {
        return METRICS;
    }

    private static final dev.goload.modes.run.thresholds.MetricCatalog METRICS =
            ModeFigures.catalog(ModeFigures.CLOUD, "e2eFromSend");

    /**
     * {@code -target proxy -embedded} without a tenants file: N tenants ({@code -tenants}, at least 1) are synthesized
     * as {@code goload broker -proxy -proxy-tenants N} does and written to {@code <out>/<run-id>.tenants.json} (mode
     * 0600, the keys only there); the run goes on with {@code -tenants-file} pointing at that file and its run id
     * fixed, so the embedded proxy and the run drive exactly those tenants. Needs no PostgreSQL and no provision.
     */
    @Override
    public ParsedFlags prepareEmbedded(ParsedFlags f, PrintStream out) throws IOException {
        Path file = Path.of(f.getString("tenants-file"));
        if (!"proxy".equals(f.getString("target")) || Files.exists(file)) {
            return f;
        }
        String runId = f.getString("run-id").isEmpty() ? defaultRunId("proxy") : f.getString("run-id");
        Path dir = outDir(f);
        Files.createDirectories(dir);
        Path synth = dir.resolve(runId + ".tenants.json");
        int n = Math.max(1, f.getInt("tenants"));
        SyntheticTenants.create(n, "synth", "embedded").write(synth);
        out.println("[cloud] no tenants file (" + file + ") -> synthesized " + n
                + " tenant(s) for the embedded proxy in " + synth + " (mode 0600; keys only there)");
        return f.with("run-id", runId).with("tenants-file", synth.toString());
    }

    /**
     * {@code -target proxy -embedded}: the proxy personality over every tenant of the tenants file, unlimited and
     * enforcing, so the run exercises Bearer keys and Host routing end to end. An unreadable file yields a plain
     * broker here; {@link #run} then exits 2 with the reference's message.
     */
    @Override
    public ProxyOptions embeddedProxy(ParsedFlags f) {
        if (!"proxy".equals(f.getString("target"))) {
            return null;
        }
        try {
            return ProxyOptions.of(TenantsFile.read(Path.of(f.getString("tenants-file"))), ProxyLimits.UNLIMITED);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The run's config from parsed flags (public for the engine's tests, which build it from flag values). */
    public static CloudConfig config(ParsedFlags f) {
        String target = f.getString("target");
        String url = f.getString("url");
        if (url.isEmpty()) {
            url = target.equals("proxy") ? FlagTables.PROXY_URL : FlagTables.BROKER_URL;
        }
        String runId = f.getString("run-id");
        if (runId.isEmpty()) {
            runId = defaultRunId(target);
        }
        return new CloudConfig(target, url, f.getString("tenants-file"), f.getInt("tenants"),
                f.getBool("broker-tenant-header"), f.getBool("shared-queue"), f.getString("queue"),
                f.getString("group"), f.getInt("partitions"), f.getLong("rate"), f.getDouble("per-tenant-rate"),
                f.getInt("push-batch"), f.getInt("producers-per-tenant"), f.getInt("max-inflight"),
                f.getInt("consumers-per-tenant"), f.getInt("pop-batch"), f.getBool("pop-wait"),
                f.getInt("pop-timeout"), f.getInt("pop-partitions"), f.getDouble("active-fraction"),
                f.getBool("auto-ack"), f.getInt("empty-sleep"), f.getInt("payload"), f.getInt("duration"),
                f.getInt("drain"), f.getInt("report"), f.getInt("timeout"), f.getInt("idle-conns"),
                f.getInt("retry429-attempts"), f.getInt("retries"), f.getInt("completed-retention"),
                f.getInt("pending-retention"), f.getInt("lease-time"), f.getInt("dedup-window"),
                f.getInt("min-pop-wait"), f.getBool("skip-configure"), f.getBool("verify"),
                f.getBool("fail-on-verify"), f.getString("fault"), outDir(f), runId, f.getString("note"),
                f.getDouble("ramp-sec"), f.getInt("behind-ms"), f.getString("pop-autopilot"),
                LoadModeSupport.idleTimeoutMillis(f), 0);
    }

    private static String defaultRunId(String target) {
        return "cloud-" + target + "-" + System.currentTimeMillis() / 1000;
    }

    /** {@code -out}, default the working directory (the reference's). */
    private static Path outDir(ParsedFlags f) {
        return Path.of(f.getString("out").isEmpty() ? "." : f.getString("out"));
    }

    @Override
    public int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception {
        CloudConfig cfg;
        FaultPlan faults;
        AttributionOptions attribution;
        ShardOptions sharding;
        try {
            cfg = config(f);
            faults = FaultPlan.parse(cfg.fault());
            attribution = FlagTables.attribution(f);
            sharding = ShardFlags.parse(f, System.getenv(), System.currentTimeMillis());
        } catch (IllegalArgumentException e) {
            err.println("goload -mode cloud: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        CloudTenants.Resolved resolved;
        try {
            resolved = CloudTenants.resolve(cfg.target(), cfg.tenantsFile(), cfg.tenants());
        } catch (CloudTenants.TenantsFileException e) {
            err.printf("goload -mode cloud -target proxy: cannot read %s: %s%n  run: goload -mode provision -tenants N"
                    + " -file %s%n", cfg.tenantsFile(), e.getMessage(), cfg.tenantsFile());
            return ExitCodes.USAGE;
        }
        if (resolved.synthesizedNote() != null) {
            out.println(resolved.synthesizedNote());
        }
        List<CloudTenant> tenants = resolved.tenants();
        if (tenants.isEmpty()) {
            err.println("goload -mode cloud: no tenants to drive");
            return ExitCodes.USAGE;
        }
        if (sharding.sharded()) {
            // each tenant on exactly one shard, so its ledger is whole there; a total -rate keeps its per-tenant part
            Shard shard = sharding.shard();
            int whole = tenants.size();
            tenants = CloudTenants.ownedBy(tenants, shard);
            if (tenants.isEmpty()) {
                err.printf("goload -mode cloud: shard %s drives no tenant (the run has %d tenant(s); use at most %d"
                        + " shards)%n", shard, whole, whole);
                return ExitCodes.USAGE;
            }
            cfg = cfg.withRateTenants(whole);
        }
        if (cfg.target().equals("proxy")) {
            for (CloudTenant t : tenants) {
                if (t.apiKey().isEmpty() || t.clusterSlug().isEmpty()) {
                    err.printf("goload -mode cloud -target proxy: tenant %d in %s has no apiKey/clusterSlug%n",
                            t.idx(), cfg.tenantsFile());
                    return ExitCodes.USAGE;
                }
            }
        }
        if (cfg.target().equals("broker") && cfg.brokerTenantHeader()) {
            for (CloudTenant t : tenants) {
                if (t.brokerTenant().isEmpty()) {
                    // Without it the client sends no x-queen-tenant: every such tenant lands on the broker's default
                    // tenant, and the shared queue would report a false isolation breach.
                    err.printf("goload -mode cloud -target broker: tenant %d in %s has no brokerTenant (re-run -mode"
                            + " provision to complete the lookup, or use -broker-tenant-header=false)%n", t.idx(),
                            cfg.tenantsFile());
                    return ExitCodes.USAGE;
                }
            }
        }
        if (!(cfg.perProducerRps(tenants.size()) > 0) || Double.isInfinite(cfg.perProducerRps(tenants.size()))) {
            err.println("goload -mode cloud: the per-producer request rate must be > 0 (raise -rate or lower"
                    + " -push-batch/-producers-per-tenant)");
            return ExitCodes.USAGE;
        }
        try {
            Files.createDirectories(cfg.outDir());
        } catch (IOException e) {
            err.println("goload -mode cloud: cannot create -out " + cfg.outDir() + ": " + e.getMessage());
            return ExitCodes.SETUP;
        }
        Path csvPath = cfg.outDir().resolve(cfg.runId() + "-interval.csv");
        CloudCsv csv;
        try {
            csv = new CloudCsv(csvPath, cfg.pushBatch());
        } catch (IOException e) {
            err.println("goload -mode cloud: cannot create " + csvPath + ": " + e.getMessage());
            return ExitCodes.SETUP;
        }
        long seed = System.nanoTime();
        RunRecordWriter<CloudCounters.Snapshot> record;
        try {
            record = new RunRecordWriter<>(cfg.outDir(), header(f, cfg, seed, embeddedSockets(f)),
                    cfg.runId() + ".run.json", System.currentTimeMillis(), Files::newOutputStream);
        } catch (IOException e) {
            csv.close();
            err.println("goload -mode cloud: cannot create the run record's files in " + cfg.outDir() + ": "
                    + e.getMessage());
            return ExitCodes.SETUP;
        }
        ShardedStart start;
        try {
            start = ShardedStart.open(sharding, out);
        } catch (IOException | IllegalArgumentException e) {
            csv.close();
            record.close();
            err.println("goload -mode cloud: cannot serve the start barrier on " + sharding.coordinateListen() + ": "
                    + e.getMessage());
            return ExitCodes.SETUP;
        }
        record.warnings(err).shardFrom(start::record);
        try (csv; record; start) {
            return run(f, cfg, faults, attribution, tenants, csv, record, start, seed, out, err);
        }
    }

    /** The v2 record's opening fields (flags and configuration line with secrets masked). */
    private static RunHeader header(ParsedFlags f, CloudConfig cfg, long seed, long sockets) {
        boolean embedded = f.getBool("embedded");
        // the production launcher's choice (BrokerLaunchers): the proxy always in this process, a broker when it fits
        boolean inProcess = embedded && ("proxy".equals(cfg.target())
                || new FdBudget(sockets, FdBudget.processLimit()).placement() == FdBudget.Placement.IN_PROCESS);
        return new RunHeader(cfg.runId(), "cloud", Version.current(),
                QueenClient.engineFor(ClientConfig.of(cfg.url())).label(), LoadModeSupport.configLine(f, "cloud"),
                LoadModeSupport.maskedFlags(f), seed, new RunHeader.Broker(cfg.url(), embedded, inProcess));
    }

    private static int run(ParsedFlags f, CloudConfig cfg, FaultPlan faults, AttributionOptions attribution,
                           List<CloudTenant> tenants, CloudCsv csv, RunRecordWriter<CloudCounters.Snapshot> record,
                           ShardedStart start, long seed, PrintStream out, PrintStream err) throws Exception {
        CloudConsole console = new CloudConsole(out, cfg.pushBatch());
        int drain = cfg.effectiveDrainSec(faults.any());
        console.printHeader(cfg, tenants.size(), faults.any() ? faults.toString() : null, drain,
                drain > cfg.drainSec());
        List<QueenClient> clients;
        try {
            clients = CloudRun.clientsFor(cfg, tenants);
        } catch (RuntimeException e) {
            err.println("goload -mode cloud: client init failed: " + e.getMessage());
            return ExitCodes.SETUP;
        }
        CountDownLatch done = new CountDownLatch(1);
        ResultPipeline results = ResultPipeline.started(f, METRICS, out, err, cfg.runId(), "cloud",
                f.getInt("duration"),
                // the console's rule: the partial last interval only when over 100 ms
                s -> !s.last() || s.seconds() > 0.1);
        if (results == null) return ExitCodes.SETUP; // -metrics-addr cannot be bound
        try {
            CloudRun[] running = new CloudRun[1]; // -threshold-abort stops it as a signal does
            CloudRun run = new CloudRun(cfg, tenants, clients, faults, ResultPipeline.with(
                    results.listeners(reason -> running[0].interrupt()), console, csv, record), NanoClock.SYSTEM)
                    .loaderRules(LoaderBoundRules.DEFAULTS.withEmbeddedBroker(f.getBool("embedded")))
                    .attribution(attribution)
                    .startGate(start.gate(cfg.runId(), LoadModeSupport.maskedFlags(f)));
            running[0] = run;
            if (!run.configure()) {
                results.brokerNeverAnswered(LoaderConnections.now(clients), cfg.url());
                return ExitCodes.SETUP;
            }
            CloudResult result;
            try (SignalHooks hooks = new SignalHooks(() -> {
                run.interrupt();
                return true;
            }, done)) {
                RunStage.begin();
                result = run.execute(seed);
            } catch (StartGate.Refused e) {
                err.println("goload -mode cloud: " + e.getMessage());
                return ExitCodes.SETUP;
            }
            LossReport loss = run.attributeLoss(result);
            int nominal = new CloudStamps(cfg.payloadBytes()).nominalBytes();
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("goloadVersion", Version.current());
            extra.put("configLine", LoadModeSupport.configLine(f, "cloud"));
            extra.put("flags", LoadModeSupport.maskedFlags(f));
            extra.put("httpClient", QueenClient.engineFor(ClientConfig.of(cfg.url())).label());
            extra.put("host", HostInfo.describe());
            extra.put("reconnects", result.outcome().reconnects());
            if (csv.error() != null) {
                extra.put("csvError", csv.error().getMessage());
            }
            if (loss != null) {
                extra.put("lossAttribution", LossLines.record(loss));
            }
            Path json;
            try {
                json = CloudRecord.write(cfg.outDir(), cfg.runId(),
                        CloudRecord.build(cfg, tenants.size(), result, nominal, extra));
            } catch (IOException e) {
                err.println("goload -mode cloud: cannot write the run record: " + e.getMessage());
                json = null;
            }
            String recordError = null;
            start.record(record);
            ResultPipeline.Judgement judged = results.judge(result.outcome(), ModeFigures.of(result.verify()), record);
            try {
                record.finish(result.outcome(), CloudRunSection.of(result, loss),
                        results.withHtml(artifacts(cfg, json, csv), record, cfg.runId()));
            } catch (UncheckedIOException e) {
                recordError = e.getMessage();
            }
            console.printSummary(result, nominal);
            CloudVerdictTable.print(out, result, loss);
            results.print(judged);
            List<Path> v2 = new java.util.ArrayList<>(List.of(record.recordFile(), record.csvFile(), record.hlogFile()));
            Path page = results.html(record.recordFile());
            if (page != null) v2.add(page);
            console.printTail(result, json == null ? "(run record not written)" : json.toString(),
                    csv.path().toString(), v2);
            if (csv.error() != null) {
                err.println("goload -mode cloud: " + csv.error().getMessage());
            }
            if (recordError != null) {
                err.println("goload -mode cloud: " + recordError);
            }
            results.brokerNeverAnswered(result.outcome(), cfg.url()); // exit 1, whatever the verdict
            // A FAIL verdict outranks a missing artifact (as in app): it is printed above, and it is what a
            // script must not mistake for a setup problem; the artifact failure is on stderr either way.
            Verdict v = result.outcome().verdict();
            if (v.result() == Verdict.Result.FAIL && v.exitCode() != 0) return results.exitCode(judged, v.exitCode());
            return results.exitCode(judged, json == null || csv.error() != null || recordError != null
                    ? ExitCodes.SETUP : ExitCodes.OK);
        } finally {
            out.flush();
            results.close(); // the live endpoint, after the record and the [artifacts] block (-metrics-linger)
            done.countDown();
            CloudRun.close(clients);
        }
    }

    /** The mode's own files, for the v2 record: the reference's JSON and CSV, and a tenants file this run made. */
    private static List<Artifact> artifacts(CloudConfig cfg, Path json, CloudCsv csv) {
        List<Artifact> a = new ArrayList<>();
        if (json != null) {
            a.add(Artifact.of("cloudJson", json));
        }
        a.add(Artifact.of("cloudCsv", csv.path()));
        Path synth = cfg.outDir().resolve(cfg.runId() + ".tenants.json");
        if (cfg.tenantsFile().equals(synth.toString())) {
            a.add(Artifact.of("tenantsFile", synth));
        }
        return a;
    }
}
