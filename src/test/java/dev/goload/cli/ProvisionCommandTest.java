package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.RecordSchema;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode provision} without a database: the JDBC dry run, and the psql path against a scripted stand-in for
 * psql (rows on stdout, a NOTICE on stderr, a lookup that fails). Each run's {@code [provision]} lines are the
 * reference's, and it leaves a {@code goload.run/2} record that holds no secret. ProvisionPostgresTest runs the same
 * command against a real PostgreSQL.
 */
class ProvisionCommandTest {
    private static final String KEY = "qk_live_" + "A".repeat(43);

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {}

    private Run provision(String... args) {
        List<String> a = new ArrayList<>(List.of("-mode", "provision", "-file", dir.resolve("tenants.json").toString(),
                "-out", dir.resolve("out").toString(), "-run-id", "prov-1"));
        a.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(a.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The record the {@code [artifacts]} block names, with its CSV and log beside it. */
    private JsonNode record(String out) throws Exception {
        Matcher m = Pattern.compile("\\n\\[artifacts] (\\S+)\\n {12}(\\S+)\\n {12}(\\S+)\\n {12}\\S+\\.html\\n\\z").matcher(out);
        assertTrue(m.find(), out);
        Path rec = Path.of(m.group(1));
        assertEquals(dir.resolve("out").resolve("prov-1.json"), rec);
        assertTrue(Files.exists(Path.of(m.group(2))) && Files.exists(Path.of(m.group(3))), out);
        RecordSchema.assertValid(rec);
        dev.goload.report.RecordConsistency.assertConsistent(rec);
        JsonNode r = new ObjectMapper().readTree(rec.toFile());
        assertEquals("goload.run/2", r.path("schema").asText());
        assertEquals("provision", r.path("mode").asText());
        assertEquals(0, r.path("counters").path("sentReq").asLong(), "provision has no traffic: " + r);
        return r;
    }

    @Test
    void jdbcDryRunPrintsTheStatementsAndRecordsNoPassword() throws Exception {
        Run r = provision("-tenants", "2", "-dry-run", "-key-name", "k1",
                "-pg-url", "jdbc:postgresql://127.0.0.1:1/queen_proxy?user=postgres&password=hunter2");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("[provision] 2 tenant(s) to create ([0 1]...) plan=bench cell=bench key=k1\n"),
                r.out());
        assertTrue(r.out().contains("queen_proxy.bootstrap_tenant(?, ?, ?, ?, ?, ?, NULL, ?)"), r.out());
        JsonNode rec = record(r.out());
        String text = Files.readString(dir.resolve("out/prov-1.json"));
        assertFalse(text.contains("hunter2") || r.out().contains("hunter2"), text);
        assertEquals("jdbc:postgresql://127.0.0.1:1/queen_proxy?user=postgres&password=****",
                rec.path("broker").path("url").asText());
        JsonNode s = rec.path("section");
        assertEquals("jdbc", s.path("backend").asText());
        assertTrue(s.path("dryRun").asBoolean());
        assertEquals(0, s.path("created").asInt());
        assertEquals("done", rec.path("stopReason").asText());
        assertFalse(Files.exists(dir.resolve("tenants.json")), "a dry run writes no tenants file");
    }

    /** A psql stand-in: bootstrap rows for camp-0000/1 and a NOTICE; the lookup fails with exit 3. */
    private String fakePsql() throws Exception {
        Path script = dir.resolve("psql.sh");
        Files.writeString(script, """
                sql=$(cat)
                case "$sql" in
                  *bootstrap_tenant*)
                    echo "NOTICE:  fixture notice" >&2
                    printf '0\\tcamp-0000\\tt0\\tc0\\t%s\\n1\\tcamp-0001\\tt1\\tc1\\t%s\\n' "$KEY" "$KEY" ;;
                  *) echo "ERROR:  lookup refused" >&2; exit 3 ;;
                esac
                """.replace("$KEY", KEY));
        return "sh " + script;
    }

    @Test
    void psqlPathSavesTheKeysEchoesNoticesAndRecordsWhatIsPending() throws Exception {
        Run r = provision("-tenants", "2", "-key-name", "k1", "-psql-cmd", fakePsql());
        assertEquals(1, r.code(), r.out() + r.err());
        String file = dir.resolve("tenants.json").toString();
        assertTrue(r.out().startsWith("[provision] 2 tenant(s) to create ([0 1]...) plan=bench cell=bench key=k1\n"
                + "[provision] tenants created but broker_tenant_uuid lookup FAILED: exit status 3\n"
                + "ERROR:  lookup refused\n"
                + "[provision] the keys are saved in " + file + " (brokerTenant pending); re-run to complete the"
                + " lookup\n\n[artifacts] "), r.out());
        assertEquals("[provision] psql: NOTICE:  fixture notice\n[provision] psql: ERROR:  lookup refused\n", r.err());
        assertEquals(2, TenantsFile.read(dir.resolve("tenants.json")).tenants().stream()
                .filter(Tenant::brokerTenantPending).count());
        JsonNode rec = record(r.out());
        assertEquals("error: provisioning failed", rec.path("stopReason").asText());
        JsonNode s = rec.path("section");
        assertEquals(2, s.path("created").asInt(), s.toString());
        assertEquals(2, s.path("pending").asInt(), s.toString());
        assertEquals("psql", s.path("backend").asText());
        assertEquals(file, s.path("file").asText());
        assertFalse(Files.readString(dir.resolve("out/prov-1.json")).contains(KEY.substring(8)), "a key in the record");
        assertFalse((r.out() + r.err()).contains(KEY.substring(8)), "a key on the console");
    }

    @Test
    void aFileHoldingEveryTenantIsNothingToDoAndStillARecord() throws Exception {
        provision("-tenants", "2", "-key-name", "k1", "-psql-cmd", fakePsql());
        // complete the two pending lookups by hand: the file then holds both tenants with keys
        TenantsFile f = TenantsFile.read(dir.resolve("tenants.json"));
        for (Tenant t : f.tenants()) f = f.put(t.withBrokerTenant("00000000-0000-0000-0000-00000000000" + t.idx()));
        f.write(dir.resolve("tenants.json"));
        Run r = provision("-tenants", "2", "-psql-cmd", "false");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("[provision] " + dir.resolve("tenants.json")
                + " already holds 2/2 tenants with keys — nothing to do\n\n[artifacts] "), r.out());
        assertEquals(0, record(r.out()).path("section").path("pending").asInt());
    }
}
