package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class FlagTablesTest {

    private static ParsedFlags defaults(FlagTable t) throws Exception { return GoFlagParser.parse(t); }

    private static final Map<String, Supplier<FlagTable>> ALL = Map.of(
            "max", FlagTables::max, "openloop", FlagTables::openloop, "cloud", FlagTables::cloud,
            "provision", FlagTables::provision, "order", FlagTables::order, "cm", FlagTables::cm,
            "tenants", FlagTables::tenants, "app", FlagTables::app);

    @Test
    void maxDefaultsMatchSpec() throws Exception {
        ParsedFlags f = defaults(FlagTables.max());
        assertEquals("http://127.0.0.1:6632", f.getString("url"));
        assertEquals("benchq", f.getString("queue"));
        assertEquals(100, f.getLong("partitions"));
        assertEquals(300, f.getLong("producers"));
        assertEquals(150, f.getLong("consumers"));
        assertEquals(10, f.getLong("push-batch"));
        assertEquals(200, f.getLong("pop-batch"));
        assertTrue(f.getBool("pop-wildcard"));
        assertEquals(1, f.getLong("pop-partitions"));
        assertFalse(f.getBool("pop-wait"));
        assertEquals(2000, f.getLong("pop-timeout"));
        assertEquals(256, f.getLong("payload"));
        assertEquals(512, f.getLong("idle-conns"));
        assertEquals(300, f.getLong("completed-retention"));
        assertEquals(30000, f.getLong("timeout"));
        assertEquals(2, f.getLong("empty-sleep"));
        assertEquals(2, f.getLong("retries"));
        assertEquals(256, f.getLong("ack-inflight"));
        assertFalse(f.getBool("manual-ack"));
    }

    @Test
    void maxHasExactlyTheSpecFlagsPlusTheCommonAdditions() {
        List<String> names = FlagTables.max().definitions().stream().map(FlagDef::name).sorted().toList();
        assertEquals(List.of("ack-async", "ack-inflight", "completed-retention", "consumers", "coordinate-listen",
                "coordinate-timeout", "coordinator", "dashboard", "dashboard-linger", "dedup-window", "drain",
                "duration", "embedded", "empty-sleep",
                "html", "idle-conns", "idle-timeout", "manual-ack", "metrics-addr", "metrics-linger", "mode", "out",
                "partitions", "payload", "pending-retention", "pop-autopilot", "pop-batch", "pop-partitions",
                "pop-timeout", "pop-wait", "pop-wildcard", "producers", "progress", "push-batch", "queue", "report",
                "retries", "retry429-attempts", "run-id", "shard", "shards", "start-at", "strict", "threshold",
                "threshold-abort", "timeout", "url"), names);
    }

    @Test
    void everyModeHasTheResultFlags() {
        for (FlagTable t : List.of(FlagTables.max(), FlagTables.openloop(), FlagTables.cloud(), FlagTables.cm(),
                FlagTables.app(), FlagTables.order(), FlagTables.tenants(), FlagTables.provision())) {
            for (String flag : List.of("threshold", "threshold-abort", "strict", "html", "metrics-addr",
                    "metrics-linger", "dashboard", "dashboard-linger", "progress")) {
                assertTrue(t.has(flag), t.name() + " -" + flag);
            }
        }
    }

    @Test
    void thresholdIsRepeatableInBothFormsAndOtherFlagsStillTakeTheLastOccurrence() throws Exception {
        FlagTable t = FlagTables.openloop();
        ParsedFlags go = GoFlagParser.parse(t, "-threshold", "push.p99<10ms", "-rate", "5", "-threshold=shed==0",
                "-rate", "7");
        assertEquals(List.of("push.p99<10ms", "shed==0"), go.getStrings("threshold"));
        assertEquals(7, go.getLong("rate"));
        ParsedFlags sub = SubcommandParser.parse("openloop", "", t, List.of("--threshold", "push.p99<10ms", "--rate",
                "5", "--threshold=shed==0", "-threshold", "lag==0", "--rate", "7"), System.out, System.err);
        assertEquals(List.of("push.p99<10ms", "shed==0", "lag==0"), sub.getStrings("threshold"));
        assertEquals(7, sub.getLong("rate"));
        assertEquals(List.of(), GoFlagParser.parse(t).getStrings("threshold"));
    }

    @Test
    void openloopDefaultsMatchSpecAndDropProducersAndRetries() throws Exception {
        FlagTable t = FlagTables.openloop();
        ParsedFlags f = defaults(t);
        assertEquals(20000, f.getLong("max-inflight"));
        assertEquals(2048, f.getLong("idle-conns"));
        assertEquals(10, f.getLong("push-batch"));
        assertEquals(0, f.getLong("rate"));
        assertEquals(200, f.getLong("pop-batch"));
        assertEquals(150, f.getLong("consumers"));
        assertEquals("rotate", f.getString("active-policy"));
        assertEquals("uniform", f.getString("arrival"));
        assertEquals(1000, f.getLong("behind-ms"));
        assertFalse(f.getBool("e2e"));
        assertEquals(1, f.getLong("retry429-attempts"));
        assertEquals("off", f.getString("pop-autopilot"));
        assertFalse(t.has("producers"));
        assertFalse(t.has("retries"));
    }

    @Test
    void cloudDefaultsMatchSpecAndKeepItsOwnOut() throws Exception {
        ParsedFlags f = defaults(FlagTables.cloud());
        assertEquals(4096, f.getLong("max-inflight"));
        assertEquals("proxy", f.getString("target"));
        assertEquals("", f.getString("url"));
        assertEquals("tenants.json", f.getString("tenants-file"));
        assertEquals("orders", f.getString("queue"));
        assertEquals("workers", f.getString("group"));
        assertEquals(1, f.getLong("push-batch"));
        assertEquals(100, f.getLong("pop-batch"));
        assertTrue(f.getBool("pop-wait"));
        assertEquals(5000, f.getLong("pop-timeout"));
        assertEquals(1.0, f.getDouble("active-fraction"));
        assertEquals(0.0, f.getDouble("per-tenant-rate"));
        assertEquals(60, f.getLong("duration"));
        assertEquals(15, f.getLong("drain"));
        assertEquals(1, f.getLong("retry429-attempts"));
        assertEquals(3600, f.getLong("pending-retention"));
        assertEquals(".", f.getString("out"));
        assertTrue(f.getBool("fail-on-verify"));
    }

    @Test
    void provisionDefaultsMatchSpecWithoutLoadAdditions() throws Exception {
        FlagTable t = FlagTables.provision();
        ParsedFlags f = defaults(t);
        assertEquals(2, f.getLong("tenants"));
        assertEquals("camp", f.getString("prefix"));
        assertEquals("tenants.json", f.getString("file"));
        assertEquals("docker exec -i cell-pxdb psql -qtA -v ON_ERROR_STOP=1 -U postgres -d queen_proxy",
                f.getString("psql-cmd"));
        assertEquals("bench.invalid", f.getString("email-domain"));
        assertFalse(t.has("embedded"));
    }

    @Test
    void orderCmTenantsAppDefaultsMatchSpec() throws Exception {
        ParsedFlags order = defaults(FlagTables.order());
        assertEquals("http://127.0.0.1:6711", order.getString("url"));
        assertEquals(2000, order.getLong("messages"));
        assertEquals(3, order.getLong("consumers"));
        assertEquals(50, order.getLong("pop-batch"));
        assertEquals(30, order.getLong("drain"));

        ParsedFlags cm = defaults(FlagTables.cm());
        assertEquals("http://127.0.0.1:6640", cm.getString("url"));
        assertEquals(1000, cm.getLong("properties"));
        assertEquals(10, cm.getLong("pop-partitions"));
        assertEquals(1024, cm.getLong("ack-inflight"));
        assertEquals("/root/cmlogs", cm.getString("logdir"));
        assertEquals(96, cm.getLong("warmup-conc"));
        assertEquals(250, cm.getLong("sweep-floor-ms"));

        ParsedFlags tenants = defaults(FlagTables.tenants());
        assertEquals(1000, tenants.getLong("tenants"));
        assertEquals(12000, tenants.getLong("idle-conns"));
        assertEquals(25000, tenants.getLong("pop-timeout"));
        assertEquals(600, tenants.getLong("duration"));

        ParsedFlags app = defaults(FlagTables.app());
        assertEquals(20000, app.getLong("target-rate"));
        assertEquals(1.1, app.getDouble("skew"));
        assertEquals(Duration.ofMinutes(30), app.getDuration("burst-every"));
        assertEquals(Duration.ofMinutes(5), app.getDuration("burst-for"));
        assertEquals(7200, app.getLong("pending-retention"));
        assertEquals(0.2, app.getDouble("poison-pct"));
    }

    @Test
    void everyTableDeclaresTheDummyModeFlagAndParsesItsOwnModeArgument() throws Exception {
        for (var e : ALL.entrySet()) {
            FlagTable t = e.getValue().get();
            assertEquals("goload -mode " + e.getKey(), t.name());
            assertEquals(e.getKey(), GoFlagParser.parse(t, "-mode", e.getKey()).getString("mode"));
        }
    }

    @Test
    void everyLoadModeHasTheJavaAdditionsMarkedInTheirUsage() {
        for (var e : ALL.entrySet()) {
            if (e.getKey().equals("provision")) continue;
            FlagTable t = e.getValue().get();
            for (String add : List.of("embedded", "pop-autopilot")) {
                assertTrue(t.lookup(add).orElseThrow().usage().startsWith(FlagTables.ADDITION), e.getKey() + add);
            }
            for (String f : List.of("out", "retry429-attempts", "run-id")) assertTrue(t.has(f), e.getKey() + f);
        }
    }

    @Test
    void everyLoadModeHasTheIdleTimeoutWithItsFiveSecondDefault() throws Exception {
        for (var e : ALL.entrySet()) {
            FlagTable t = e.getValue().get();
            boolean expected = !e.getKey().equals("provision");
            assertEquals(expected, t.has("idle-timeout"), e.getKey());
            if (!expected) continue;
            assertTrue(t.lookup("idle-timeout").orElseThrow().usage().startsWith(FlagTables.ADDITION), e.getKey());
            assertEquals(Duration.ofSeconds(5), defaults(t).getDuration("idle-timeout"), e.getKey());
        }
    }

    @Test
    void goRendersTheOpenloopUsageHeaderAndQuotedStringDefaults() {
        String text = FlagTables.openloop().defaultsText();
        assertTrue(text.contains("  -queue string\n    \tqueue name (default \"benchq\")\n"), text);
        assertTrue(text.contains("  -rate int\n    \ttotal offered msg/s (required, > 0)\n"), text);
        assertTrue(text.contains("  -e2e\n    \t" + FlagTables.ADDITION), text);
    }
}
