package dev.goload.cli;

/**
 * The flag set of every mode, transcribed from spec §2 (names, Go types, defaults) plus the goload-Java
 * additions, whose usage text starts with {@value #ADDITION}. Each call builds a fresh table.
 */
public final class FlagTables {
    private FlagTables() {}

    /** Usage prefix marking a flag the Go reference does not have. */
    public static final String ADDITION = "[goload-java addition] ";

    static final String BROKER_URL = "http://127.0.0.1:6632";
    static final String PROXY_URL = "http://127.0.0.1:6711";

    /** A table named as the reference names its flag sets, with the dummy {@code -mode} flag declared. */
    static FlagTable newModeTable(String mode) {
        return new FlagTable("goload -mode " + mode)
                .string("mode", mode, "workload mode, selected before flag parsing: max | app | openloop | cm"
                        + " | cloud | provision | order | tenants");
    }

    /** The goload-Java additions shared by every load mode; flags the mode already declares are kept as-is. */
    static FlagTable addLoadModeCommons(FlagTable t) {
        t.bool("embedded", false, ADDITION + "start the embedded in-process broker on a free loopback port"
                + " and point the run at it (overrides -url)");
        if (!t.has("out")) {
            t.string("out", "", ADDITION + "artifact directory; \"\" = goload-runs/<run-id>/ for modes that"
                    + " write a run record");
        }
        t.string("pop-autopilot", "off", ADDITION + "pop wire shape: off = always send batch (and partitions"
                + " when > 1); on = autopilot-era SDK shape, autopilot=true and unset knobs omitted (queen-wire §B.3)");
        if (!t.has("retry429-attempts")) {
            t.intFlag("retry429-attempts", 1, ADDITION + "client 429 policy: 1 = surface every 429 at once"
                    + " (producers never retry by default); n>1 = bounded client backoff; 0 = SDK kind defaults");
        }
        if (!t.has("run-id")) t.string("run-id", "", ADDITION + "run identifier; \"\" = generated");
        return addResultFlags(t);
    }

    /**
     * What every mode's run is judged and reported by once it ends (docs/reporting.md): thresholds and
     * {@code -strict} here, read by {@link ResultPipeline}; the HTML report's {@code -html} and the live metrics'
     * {@code -metrics-addr} belong here too, so every mode (load modes through {@link #addLoadModeCommons}, and
     * {@code provision}) gets them from this one place.
     */
    static FlagTable addResultFlags(FlagTable t) {
        addJudgementFlags(t, true);
        t.string("metrics-addr", "", ADDITION + "serve live metrics (Prometheus text, OpenMetrics, protobuf with native"
                + " histograms) on HOST:PORT during the run, e.g. 127.0.0.1:9464; :PORT = every interface; port 0 ="
                + " a free one (the address is printed on stderr); \"\" = off");
        t.duration("metrics-linger", java.time.Duration.ZERO, ADDITION + "after the run, keep serving the final"
                + " metrics until one scrape has fetched them or this long has passed (Go duration; 0 = stop at once)");
        t.string("dashboard", "", ADDITION + "serve a live dashboard of the run (page and event stream) on HOST:PORT,"
                + " e.g. 127.0.0.1:5665; :PORT = every interface; port 0 = a free one; shard I of a sharded run serves"
                + " on PORT+I; the address is printed on stderr (docs/dashboard.md); \"\" = off");
        t.duration("dashboard-linger", java.time.Duration.ZERO, ADDITION + "after the run, keep serving the"
                + " dashboard's final page this long (Go duration; 0 = stop once connected pages have the final event)");
        t.bool("progress", true, ADDITION + "on runs with a -duration, print [HH:MM:SS] + t=elapsed/duration (pct%)"
                + " after each interval's lines");
        return t;
    }

    /**
     * {@code -threshold}, {@code -strict} and {@code -html}: how a finished run is judged and reported, by a run and by
     * {@code goload merge} alike (both through {@link ResultPipeline}); {@code live} adds {@code -threshold-abort},
     * which only a running run can act on.
     */
    static FlagTable addJudgementFlags(FlagTable t, boolean live) {
        t.strings("threshold", ADDITION + "a pass/fail `expr` on the run's results, one per -threshold:"
                + " push.p99<10ms, shed==0, errors.rate<0.1%, achieved>=0.99*offered (docs/reporting.md#thresholds);"
                + " a failed one exits 4, an unknown metric exits 2 before anything is sent");
        if (live) {
            t.intFlag("threshold-abort", 0, ADDITION + "stop the run (cleanly, artifacts complete) when a -threshold"
                    + " has been broken for this many seconds of intervals; 0 = judge at the end only");
        }
        t.bool("strict", false, ADDITION + "a loader-bound run is invalid as a measurement: exit 5 (without it, a"
                + " warning)");
        t.bool("html", true, ADDITION + "write the run's HTML report next to its record, <run-id>.html"
                + " (docs/reporting.md); -html=false skips it");
        return t;
    }

    /**
     * {@code -idle-timeout}, next to {@code -idle-conns} in every load mode (in cloud, every tenant client): a pooled
     * keep-alive socket idle this long is closed, not reused (below the server's own idle timeout, so the server
     * never closes a socket the client is about to send on).
     */
    static FlagTable addIdleTimeout(FlagTable t) {
        return t.duration("idle-timeout", java.time.Duration.ofMillis(dev.goload.client.ClientConfig.DEFAULT_IDLE_TIMEOUT_MILLIS),
                ADDITION + "close pooled keep-alive connections idle this long instead of reusing them"
                        + " (Go duration; keep it below the server's idle timeout: uWebSockets 10s; 0 = no limit)");
    }

    /** {@code -mode max}: closed-loop max pipe (spec §2.1). */
    public static FlagTable max() {
        FlagTable t = newModeTable("max");
        t.string("url", BROKER_URL, "broker base URL (no proxy options in this mode)");
        t.string("queue", "benchq", "queue name");
        t.intFlag("partitions", 100, "partitions p0..p{N-1} to round-robin pushes over (must be > 0)");
        t.intFlag("producers", 300, "producer tasks (closed loop)");
        t.intFlag("consumers", 150, "consumer tasks");
        t.intFlag("retries", 2, "SDK RetryAttempts for 5xx/network errors; <=0 means exactly one attempt");
        addPipeFlags(t, 512);
        addLoadDrain(t);
        ShardFlags.add(t);
        return addLoadModeCommons(t);
    }

    /** {@code -mode openloop}: paced offered load with schedule-based push latency (spec §2.2). */
    public static FlagTable openloop() {
        FlagTable t = newModeTable("openloop");
        t.string("url", BROKER_URL, "broker base URL (or the proxy, with -token)");
        t.string("queue", "benchq", "queue name");
        t.intFlag("partitions", 100, "partitions p0..p{N-1} to spread pushes over (must be > 0)");
        t.intFlag("consumers", 150, "consumer tasks (closed-loop drainers)");
        addPipeFlags(t, 2048);
        t.intFlag("rate", 0, "total offered msg/s (required, > 0)");
        t.intFlag("max-inflight", 20000, "in-flight push-request cap; a request finding it full is shed (must be > 0)");
        t.intFlag("ramp-sec", 0, "linear ramp of the offered rate from 0 to -rate over N seconds");
        t.string("token", "", "Bearer token (tenant API key): aim at the proxy");
        t.string("host-header", "", "Host header (cluster slug); only used together with -token");
        t.intFlag("min-pop-wait", 0, "configure minPopWaitTime (ms): the broker may hold an under-full pop this long");
        t.intFlag("active-partitions", 0, "distinct partitions written per second out of the -partitions space"
                + " (0 or > space = whole space, plain round robin)");
        t.string("active-policy", "rotate", "active partition choice: rotate (contiguous window) or scatter");
        t.string("arrival", "uniform", ADDITION + "request arrival process: uniform or poisson");
        t.bool("e2e", false, ADDITION + "stamp the scheduled instant into each message and measure"
                + " scheduled->pop latency");
        t.intFlag("behind-ms", 1000, ADDITION + "how far (ms) the pacer may fall behind schedule before owed"
                + " requests are shed as 'behind'");
        t.int64("seed", 0, ADDITION + "seed of the -arrival poisson schedule (the same seed offers the same"
                + " instants); 0 = a fresh seed per run. The run record's arrivalSeed holds the one used");
        addLoadDrain(t);
        ShardFlags.add(t);
        return addLoadModeCommons(t);
    }


    /** The live-metrics options of parsed flags (IllegalArgumentException, exit 2, when malformed). */
    static dev.goload.config.MetricsOptions metrics(ParsedFlags f) {
        // the shard label of a sharded run's loaders: the table's -shard/-shards, when the mode can be sharded
        dev.goload.shard.Shard shard = null;
        if (f.table().has("shard")) {
            try {
                shard = ShardFlags.parse(f, System.getenv(), System.currentTimeMillis()).shard();
            } catch (IllegalArgumentException e) {
                // the mode's own shard check says what is wrong (or why it cannot be sharded): not a metrics error
            }
        }
        return dev.goload.config.MetricsOptions.parse(f.getString("metrics-addr"), f.getDuration("metrics-linger"),
                shard);
    }

    /** The dashboard's options of parsed flags (IllegalArgumentException, exit 2, when malformed). */
    static dev.goload.config.DashboardOptions dashboard(ParsedFlags f) {
        dev.goload.shard.Shard shard = null;
        if (f.table().has("shard")) {
            try {
                shard = ShardFlags.parse(f, System.getenv(), System.currentTimeMillis()).shard();
            } catch (IllegalArgumentException e) {
                // the mode's own shard check says what is wrong
            }
        }
        return dev.goload.config.DashboardOptions.parse(f.getString("dashboard"), f.getDuration("dashboard-linger"),
                shard);
    }

    /** {@code -drain} of max and openloop (the reference stops its consumers with the producers: 0). */
    private static void addLoadDrain(FlagTable t) {
        t.intFlag("drain", 0, ADDITION + "after -duration, keep the consumers popping up to N s until every pushed"
                + " message is popped (0 = stop them with the producers, as the reference)");
    }

    /** Flags max and openloop share (openloop changes only the idle-conns default). */
    private static void addPipeFlags(FlagTable t, long idleConns) {
        t.intFlag("push-batch", 10, "messages per push request (must be > 0)");
        t.intFlag("pop-batch", 200, "max messages per pop");
        t.bool("pop-wildcard", true, "pop the queue (broker chooses the partition); false = each consumer pins"
                + " to its home partition p{i mod partitions}");
        t.intFlag("pop-partitions", 1, ">1 = multi-partition pop (batch becomes a budget across N partitions);"
                + " takes precedence over -pop-wildcard=false");
        t.bool("pop-wait", false, "long-poll pops (wait=true)");
        t.intFlag("pop-timeout", 2000, "long-poll timeout in ms (sent only with -pop-wait)");
        t.intFlag("payload", 256, "size in bytes of each message's data string");
        t.intFlag("duration", 0, "run length in seconds (0 = until SIGINT/SIGTERM)");
        t.intFlag("idle-conns", idleConns, "HTTP keep-alive connections kept per host");
        addIdleTimeout(t);
        t.intFlag("report", 5, "report interval in seconds");
        t.intFlag("completed-retention", 300, "configure completedRetentionSeconds");
        t.intFlag("dedup-window", 0, "configure dedupWindowSeconds (0 = off)");
        t.intFlag("pending-retention", 0, "configure retentionSeconds (0 = keep forever)");
        t.intFlag("timeout", 30000, "HTTP request timeout in ms");
        t.intFlag("empty-sleep", 2, "consumer sleep in ms after an empty pop");
        t.bool("manual-ack", false, "lease pops (autoAck=false) and ack each batch completed immediately");
        t.bool("ack-async", false, "with -manual-ack: ack on its own task and pop again immediately");
        t.intFlag("ack-inflight", 256, "with -ack-async: cap on concurrent acks (the consumer blocks when full)");
    }

    /** {@code -mode cloud} (spec §2.3). */
    public static FlagTable cloud() {
        return ShardFlags.add(addLossAttribution(addLoadModeCommons(addIdleTimeout(CloudFlagTable.build(
                newModeTable("cloud"))))));
    }

    /** {@code -mode cm} (spec §2.6). */
    public static FlagTable cm() {
        return ShardFlags.add(addLossAttribution(addLoadModeCommons(addIdleTimeout(CmFlagTable.build(
                newModeTable("cm"))))));
    }

    /** The loss-attribution flags of the verifying modes (cloud, order, cm). */
    static FlagTable addLossAttribution(FlagTable t) {
        return t.bool("attribute-loss", true, ADDITION + "after a verdict with missing messages, look each one up"
                        + " through the broker's message API and say where it was lost (never stored, skipped,"
                        + " delivered never acked, …)")
                .intFlag("attribute-max", dev.goload.config.AttributionOptions.DEFAULT_MAX, ADDITION
                        + "at most this many look-up calls for -attribute-loss");
    }

    /** The {@link dev.goload.config.AttributionOptions} of parsed flags (IllegalArgumentException when invalid). */
    static dev.goload.config.AttributionOptions attribution(ParsedFlags f) {
        return new dev.goload.config.AttributionOptions(f.getBool("attribute-loss"), f.getInt("attribute-max"));
    }

    /** {@code -mode app} (spec §2.8). */
    public static FlagTable app() {
        // the shard flags only to refuse them with the reason (AppCommand.SHARD_REFUSAL)
        return ShardFlags.add(addLoadModeCommons(addIdleTimeout(AppFlagTable.build(newModeTable("app")))));
    }

    /** {@code -mode provision} (spec §2.4): of the load-mode additions only the record's, and the result flags. */
    public static FlagTable provision() {
        // the shard flags only to refuse them with the reason (ProvisionCommand.SHARD_REFUSAL)
        return ShardFlags.add(provisionFlags());
    }

    private static FlagTable provisionFlags() {
        return addResultFlags(newModeTable("provision")
                .intFlag("tenants", 2, "tenant indices 0..N-1 must exist (1..10000)")
                .string("prefix", "camp", "tenant slug = cluster slug = <prefix>-%04d (a DNS label: the routing Host)")
                .string("plan", "bench", "plan code for every cluster")
                .string("cell", "bench", "cell slug to place clusters on")
                .string("file", "tenants.json", "credential cache (created or extended; existing indices never rewritten)")
                .string("psql-cmd", "docker exec -i cell-pxdb psql -qtA -v ON_ERROR_STOP=1 -U postgres -d queen_proxy",
                        "shell command that receives the SQL on stdin")
                .string("key-name", "", "API key name (default bench-<unix seconds>, fresh per run)")
                .string("email-domain", "bench.invalid", "admin e-mail = <slug>@<domain>")
                .bool("dry-run", false, "print the SQL statements and exit")
                .string("pg-url", "", ADDITION + "JDBC URL of the proxy database (jdbc:postgresql://host:port/db);"
                        + " set = prepared statements over JDBC instead of -psql-cmd")
                .string("pg-user", "postgres", ADDITION + "database user for -pg-url")
                .string("pg-password", "", ADDITION + "database password for -pg-url (prefer env PGPASSWORD; never printed)")
                .intFlag("commit-batch", 50, ADDITION + "tenants per transaction with -pg-url; keys are saved"
                        + " to -file after every commit")
                .string("out", "", ADDITION + "artifact directory (the goload.run/2 record, interval CSV, .hlog);"
                        + " \"\" = goload-runs/<run-id>/")
                .string("run-id", "", ADDITION + "run identifier; \"\" = generated"));
    }

    /** {@code -mode order} (spec §2.5). */
    public static FlagTable order() {
        FlagTable t = newModeTable("order")
                .string("target", "proxy", "proxy = credentials from -tenants-file; anything else = plain broker")
                .string("url", PROXY_URL, "base URL")
                .string("tenants-file", "", "tenants file from -mode provision (required for -target proxy)")
                .intFlag("tenant", 0, "which tenant idx to run as")
                .string("queue", "ordercheck", "queue name")
                .string("group", "orderers", "consumer group")
                .intFlag("partitions", 4, "partitions for the sequential push (<=1 = Default)")
                .intFlag("messages", 2000, "total messages")
                .intFlag("consumers", 3, "concurrent consumers on the same queue and group")
                .intFlag("pop-batch", 50, "max messages per pop")
                .intFlag("pop-partitions", 1, ">1 = multi-partition pop")
                .intFlag("pop-timeout", 5000, "long-poll timeout in ms (pops always wait)")
                .intFlag("lease-time", 60, "configure leaseTime (s)")
                .intFlag("min-pop-wait", 0, "configure minPopWaitTime (ms)")
                .intFlag("drain", 30, "max seconds to keep consuming after the last push")
                .string("out", "", "if set, write <out>/<run-id>.json")
                .string("run-id", "", "run id (default order-w<minPopWait>-<unix>)")
                .string("note", "", "free text recorded in the JSON");
        // the shard flags only to refuse them with the reason (OrderCommand): one ordered queue is not split
        return ShardFlags.add(addLossAttribution(addLoadModeCommons(addIdleTimeout(t))));
    }

    /** {@code -mode tenants} (spec §2.7). */
    public static FlagTable tenants() {
        FlagTable t = newModeTable("tenants")
                .string("url", BROKER_URL, "broker base URL")
                .intFlag("tenants", 1000, "tenants (queue-name prefixes on one shared client)")
                .intFlag("queues-per-tenant", 10, "queues per tenant, named t%04d-q%d")
                .intFlag("consumers-per-queue", 1, "long-poll consumers per queue")
                .intFlag("phase-high", 10, "per-tenant msg/s in the high phase")
                .intFlag("phase-low", 2, "per-tenant msg/s in the low phase")
                .intFlag("phase-sec", 120, "phase length in seconds; phases alternate high, low")
                .bool("stagger", true, "random per-tenant phase offset in [0, 2*phase-sec) s")
                .bool("idle-only", false, "no producers (parked consumers only)")
                .intFlag("payload", 256, "pad bytes per message")
                .intFlag("pop-batch", 32, "max messages per pop")
                .intFlag("pop-timeout", 25000, "long-poll timeout in ms")
                .intFlag("duration", 600, "seconds to run after provisioning")
                .intFlag("report", 5, "report interval in seconds")
                .intFlag("provision-conc", 64, "concurrent queue configures")
                .intFlag("idle-conns", 12000, "keep-alive connections (>= total consumers: each long-poll holds one)")
                .intFlag("timeout", 30000, "HTTP request timeout in ms (must exceed pop-timeout + 5 s)");
        return ShardFlags.add(addLoadModeCommons(addIdleTimeout(t)));
    }
}
