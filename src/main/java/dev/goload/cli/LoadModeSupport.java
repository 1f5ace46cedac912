package dev.goload.cli;

import dev.goload.client.ClientConfig;
import dev.goload.client.PopAutopilot;
import dev.goload.client.QueenClient;
import dev.goload.client.Retry429Policy;
import dev.goload.client.RetryPolicy;
import dev.goload.config.ConsumerOptions;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.config.SecretFlags;
import dev.goload.config.ShardOptions;
import dev.goload.config.TargetOptions;
import dev.goload.modes.LoadRun;
import dev.goload.modes.StartGate;
import dev.goload.modes.LoaderBoundRules;
import dev.goload.modes.LoaderMonitor;
import dev.goload.modes.RunResult;
import dev.goload.modes.RunSignal;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunOutcome;
import dev.goload.report.RunHeader;
import dev.goload.report.RunRecordWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * What the load-mode commands ({@code max}, {@code openloop}) share: turning flags into the option records,
 * building the one client, run ids and artifact directories, the SIGINT/SIGTERM hook, and running a
 * {@link LoadRun} with its formatters. Nothing here is mode-specific.
 */
final class LoadModeSupport {
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private LoadModeSupport() {}

    static TargetOptions target(ParsedFlags f, int retries) {
        String token = f.table().has("token") ? f.getString("token") : "";
        String host = f.table().has("host-header") ? f.getString("host-header") : "";
        return new TargetOptions(f.getString("url"), token, token.isEmpty() ? "" : host, f.getInt("timeout"),
                f.getInt("idle-conns"), retries, f.getInt("retry429-attempts"), f.getString("pop-autopilot"),
                idleTimeoutMillis(f));
    }

    /**
     * {@code -idle-timeout} in ms, for the load modes and {@code goload broker} (-1 = the client default when the
     * table has no such flag); negative is rejected, beyond {@code Integer.MAX_VALUE} ms (24 days) is capped.
     */
    static int idleTimeoutMillis(ParsedFlags f) {
        if (!f.table().has("idle-timeout")) return -1;
        java.time.Duration d = f.getDuration("idle-timeout");
        if (d.isNegative()) {
            throw new IllegalArgumentException("-idle-timeout must be >= 0, got " + GoDuration.format(d));
        }
        // a positive duration below 1 ms still limits (rounded up), 0 means no limit
        return (int) Math.min(Integer.MAX_VALUE, d.isZero() ? 0 : Math.max(1, d.toMillis()));
    }

    /** {@code -seed}, or a fresh one when it is 0; the record keeps it so a run's schedule can be replayed. */
    static long seed(ParsedFlags f) {
        long seed = f.getLong("seed");
        return seed != 0 ? seed : System.nanoTime() | 1;
    }

    static QueueOptions queue(ParsedFlags f) {
        int minPopWait = f.table().has("min-pop-wait") ? f.getInt("min-pop-wait") : 0;
        boolean encrypt = "1".equals(System.getenv("GOLOAD_ENCRYPT"));
        return new QueueOptions(f.getString("queue"), f.getInt("partitions"), f.getInt("completed-retention"),
                f.getInt("dedup-window"), f.getInt("pending-retention"), minPopWait, encrypt);
    }

    static ConsumerOptions consumer(ParsedFlags f) {
        return new ConsumerOptions(f.getInt("consumers"), f.getInt("pop-batch"), f.getBool("pop-wildcard"),
                f.getInt("pop-partitions"), f.getBool("pop-wait"), f.getInt("pop-timeout"), f.getInt("empty-sleep"),
                f.getBool("manual-ack"), f.getBool("ack-async"), f.getInt("ack-inflight"));
    }

    static RunOptions run(ParsedFlags f, String mode) {
        String runId = f.getString("run-id");
        if (runId.isEmpty()) {
            runId = mode + "-" + ID_TIME.format(java.time.Instant.now()) + "-"
                    + String.format(Locale.ROOT, "%04x", ThreadLocalRandom.current().nextInt(0x10000));
        }
        String out = f.getString("out");
        Path dir = out.isEmpty() ? Path.of("goload-runs", runId) : Path.of(out);
        // provision has neither flag: its run is as long as its work, reported as one interval
        return new RunOptions(f.table().has("duration") ? f.getInt("duration") : 0,
                f.table().has("report") ? f.getInt("report") : 1, dir, runId, configLine(f, mode));
    }

    /** The options each load mode configures its queue with at t=0 (goload-behavior.md §2.1, §2.2). */
    static Map<String, Object> configureOptions(QueueOptions q, boolean withMinPopWait) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("retentionEnabled", true);
        o.put("completedRetentionSeconds", q.completedRetentionSeconds());
        o.put("retentionSeconds", q.pendingRetentionSeconds());
        o.put("leaseTime", 30);
        o.put("dedupWindowSeconds", q.dedupWindowSeconds());
        o.put("encryptionEnabled", q.encryption());
        if (withMinPopWait) {
            o.put("minPopWaitTime", q.minPopWaitMillis());
        }
        return o;
    }

    /** The loader-bound rules of this command line: the defaults, told whether an embedded broker shares the CPU. */
    static LoaderBoundRules loaderRules(ParsedFlags f) {
        return LoaderBoundRules.DEFAULTS.withEmbeddedBroker(f.getBool("embedded"));
    }

    /** A loader monitor sampling every second, for the modes without a report loop of their own. */
    static LoaderMonitor periodicMonitor(ParsedFlags f) {
        return new LoaderMonitor(loaderRules(f)).samplingEverySecond();
    }

    /** The end of such a run: the last stretch sampled, then the whole-run summary. */
    static RunResult.LoaderSummary wholeRun(LoaderMonitor monitor) {
        return monitor.finish();
    }

    static QueenClient client(TargetOptions t, RetryPolicy retry) {
        Retry429Policy r429 = switch (t.retry429Attempts()) {
            case 1 -> Retry429Policy.NONE;
            case 0 -> Retry429Policy.goDefaults();
            default -> t.retry429Attempts() < 0 ? Retry429Policy.NONE : Retry429Policy.of(t.retry429Attempts());
        };
        ClientConfig c = ClientConfig.of(t.url())
                .withTimeoutMillis(t.timeoutMillis())
                .withIdleConns(t.idleConns())
                .withIdleTimeoutMillis(t.idleTimeoutMillis())
                .withRetry(retry)
                .withRetry429(r429)
                .withPopAutopilot("on".equals(t.popAutopilot()) ? PopAutopilot.ON : PopAutopilot.OFF);
        if (!t.token().isEmpty()) {
            c = c.withBearerToken(t.token());
            if (!t.hostHeader().isEmpty()) {
                c = c.withHostHeader(t.hostHeader());
            }
        }
        return new QueenClient(c);
    }

    /** The flags as given, secrets masked: recorded in every artifact. */
    static String configLine(ParsedFlags f, String mode) {
        StringBuilder b = new StringBuilder("goload -mode ").append(mode);
        f.values().forEach((name, v) -> {
            if (!"mode".equals(name) && f.isSet(name)) {
                // a repeatable flag (-threshold) once per value, as it was given
                for (Object one : v instanceof List<?> l ? l : List.of(v)) {
                    b.append(" -").append(name).append('=').append(SecretFlags.isSecret(name) ? "***" : String.valueOf(one));
                }
            }
        });
        return b.toString();
    }

    /** Every effective flag value, secrets masked. */
    static Map<String, Object> maskedFlags(ParsedFlags f) {
        Map<String, Object> m = new LinkedHashMap<>();
        // a duration as Go prints it ("5s"): the record's JSON mapper has no java.time support
        f.values().forEach((k, v) -> m.put(k, SecretFlags.isSecret(k) && !String.valueOf(v).isEmpty() ? "***"
                : v instanceof java.time.Duration d ? GoDuration.format(d) : v));
        return m;
    }

    static TargetOptions masked(TargetOptions t) {
        return new TargetOptions(t.url(), t.token().isEmpty() ? "" : "***", t.hostHeader(), t.timeoutMillis(),
                t.idleConns(), t.retries(), t.retry429Attempts(), t.popAutopilot(), t.idleTimeoutMillis());
    }

    /**
     * The opening fields of a load run's {@code goload.run/2} record: run id, mode, version, client, configuration
     * line, every flag (secrets masked), the seed, and where the traffic went.
     */
    static RunHeader header(ParsedFlags f, String mode, RunOptions run, QueenClient client, Long seed) {
        boolean embedded = f.table().has("embedded") && f.getBool("embedded");
        return new RunHeader(run.runId(), mode, Version.current(), client.engine().label(), run.configLine(),
                maskedFlags(f), seed, new RunHeader.Broker(f.getString("url"), embedded, embedded));
    }

    /**
     * Runs a load run with its console formatter and its {@code goload.run/2} record, stopping cleanly on
     * SIGINT/SIGTERM: the first signal stops the run, which then ends normally (final lines and artifacts written, so
     * nothing is lost) with its own exit code — 0, as the reference — instead of the JVM's 128+signo.
     *
     * @param console    the mode's console, a listener of the run
     * @param finalLines prints the console's final lines from the outcome
     * @param section    the mode's section of the record ({@code configureError} is added to it)
     * <p>For one shard of a sharded run, shard 0 with {@code -coordinate-listen} serves the start barrier until
     * its run ends, the run joins the coordinated start after its warm-up (a refused or timed-out start is exit 1,
     * nothing pushed), and the record names the shard, T0 and the clock offset.
     *
     * @return the exit code (0: the run finished; 1: artifacts could not be written)
     */
    static int execute(LoadRun.Setup setup, ShardOptions shards, QueenClient client,
                       java.util.function.Function<LoadRun.Context, LoadRun.Producers> producers,
                       RunListener<Void> console, Consumer<RunOutcome> finalLines, RunHeader header,
                       java.util.function.Supplier<Map<String, Object>> section, ResultPipeline results,
                       PrintStream out, PrintStream err) throws Exception {
        RunOptions run = setup.run();
        ShardedStart start;
        try {
            start = ShardedStart.open(shards, out);
        } catch (java.io.IOException | IllegalArgumentException e) {
            err.println("goload: cannot serve the start barrier on " + shards.coordinateListen() + ": " + e.getMessage());
            client.close();
            return ExitCodes.SETUP;
        }
        try (start) {
            return execute(setup, client, producers, console, finalLines, header, section, results, out, err,
                    start.gate(run.runId(), header.flags()), start::record);
        } catch (java.io.IOException e) { // closing the record or the barrier
            err.println("goload: " + e.getMessage());
            return ExitCodes.SETUP;
        }
    }

    private static int execute(LoadRun.Setup setup, QueenClient client,
                               java.util.function.Function<LoadRun.Context, LoadRun.Producers> producers,
                               RunListener<Void> console, Consumer<RunOutcome> finalLines, RunHeader header,
                               java.util.function.Supplier<Map<String, Object>> section, ResultPipeline results,
                               PrintStream out, PrintStream err, StartGate gate,
                               Consumer<RunRecordWriter<Void>> beforeRecord) throws Exception {
        RunOptions run = setup.run();
        RunRecordWriter<Void> record;
        try {
            record = new RunRecordWriter<>(run.outDir(), header, System.currentTimeMillis());
            record.warnings(err).shardFrom(beforeRecord);
        } catch (java.io.IOException e) {
            err.println("goload: cannot create the artifact directory " + run.outDir() + ": " + describe(e));
            return ExitCodes.SETUP;
        }
        RunSignal signal = new RunSignal();
        try (record; client; SignalHooks hooks = SignalHooks.stopping(signal, out)) {
            RunStage.begin();
            List<RunListener<Void>> listeners = new ArrayList<>(List.of(console, record));
            listeners.addAll(results.listeners(signal));
            RunResult result;
            try {
                result = new LoadRun(setup, client, producers, listeners, dev.goload.pace.NanoClock.SYSTEM, gate)
                        .execute(signal);
            } catch (StartGate.Refused e) {
                err.println("goload: " + e.getMessage());
                return ExitCodes.SETUP;
            }
            finalLines.accept(result.outcome());
            beforeRecord.accept(record);
            Map<String, Object> sec = new LinkedHashMap<>(section.get()); // after the run: it may hold run figures
            sec.put("configureError", result.configureError());
            return results.finish(result.outcome(), Map.of(), record, sec, List.of(), ExitCodes.OK);
        } catch (java.io.UncheckedIOException e) {
            err.println("goload: " + e.getMessage());
            return ExitCodes.SETUP;
        } finally {
            out.flush();
        }
    }

    /** NIO's own message is often just the path (FileAlreadyExistsException): say what is wrong with it. */
    private static String describe(java.io.IOException e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return "it (or a parent) exists and is not a directory: " + f.getFile();
        }
        if (e instanceof java.nio.file.AccessDeniedException f) {
            return "permission denied: " + f.getFile();
        }
        return e.getMessage();
    }
}
