package dev.goload.cli;

import static dev.goload.cli.FlagGroup.CONSUMERS;
import static dev.goload.cli.FlagGroup.LOAD_SHAPE;
import static dev.goload.cli.FlagGroup.OUTPUT;
import static dev.goload.cli.FlagGroup.SEMANTICS;
import static dev.goload.cli.FlagGroup.TARGET;

import java.util.HashMap;
import java.util.Map;

/**
 * The group of every flag name, shared by all modes: a flag name means the same kind of thing in every mode
 * that declares it ({@code -pop-timeout} is a consumer knob wherever it appears), so one assignment serves
 * every table and a flag added to a table needs one line here, not an argument at every declaration.
 * A table can still override per flag ({@link FlagTable#add(String, FlagType, Object, String, FlagGroup)}).
 * Unknown names are {@link FlagGroup#OTHER}, which {@code FlagGroupsTest} rejects for mode flags.
 */
final class FlagGroups {
    private FlagGroups() {}

    private static final Map<String, FlagGroup> BY_NAME = new HashMap<>();

    private static void assign(FlagGroup g, String... names) {
        for (String n : names) {
            if (BY_NAME.putIfAbsent(n, g) != null) throw new IllegalStateException("flag assigned twice: " + n);
        }
    }

    static {
        assign(LOAD_SHAPE, "mode", "rate", "per-tenant-rate", "target-rate", "rate-events", "ramp-sec", "arrival",
                "behind-ms", "push-batch", "producers", "producers-per-tenant", "max-inflight", "partitions",
                "active-partitions", "active-policy", "active-fraction", "payload", "payload-b", "payload-min",
                "payload-max", "duration", "messages", "tenants", "sessions", "skew", "session-churn", "burst-mult",
                "burst-every", "burst-for", "producer-seconds", "properties", "push-shards", "push-chan-cap",
                "push-cost-ms", "warmup", "warmup-conc", "phase-high", "phase-low", "phase-sec", "stagger",
                "idle-only", "queues-per-tenant", "provision-conc", "seed");
        // the shard flags (cli/ShardFlags, docs/distributed.md)
        assign(LOAD_SHAPE, "shard", "shards", "start-at", "coordinator", "coordinate-listen", "coordinate-timeout");
        assign(TARGET, "url", "embedded", "target", "token", "host-header", "tenants-file", "tenant",
                "broker-tenant-header", "shared-queue", "queue", "group", "stage2-queue", "queue-prefix", "timeout",
                "idle-conns", "retries", "retry429-attempts", "push-retries", "pop-autopilot",
                "prefix", "plan", "cell", "email-domain", "key-name", "psql-cmd", "pg-url", "pg-user", "pg-password",
                // announced by parallel work on the keep-alive pool
                "idle-timeout");
        assign(CONSUMERS, "consumers", "consumers-per-tenant", "consumers-per-group", "consumer-groups",
                "consumers-per-queue", "pop-batch", "pop-wildcard", "pop-partitions", "pop-wait", "pop-timeout",
                "empty-sleep", "ack-async", "ack-inflight", "auto-ack", "workers-db", "workers-cal", "workers-ota",
                "db-sleep-min", "db-sleep-max", "cal-sleep", "ota-sleep", "process-ms", "process-jitter",
                "slow-msg-pct", "slow-msg-ms", "slow-part-pct", "slow-part-ms", "stage2-process-ms",
                "stage2-consumers", "final-targeted", "intermediate-targeted", "sweep-floor-ms", "drain",
                "drain-quiet", "renew-lease");
        assign(SEMANTICS, "manual-ack", "completed-retention", "dedup-window", "pending-retention", "lease-time",
                "min-pop-wait", "retry-limit", "skip-configure", "verify", "fail-on-verify", "fault", "fail-pct",
                "poison-pct", "tx-pct", "reset", "verify-only", "checker-capacity", "commit-batch");
        assign(OUTPUT, "report", "out", "run-id", "note", "logdir", "verify-log", "e2e", "file", "dry-run",
                // announced by parallel work on loss attribution
                "attribute-loss", "attribute-max",
                // the result flags (FlagTables.addResultFlags): thresholds, the report, live metrics, progress
                "threshold", "threshold-abort", "strict", "html", "metrics-addr", "metrics-linger", "dashboard",
                "dashboard-linger", "progress");
    }

    /** The group of {@code flag} in every table that does not override it; {@link FlagGroup#OTHER} if unassigned. */
    static FlagGroup of(String flag) {
        return BY_NAME.getOrDefault(flag, FlagGroup.OTHER);
    }
}
