package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.CloudConfig;
import dev.goload.modes.cloud.CloudRun;
import dev.goload.modes.cloud.CloudTenant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 §1 in {@code -mode cloud}: {@code -idle-timeout} reaches every tenant client, and a broker that closes
 * idle keep-alive sockets costs no error — the re-sent requests are counted as {@code reconnects} (summed over the
 * tenant clients) in the record's additions and on a {@code + } summary line before the verdict.
 */
class CloudKeepAliveTest {
    @TempDir
    Path dir;

    private List<QueenClient> clientsFor(String target, boolean tenantHeader, String... idleTimeout) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("-target", target, "-rate", "10",
                "-broker-tenant-header=" + tenantHeader));
        args.addAll(List.of(idleTimeout));
        CloudConfig cfg = CloudCommand.config(GoFlagParser.parse(FlagTables.cloud(), args));
        List<CloudTenant> tenants = List.of(new CloudTenant(0, "t0", "c0", "b0", "k0"),
                new CloudTenant(1, "t1", "c1", "b1", "k1"), new CloudTenant(2, "t2", "c2", "b2", "k2"));
        return CloudRun.clientsFor(cfg, tenants);
    }

    @Test
    void theIdleTimeoutReachesEveryTenantClientOfEveryTarget() throws Exception {
        for (String target : List.of("proxy", "broker")) {
            for (boolean header : List.of(true, false)) {
                List<QueenClient> clients = clientsFor(target, header, "-idle-timeout", "750ms");
                try {
                    assertEquals(3, clients.size());
                    for (QueenClient c : clients) {
                        assertEquals(750, c.config().idleTimeoutMillis(), target + " header=" + header);
                    }
                } finally {
                    CloudRun.close(clients);
                }
            }
        }
        List<QueenClient> defaults = clientsFor("proxy", true);
        try {
            for (QueenClient c : defaults) {
                assertEquals(ClientConfig.DEFAULT_IDLE_TIMEOUT_MILLIS, c.config().idleTimeoutMillis());
            }
        } finally {
            CloudRun.close(defaults);
        }
        List<QueenClient> unlimited = clientsFor("broker", true, "-idle-timeout", "0");
        try {
            assertEquals(0, unlimited.get(0).config().idleTimeoutMillis(), "0 = no limit, not the default");
        } finally {
            CloudRun.close(unlimited);
        }
    }

    @Test
    void aNegativeIdleTimeoutIsAUsageError() {
        MainRun r = MainRun.of("-mode", "cloud", "-target", "broker", "-rate", "10", "-duration", "1",
                "-tenants-file", dir.resolve("absent.json").toString(), "-out", dir.toString(), "-idle-timeout", "-1s");
        assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("-idle-timeout must be >= 0"), r.err());
        assertTrue(!Files.exists(dir.resolve("absent.json")), "nothing ran");
    }

    @Test
    void aBrokerClosingIdleSocketsCostsNoErrorAndItsReconnectsAreCountedOverAllTenants() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults().withIdleTimeoutMillis(300))) {
            // 2 tenants at 1 msg/s each, one message per push: each tenant's pooled socket idles ~1 s between
            // pushes (its ack reused it at most a pop-wait tick after the push), past the broker's 300 ms, while the
            // clients would keep it for 60 s
            MainRun r = MainRun.of("-mode", "cloud", "-url", broker.url(), "-target", "broker", "-tenants", "2",
                    "-tenants-file", dir.resolve("absent.json").toString(), "-rate", "2", "-push-batch", "1",
                    "-duration", "3", "-drain", "1", "-report", "1", "-lease-time", "1", "-pop-timeout", "500",
                    "-idle-timeout", "60s", "-out", dir.toString(), "-run-id", "ka");
            assertEquals(0, r.code(), r.out() + r.err());
            JsonNode rec = new ObjectMapper().readTree(dir.resolve("ka.json").toFile());
            for (String fam : List.of("push", "pop", "ack", "configure")) {
                assertEquals(0, rec.path("errors").path(fam).path("total").asLong(-1), fam + ": " + r.out());
            }
            assertEquals("PASS", rec.path("verdict").asText(), r.out());
            long reconnects = rec.path("additions").path("reconnects").asLong(-1);
            assertTrue(reconnects > 0, "pushes 1 s apart for 3 s found their socket closed: " + r.out());
            assertTrue(!rec.has("reconnects"), "the reference's keys stay the reference's");
            List<String> lines = r.out().lines().toList();
            int line = lines.indexOf("+ keep-alive reconnects=" + reconnects + " (requests re-sent on a fresh socket:"
                    + " the broker had closed their idle one; not errors)");
            assertTrue(line >= 0, r.out());
            assertTrue(line < lines.indexOf("VERDICT: PASS"), "a summary addition, before the verdict: " + r.out());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("[final]")), "cloud prints no [final] line");
        }
    }
}
