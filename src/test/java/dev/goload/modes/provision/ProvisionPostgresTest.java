package dev.goload.modes.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.Main;
import dev.goload.report.RecordSchema;
import dev.goload.tenancy.ApiKeys;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -mode provision} against a real PostgreSQL with the queen_proxy fixture (see {@link PgTestDatabase}). */
class ProvisionPostgresTest {
    private PgTestDatabase pg;
    @TempDir
    Path dir;
    private Path file;

    record Run(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    @BeforeEach
    void fixture() throws Exception {
        pg = PgTestDatabase.require();
        pg.resetSchema();
        file = dir.resolve("creds/tenants.json");
    }

    private Run provision(String... extra) {
        List<String> a = new ArrayList<>(List.of("-mode", "provision", "-file", file.toString(), "-out",
                dir.resolve("runs").toString()));
        a.addAll(List.of(extra));
        return main(a);
    }

    private Run jdbc(String... extra) {
        List<String> a = new ArrayList<>(List.of("-pg-url", pg.url, "-pg-user", pg.user));
        a.addAll(List.of(extra));
        return provision(a.toArray(String[]::new));
    }

    private static Run main(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private void assertNoKeyIn(Run r) throws Exception {
        String record = Files.readString(recordOf(r));
        for (Tenant t : TenantsFile.read(file).tenants()) {
            assertFalse(r.all().contains(t.apiKey().substring(8)), "a key leaked into the output");
            assertFalse(record.contains(t.apiKey().substring(8)), "a key leaked into the run record");
        }
        assertFalse(r.all().matches("(?s).*qk_live_[A-Za-z0-9_-]{43}.*"), "a key leaked into the output");
    }

    /** The goload.run/2 record the run's {@code [artifacts]} line names, validated against the schema. */
    private static Path recordOf(Run r) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\n\\[artifacts] (\\S+)\\n").matcher(r.out());
        assertTrue(m.find(), r.out());
        Path rec = Path.of(m.group(1));
        RecordSchema.assertValid(rec);
        return rec;
    }

    private static JsonNode section(Run r) throws Exception {
        return new ObjectMapper().readTree(recordOf(r).toFile()).path("section");
    }

    /** Every key in the file is the plaintext of a stored hash, and every brokerTenant matches clusters. */
    private void assertFileMatchesDatabase(int n) throws Exception {
        TenantsFile f = TenantsFile.read(file);
        assertEquals(n, f.tenants().size());
        try (Connection c = pg.connect();
                PreparedStatement ps = c.prepareStatement("SELECT c.broker_tenant_uuid::text FROM"
                        + " queen_proxy.api_keys k JOIN queen_proxy.cluster_rows c ON c.id = k.cluster_id"
                        + " WHERE k.key_sha256 = ? AND c.slug = ?")) {
            for (Tenant t : f.tenants()) {
                assertTrue(ApiKeys.wellFormed(t.apiKey()), "key shape of " + t.clusterSlug());
                ps.setString(1, ApiKeys.sha256Hex(t.apiKey()));
                ps.setString(2, t.clusterSlug());
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "no stored hash for the key of " + t.clusterSlug());
                    if (!t.brokerTenantPending()) {
                        assertEquals(rs.getString(1), t.brokerTenant());
                    }
                }
            }
        }
    }

    @Test
    void createsTenantsWithKeysAndBrokerTenantsInA0600File() throws Exception {
        Run r = jdbc("-tenants", "5", "-commit-batch", "2", "-key-name", "k1");
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains("[provision] 5 tenant(s) to create ([0 1 2]...) plan=bench cell=bench key=k1"),
                r.out());
        assertTrue(r.out().contains("-> " + file + " now holds 5 (first=camp-0000 last=camp-0004)"), r.out());
        assertFileMatchesDatabase(5);
        assertTrue(TenantsFile.read(file).tenants().stream().noneMatch(Tenant::brokerTenantPending));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(5, pg.count("SELECT count(*) FROM queen_proxy.api_keys"));
        assertNoKeyIn(r);
        JsonNode s = section(r);
        assertEquals(5, s.path("created").asInt(), s.toString());
        assertEquals(0, s.path("pending").asInt(), s.toString());
        assertEquals("jdbc", s.path("backend").asText(), s.toString());
    }

    @Test
    void rerunCreatesOnlyWhatIsMissing() throws Exception {
        assertEquals(0, jdbc("-tenants", "2").code());
        TenantsFile before = TenantsFile.read(file);
        Run again = jdbc("-tenants", "2");
        assertEquals(0, again.code(), again.all());
        assertTrue(again.out().contains("already holds 2/2 tenants with keys — nothing to do"), again.out());
        Run more = jdbc("-tenants", "4");
        assertEquals(0, more.code(), more.all());
        assertTrue(more.out().contains("2 tenant(s) to create ([2 3]...)"), more.out());
        assertEquals(4, pg.count("SELECT count(*) FROM queen_proxy.api_keys"));
        TenantsFile after = TenantsFile.read(file);
        assertEquals(before.tenants(), after.tenants().subList(0, 2), "existing indices are never rewritten");
        assertFileMatchesDatabase(4);
        assertNoKeyIn(more);
    }

    @Test
    void keysSurviveAFailedBrokerTenantLookupAndAReRunCompletesIt() throws Exception {
        pg.execute("INSERT INTO queen_proxy.fixture_switches (name) VALUES ('fail_uuid_lookup')");
        Run r = jdbc("-tenants", "3");
        assertEquals(1, r.code(), r.all());
        assertTrue(r.out().contains("tenants created but broker_tenant_uuid lookup FAILED"), r.out());
        TenantsFile saved = TenantsFile.read(file);
        assertEquals(3, saved.tenants().size(), "the keys must be on disk although the lookup failed");
        assertTrue(saved.tenants().stream().allMatch(Tenant::brokerTenantPending));
        assertFileMatchesDatabase(3);
        assertNoKeyIn(r);
        assertEquals(3, section(r).path("pending").asInt(), "the record says what a re-run must complete");

        pg.execute("DELETE FROM queen_proxy.fixture_switches");
        Run again = jdbc("-tenants", "3");
        assertEquals(0, again.code(), again.all());
        assertTrue(again.out().contains("3 tenant(s) with a pending broker_tenant_uuid lookup"), again.out());
        assertTrue(TenantsFile.read(file).tenants().stream().noneMatch(Tenant::brokerTenantPending));
        assertEquals(3, pg.count("SELECT count(*) FROM queen_proxy.api_keys"), "no new keys on completion");
        assertFileMatchesDatabase(3);
    }

    @Test
    void psqlPathKeepsStderrNoticesOutOfTheRows() throws Exception {
        pg.execute("INSERT INTO queen_proxy.fixture_switches (name) VALUES ('notice')");
        Run r = provision("-tenants", "2", "-psql-cmd", pg.psqlCommand());
        assertEquals(0, r.code(), r.all());
        assertTrue(r.err().contains("[provision] psql: ") && r.err().contains("fixture warning"), r.err());
        assertFileMatchesDatabase(2);
        assertNoKeyIn(r);
    }

    @Test
    void psqlPathSavesKeysBeforeAFailingLookup() throws Exception {
        pg.execute("INSERT INTO queen_proxy.fixture_switches (name) VALUES ('fail_uuid_lookup')");
        Run r = provision("-tenants", "2", "-psql-cmd", pg.psqlCommand());
        assertEquals(1, r.code(), r.all());
        assertTrue(r.out().contains("broker_tenant_uuid lookup FAILED"), r.out());
        assertEquals(2, TenantsFile.read(file).withKeys().size());
        assertFileMatchesDatabase(2);
    }

    @Test
    void reusedKeyNameOnAnExistingClusterIsANullKeyFailure() throws Exception {
        assertEquals(0, jdbc("-tenants", "1", "-key-name", "same").code());
        Files.delete(file);
        Run r = jdbc("-tenants", "1", "-key-name", "same");
        assertEquals(1, r.code(), r.all());
        assertTrue(r.out().contains("tenant camp-0000: bootstrap_tenant returned a NULL api_key (a key named \"same\""),
                r.out());
    }

    @Test
    void unknownCellFailsWithoutCreatingAnything() throws Exception {
        Run r = jdbc("-tenants", "2", "-cell", "nowhere");
        assertEquals(1, r.code(), r.all());
        assertTrue(r.out().contains("unknown cell"), r.out());
        assertEquals(0, pg.count("SELECT count(*) FROM queen_proxy.cluster_rows"));
        assertFalse(Files.exists(file));
    }

    @Test
    void dryRunPrintsTheStatementsAndTouchesNothing() throws Exception {
        Run r = jdbc("-tenants", "2", "-dry-run");
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains("queen_proxy.bootstrap_tenant(?, ?, ?, ?, ?, ?, NULL, ?)"), r.out());
        assertTrue(r.out().contains("FROM queen_proxy.clusters"), r.out());
        Run p = provision("-tenants", "2", "-dry-run", "-psql-cmd", "false");
        assertEquals(0, p.code(), p.all());
        assertTrue(p.out().contains("VALUES (0, 'camp-0000'), (1, 'camp-0001')"), p.out());
        assertEquals(0, pg.count("SELECT count(*) FROM queen_proxy.cluster_rows"));
        assertFalse(Files.exists(file));
    }

    @Test
    void badFlagsExit2() {
        assertEquals(2, jdbc("-tenants", "0").code());
        assertEquals(2, jdbc("-tenants", "1", "-prefix", "Bad_Prefix").code());
        assertEquals(2, provision("-tenants", "1", "-plan", "x'; drop table y; --").code());
    }
}
