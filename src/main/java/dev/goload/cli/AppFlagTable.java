package dev.goload.cli;

import java.time.Duration;

/** The {@code -mode app} flags of spec §2.8 (see {@link FlagTables#app()}). */
final class AppFlagTable {
    private AppFlagTable() {}

    static FlagTable build(FlagTable t) {
        return t.string("url", FlagTables.BROKER_URL, "broker base URL")
                .string("queue", "appq", "stage-1 queue")
                .string("stage2-queue", "appq-stage2", "stage-2 queue (transaction target)")
                .intFlag("target-rate", 20000, "total push msg/s, closed loop (0 = unpaced closed loop: as fast as responses allow, not an open loop)")
                .intFlag("producers", 200, "producers, each owning a disjoint slice of sessions (single writer)")
                .intFlag("push-batch", 10, "messages per push (one session per push)")
                .intFlag("sessions", 5000, "session/partition working set")
                .float64("skew", 1.1, "Zipf exponent for session choice (<=1 = uniform)")
                .float64("session-churn", 0.0, "fraction of sessions rotated per minute")
                .intFlag("consumer-groups", 2, "consumer groups cg0..cg{N-1}; cg0 is primary (tx forwarding)")
                .intFlag("consumers-per-group", 0, "consumers per group (0 = auto from rate and mean processing time)")
                .intFlag("pop-batch", 50, "max messages per pop")
                .intFlag("pop-partitions", 10, "multi-partition pop width")
                .bool("pop-wait", true, "long-poll pops")
                .intFlag("pop-timeout", 1000, "long-poll timeout in ms")
                .intFlag("empty-sleep", 5, "sleep in ms after an empty pop (only when not waiting)")
                .intFlag("process-ms", 20, "median per-message work in ms")
                .float64("process-jitter", 0.5, "work time jitter, +/- fraction")
                .float64("slow-msg-pct", 2.0, "% of messages flagged slow")
                .intFlag("slow-msg-ms", 500, "work time of a slow message in ms")
                .float64("slow-part-pct", 0.5, "% of partitions that are stuck")
                .intFlag("slow-part-ms", 3000, "work time on a stuck partition in ms")
                .float64("fail-pct", 2.0, "% of deliveries acked failed (transient)")
                .float64("poison-pct", 0.2, "% of messages that always fail (DLQ after retry-limit)")
                .intFlag("retry-limit", 5, "configure retryLimit")
                .float64("tx-pct", 10.0, "% of primary-group completions done as ack+push transactions")
                .intFlag("lease-time", 30, "configure leaseTime (s)")
                .bool("renew-lease", true, "renew leases while processing slow batches")
                .intFlag("stage2-process-ms", 5, "stage-2 work in ms")
                .intFlag("stage2-consumers", 40, "stage-2 drainers (group stage2)")
                .intFlag("payload-min", 512, "minimum random data length")
                .intFlag("payload-max", 4096, "maximum random data length")
                .intFlag("completed-retention", 300, "configure completedRetentionSeconds")
                .intFlag("pending-retention", 7200, "configure retentionSeconds")
                .float64("burst-mult", 1.0, "periodic rate multiplier")
                .duration("burst-every", Duration.ofMinutes(30), "burst period")
                .duration("burst-for", Duration.ofMinutes(5), "burst length")
                .string("verify-log", "", "directory for cg<g>.tsv and manifest.tsv raw logs")
                .bool("reset", false, "DELETE both queues before starting")
                .intFlag("producer-seconds", 0, "stop producers after N s, then drain")
                .intFlag("drain-quiet", 15, "with -producer-seconds: end after this many seconds without consume progress")
                .intFlag("idle-conns", 1024, "HTTP keep-alive connections per host")
                .intFlag("timeout", 30000, "HTTP request timeout in ms")
                .intFlag("report", 5, "report interval in seconds")
                .intFlag("duration", 0, "run length in seconds (0 = until signal)")
                .intFlag("retries", 2, "SDK RetryAttempts (<=0 = one attempt)")
                .int64("seed", 0, FlagTables.ADDITION + "seed of every random choice (sessions, payload sizes,"
                        + " fail/poison/slow draws); 0 = a fresh seed per run")
                .intFlag("checker-capacity", AppCommand.DEFAULT_CHECKER_CAPACITY, FlagTables.ADDITION
                        + "partitions per group the online order checker tracks before forgetting the least"
                        + " recently seen (bounded memory, ~100 B each)");
    }
}
