package dev.goload.cli;

/** The {@code -mode cloud} flags of spec §2.3 (see {@link FlagTables#cloud()}). */
final class CloudFlagTable {
    private CloudFlagTable() {}

    static FlagTable build(FlagTable t) {
        return t.string("target", "proxy", "proxy or broker")
                .string("url", "", "base URL (default http://127.0.0.1:6711 for proxy, http://127.0.0.1:6632 for broker)")
                .string("tenants-file", "tenants.json", "credentials from -mode provision (required for -target proxy)")
                .intFlag("tenants", 0, "drive the first N tenants of the file (0 = all); broker target without"
                        + " a file: number of synthesized tenants")
                .bool("broker-tenant-header", true, "broker target: send x-queen-tenant per tenant; false = no"
                        + " header, one shared client (pre-tenancy control)")
                .bool("shared-queue", true, "all tenants use -queue and -group; false = queue <queue>-t%04d per tenant")
                .string("queue", "orders", "queue name or prefix")
                .string("group", "workers", "consumer group")
                .intFlag("partitions", 1, "partitions per queue (<=1 = the Default partition)")
                .intFlag("rate", 0, "total offered msg/s (required unless -per-tenant-rate)")
                .float64("per-tenant-rate", 0, "offered msg/s per tenant (overrides -rate)")
                .intFlag("push-batch", 1, "messages per push request (must be > 0)")
                .intFlag("producers-per-tenant", 1, "pacer tasks per tenant (raise beyond ~2k req/s per tenant)")
                .intFlag("max-inflight", 4096, "global in-flight push-request cap")
                .intFlag("consumers-per-tenant", 1, "consumer tasks per tenant (0 = push-only)")
                .intFlag("pop-batch", 100, "max messages per pop (0 = let the broker size it)")
                .bool("pop-wait", true, "long-poll pops")
                .intFlag("pop-timeout", 5000, "long-poll timeout in ms")
                .intFlag("pop-partitions", 1, ">1 = multi-partition pop")
                .float64("active-fraction", 1.0, "fraction of partitions that receive pushes (0<f<1: max(1, ceil(partitions*f)))")
                .bool("auto-ack", false, "server-side autoAck instead of lease + explicit batch ack")
                .intFlag("empty-sleep", 5, "sleep in ms after an empty pop (only when not long-polling)")
                .intFlag("payload", 256, "padding string length in bytes")
                .intFlag("duration", 60, "load phase length in seconds")
                .intFlag("drain", 15, "consume-only seconds after producers stop, before the verdict")
                .intFlag("report", 5, "report and CSV interval in seconds")
                .intFlag("timeout", 30000, "HTTP request timeout in ms")
                .intFlag("idle-conns", 0, "idle connections per tenant client (0 = consumers-per-tenant +"
                        + " max-inflight/tenants + 4, capped at 512)")
                .intFlag("retry429-attempts", 1, "429 policy: 1 = surface every 429 immediately; n>1 = bounded"
                        + " client backoff; 0 = SDK kind defaults")
                .intFlag("retries", 0, "5xx/network retries (<=0 = exactly one attempt)")
                .intFlag("completed-retention", 300, "configure completedRetentionSeconds")
                .intFlag("pending-retention", 3600, "configure retentionSeconds")
                .intFlag("lease-time", 30, "configure leaseTime (s)")
                .intFlag("dedup-window", 0, "configure dedupWindowSeconds")
                .intFlag("min-pop-wait", 0, "configure minPopWaitTime (ms)")
                .bool("skip-configure", false, "do not configure the queues at t=0")
                .bool("verify", true, "per-message delivery accounting")
                .bool("fail-on-verify", true, "exit 3 when the verdict is not PASS")
                .string("fault", "", "fault injection dup-push=N,lose-msg=N,drop-ack=N (the verdict must then fail)")
                .string("out", ".", "artifact directory (created)")
                .string("run-id", "", "run id (default cloud-<target>-<unix seconds>)")
                .string("note", "", "free text recorded in the JSON")
                .float64("ramp-sec", 0, FlagTables.ADDITION + "linear ramp of each tenant's offered rate from 0 over"
                        + " N seconds (0 = the reference: full rate at once)")
                .intFlag("behind-ms", 5000, FlagTables.ADDITION + "how far (ms) a tenant pacer may fall behind its"
                        + " schedule before owed requests are shed as 'behind' (the reference skipped at 5 s)");
    }
}
