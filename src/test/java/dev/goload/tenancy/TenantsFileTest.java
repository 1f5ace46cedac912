package dev.goload.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TenantsFileTest {
    @TempDir
    Path dir;

    private static final String KEY = "qk_live_" + "A".repeat(40) + "b_c";

    private static TenantsFile sample() {
        return new TenantsFile("bench", "bench", "camp", "2026-07-29T10:00:00Z", List.of(
                Tenant.of(1, "camp-0001", "camp-0001", "t1", "c1", "b1", ApiKeys.generate("live"), "bench"),
                Tenant.of(0, "camp-0000", "camp-0000", "t0", "c0", "b0", KEY, "bench")));
    }

    @Test
    void roundTripsThroughTheSpecFormatSortedByIdx() throws IOException {
        Path f = dir.resolve("sub/tenants.json");
        TenantsFile t = sample();
        t.write(f);
        TenantsFile back = TenantsFile.read(f);
        assertEquals(t, back);
        assertEquals(0, back.tenants().getFirst().idx());
        String json = Files.readString(f);
        assertTrue(json.endsWith("}\n"));
        assertTrue(json.indexOf("\"cell\"") < json.indexOf("\"tenants\""));
        assertTrue(json.contains("\"apiKey\" : \"" + KEY + "\""), json);
        assertFalse(json.contains("brokerTenantPending"), "omitted unless pending");
    }

    @Test
    void readsTheReferenceExampleAndIgnoresUnknownFields() throws IOException {
        Path f = dir.resolve("ref.json");
        Files.writeString(f, """
                { "cell": "bench", "plan": "bench", "prefix": "camp", "generatedAt": "2026-07-29T10:00:00Z",
                  "extra": 1,
                  "tenants": [ { "idx": 0, "tenantSlug": "camp-0000", "clusterSlug": "camp-0000",
                                 "tenantId": "u1", "clusterId": "u2", "brokerTenant": "u3",
                                 "apiKey": "k", "plan": "bench" } ] }
                """);
        Tenant t = TenantsFile.read(f).tenants().getFirst();
        assertEquals("camp-0000", t.clusterSlug());
        assertEquals("u3", t.brokerTenant());
        assertFalse(t.brokerTenantPending());
    }

    @Test
    void writeIsAtomicAndLeavesMode0600EvenOverAWorldReadableFile() throws IOException {
        Path f = dir.resolve("tenants.json");
        Files.writeString(f, "old");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        sample().write(f);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertFalse(Files.exists(dir.resolve("tenants.json.tmp")));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count());
        }
    }

    @Test
    void pendingBrokerTenantRoundTripsAndIsCompletedLater() throws IOException {
        Path f = dir.resolve("t.json");
        Tenant pending = new Tenant(0, "s", "s", "t", "c", "", KEY, "bench", true);
        TenantsFile.empty("c", "p", "x").put(pending).write(f);
        Tenant back = TenantsFile.read(f).tenants().getFirst();
        assertTrue(back.brokerTenantPending());
        assertTrue(back.hasKey());
        assertFalse(back.withBrokerTenant("b").brokerTenantPending());
    }

    @Test
    void toStringsMaskTheKey() {
        TenantsFile t = sample();
        String s = t.toString() + t.tenants().toString() + t.tenants().getFirst();
        assertFalse(s.contains(KEY));
        assertFalse(s.contains(KEY.substring(8, 20)));
        assertTrue(t.tenants().getFirst().toString().contains("qk_live_***#"));
    }

    @Test
    void invalidJsonErrorNeverQuotesTheContent() throws IOException {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\"tenants\":[{\"apiKey\":\"" + KEY + "\" oops");
        IOException e = assertThrows(IOException.class, () -> TenantsFile.read(f));
        assertFalse(e.getMessage().contains(KEY), e.getMessage());
        assertThrows(NoSuchFileException.class, () -> TenantsFile.read(dir.resolve("none.json")));
    }

    @Test
    void putReplacesByIdxAndStampedSetsRfc3339() {
        TenantsFile t = sample().put(Tenant.of(0, "n", "n", "", "", "b", "k", "p"))
                .stamped("c", "p", "x", Instant.parse("2026-07-29T10:00:00.123Z"));
        assertEquals(2, t.tenants().size());
        assertEquals("n", t.byIdx(0).orElseThrow().tenantSlug());
        assertEquals("2026-07-29T10:00:00Z", t.generatedAt());
        assertEquals(2, t.withKeys().size());
    }

    @Test
    void apiKeysHaveTheProxyShapeAndHashToHex() {
        String k = ApiKeys.generate("live");
        assertTrue(ApiKeys.wellFormed(k), k);
        assertEquals(64, ApiKeys.sha256Hex(k).length());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", ApiKeys.sha256Hex("abc"));
    }
}
