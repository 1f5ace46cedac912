package dev.goload.cli;

/** The {@code -mode cm} flags of spec §2.6 (see {@link FlagTables#cm()}). */
final class CmFlagTable {
    private CmFlagTable() {}

    static FlagTable build(FlagTable t) {
        return t.string("url", "http://127.0.0.1:6640", "broker base URL (note: port 6640)")
                .intFlag("properties", 1000, "properties = partitions per queue (> 0)")
                .intFlag("rate-events", 0, "total events/s entering the system, split A=floor(r/2), B=r-A (required, > 0)")
                .intFlag("ramp-sec", 0, "linear ramp of both pacers over N seconds")
                .intFlag("duration", 0, "run length in seconds (0 = until signal)")
                .bool("pop-wait", true, "long-poll pops (non-targeted stages only)")
                .intFlag("pop-timeout", 2000, "long-poll timeout in ms (non-targeted stages only)")
                .intFlag("pop-batch", 100, "max messages per pop (all stages)")
                .intFlag("pop-partitions", 10, "multi-partition pop width (non-targeted stages only)")
                .intFlag("workers-db", 0, "cm-db executor cap (0 = max(4, ceil(rate*sleep_ms/1000*1.5)))")
                .intFlag("workers-cal", 0, "cm-cal executor cap (0 = auto)")
                .intFlag("workers-ota", 0, "per-OTA-group executor cap (0 = auto)")
                .intFlag("push-cost-ms", 20, "parsed but unused (kept for compatibility)")
                .intFlag("push-shards", 64, "ordered pusher shards per flow (capped at properties)")
                .intFlag("push-chan-cap", 1024, "per-shard queue capacity (full = shed, no seq consumed)")
                .intFlag("db-sleep-min", 10, "stage A work ms, uniform minimum")
                .intFlag("db-sleep-max", 20, "stage A work ms, uniform maximum")
                .intFlag("cal-sleep", 10, "stage B work ms")
                .intFlag("ota-sleep", 30, "final stage work ms")
                .intFlag("dedup-window", 300, "configure dedupWindowSeconds on all 4 queues")
                .intFlag("completed-retention", 300, "configure completedRetentionSeconds on all 4 queues")
                .intFlag("lease-time", 60, "configure leaseTime on all 4 queues")
                .intFlag("payload-b", 2048, "flow-B rates pad target bytes")
                .intFlag("report", 1, "report interval in seconds")
                .intFlag("idle-conns", 2048, "HTTP keep-alive connections per host")
                .intFlag("ack-inflight", 1024, "shared async-ack cap for all stages")
                .intFlag("timeout", 30000, "HTTP request timeout in ms")
                .string("logdir", "/root/cmlogs", "per-stage logs and produced.meta")
                .string("queue-prefix", "", "prefix for the 4 queue names (isolates reruns)")
                .bool("warmup", true, "push seq 0 for every property on both flows and drain before the pacer starts")
                .intFlag("warmup-conc", 96, "concurrent warm-up pushes per flow")
                .bool("final-targeted", true, "final stages use targeted pops with static partition ownership")
                .bool("intermediate-targeted", true, "cm-db/cm-cal use targeted pops with static partition ownership")
                .intFlag("sweep-floor-ms", 250, "targeted mode: minimum wall time per full sweep")
                .bool("verify-only", false, "only run the verifier on -logdir and exit (0 PASS / 3 FAIL / 1 setup failure)")
                .string("token", "", "Bearer token (later build): aim at the proxy")
                .string("host-header", "", "Host header (later build); only used together with -token")
                .intFlag("push-retries", 50, FlagTables.ADDITION + "attempts per push (3 ms doubling to 1 s; same"
                        + " transaction id every attempt) before a push is given up (its seq then shows as a gap)");
    }
}
