package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.broker.ProxyLimits;
import dev.goload.broker.ProxyOptions;
import dev.goload.broker.ProxyTenant;
import dev.goload.report.CloudCsv;
import dev.goload.report.RecordSchema;
import dev.goload.tenancy.SyntheticTenants;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode cloud} end to end against the embedded broker (and its proxy personality): a clean run passes, each
 * injected fault fails with exactly the injected anomaly counted, isolation breaches are caught, proxy error codes
 * are accounted by code, and no API key reaches any output. Low rates, a few seconds each; broker-target runs share
 * one embedded broker, each on a queue of its own. The record check ({@link #assertRunRecordAgreesWithTheReferenceJson})
 * holds for any broker: the real-broker tier applies it too.
 */
public class CloudCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One embedded broker for every broker-target run of the class (a broker start per run cost time only). */
    private static EmbeddedBroker shared;
    private static final java.util.concurrent.atomic.AtomicInteger RUNS = new java.util.concurrent.atomic.AtomicInteger();

    @TempDir
    Path dir;

    @BeforeAll
    static void startTheSharedBroker() {
        shared = EmbeddedBroker.start(BrokerOptions.defaults());
    }

    @AfterAll
    static void stopTheSharedBroker() {
        shared.close();
    }

    private record Run(int code, String out, String err, JsonNode json, String jsonText, String csv) {}

    private Run run(String runId, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("-mode", "cloud", "-out", dir.toString(), "-run-id", runId,
                "-rate", "40", "-duration", "1", "-drain", "1", "-report", "1", "-lease-time", "1",
                "-pop-timeout", "500"));
        args.addAll(List.of(extra));
        if (!args.contains("-target")) {
            args.addAll(List.of("-target", "broker", "-tenants-file", dir.resolve("absent.json").toString()));
        }
        if (!args.contains("-url")) {
            if (args.get(args.indexOf("-target") + 1).equals("broker") && !args.contains("-queue")) {
                // the class's one broker; a queue of this run's own, so no run sees another's messages
                args.addAll(List.of("-url", shared.url(), "-queue", runId + "-" + RUNS.incrementAndGet()));
            } else {
                args.add("-embedded"); // the proxy personality over this run's own tenants
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), ModeRegistry.standard(),
                BrokerLaunchers.embedded(), false);
        Path json = dir.resolve(runId + ".json");
        Path csv = dir.resolve(runId + "-interval.csv");
        String jsonText = Files.isRegularFile(json) ? Files.readString(json) : "";
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                jsonText.isEmpty() ? null : JSON.readTree(jsonText), jsonText,
                Files.exists(csv) ? Files.readString(csv) : "");
    }

    private static long verify(Run r, String field) {
        return r.json.path("verify").path(field).asLong(-1);
    }

    @Test
    void aCleanRunPassesWithTheVerdictLineAndBothArtifacts() throws Exception {
        Run r = run("clean", "-tenants", "2");
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("VERDICT: PASS"), r.out);
        assertTrue(r.out.contains("[drain] producers stopped after "), r.out);
        assertEquals("PASS", r.json.path("verdict").asText());
        assertTrue(verify(r, "sentOk") > 0);
        assertEquals(verify(r, "sentOk"), verify(r, "received"));
        assertEquals(0, verify(r, "missing") + verify(r, "duplicate") + verify(r, "extra"));
        assertEquals(2, r.json.path("verify").path("tenants").size());
        assertEquals(1.0, r.json.path("config").path("activeFraction").asDouble());
        assertTrue(r.json.path("config").has("drainLast2sDeliveries"));
        String[] lines = r.csv.split("\n");
        assertEquals(CloudCsv.HEADER, lines[0]);
        assertTrue(lines.length >= 3, r.csv);
        assertTrue(lines[1].matches("[0-9.]+,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ,load,.*"), lines[1]);
        assertEquals(24, lines[1].split(",").length);
        JsonNode rec = assertRunRecordAgreesWithTheReferenceJson(dir, "clean", r.json, r.out, "PASS");
        String path = dev.goload.client.HttpEngine.fromEnvironment() == dev.goload.client.HttpEngine.OKHTTP ? "okhttp"
                : dev.goload.client.PushLoop.enabledByEnvironment() ? "loop" : "virtual-threads";
        assertEquals(path, rec.path("section").path("pushPath").asText(), "the record names the path of the pushes");
    }

    /**
     * The goload.run/2 record {@code <dir>/<runId>.run.json} beside the reference files of the same run: its common
     * counters are the reference JSON {@code json}'s figures, its section holds the verify summary, its artifacts list
     * the reference's JSON and CSV, its verdict is {@code verdict}; {@code out} is the run's stdout.
     */
    public static JsonNode assertRunRecordAgreesWithTheReferenceJson(Path dir, String runId, JsonNode json, String out,
            String verdict) throws Exception {
        Path file = dir.resolve(runId + ".run.json");
        RecordSchema.assertValid(file);
        dev.goload.report.RecordConsistency.assertConsistent(file);
        JsonNode rec = JSON.readTree(file.toFile());
        assertEquals("goload.run/2", rec.path("schema").asText());
        assertEquals("cloud", rec.path("mode").asText());
        JsonNode c = rec.path("counters");
        JsonNode achieved = json.path("achieved");
        assertEquals(achieved.path("pushedMsgs").asLong(), c.path("pushedMsgs").asLong(), rec.toString());
        assertEquals(achieved.path("poppedMsgs").asLong(), c.path("popped").asLong());
        assertEquals(achieved.path("ackedMsgs").asLong(), c.path("acked").asLong());
        assertEquals(achieved.path("emptyPops").asLong(), c.path("emptyPops").asLong());
        assertEquals(achieved.path("pushReqs").asLong(), c.path("sentReq").asLong());
        assertEquals(json.path("offered").path("reqs").asLong(), c.path("offeredReq").asLong());
        assertEquals(json.path("offered").path("shedReqs").asLong(),
                c.path("shedCapReq").asLong() + c.path("shedBehindReq").asLong());
        assertEquals(achieved.path("popReqs").asLong(), rec.path("section").path("popReqs").asLong());
        assertEquals(json.path("errors").path("push").path("total").asLong(),
                rec.path("errors").path("push").path("total").asLong());
        assertEquals(json.path("latency").path("pushRtt").path("samples").asLong(),
                rec.path("latencyMs").path("service").path("count").asLong());
        assertEquals(json.path("latency").path("e2eFromSchedule").path("samples").asLong(),
                rec.path("latencyMs").path("e2e").path("count").asLong());
        assertEquals(json.path("verify").path("sentOk").asLong(),
                rec.path("section").path("verify").path("sentOk").asLong());
        assertEquals(json.path("verify").path("tenants").size(), rec.path("section").path("tenants").size());
        assertEquals(verdict, rec.path("verdict").path("result").asText());
        List<String> kinds = new ArrayList<>();
        rec.path("artifacts").forEach(a -> kinds.add(a.path("kind").asText()));
        assertTrue(kinds.containsAll(List.of("record", "intervalsCsv", "hlog", "cloudJson", "cloudCsv")), kinds.toString());
        assertTrue(Files.isRegularFile(dir.resolve(runId + ".intervals.csv")));
        assertTrue(Files.isRegularFile(dir.resolve(runId + ".hlog")));
        assertTrue(out.contains("            " + file + "\n"), "the [artifacts] block names it: " + out);
        return rec;
    }

    @Test
    void aFailVerdictOutranksAnUnwritableRunRecord() throws Exception {
        // a non-empty directory where the record goes: the atomic move onto it fails
        Files.createDirectories(dir.resolve("blocked.json").resolve("x"));
        Run r = run("blocked", "-tenants", "1", "-fault", "lose-msg=1");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        assertTrue(r.err.contains("cannot write the run record"), r.err);
        assertTrue(r.out.contains("VERDICT: FAIL"), r.out);
        assertTrue(r.out.contains("(run record not written)"), r.out);
        Run clean = run("blocked", "-tenants", "1");
        assertEquals(ExitCodes.SETUP, clean.code, "a PASS run whose record cannot be written is a setup failure");
    }

    @Test
    void loseMsgFailsWithExactlyTheInjectedNumberMissing() throws Exception {
        Run r = run("lose", "-tenants", "2", "-fault", "lose-msg=3");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        assertEquals(3, verify(r, "missing"));
        assertEquals(0, verify(r, "duplicate"));
        assertEquals(0, verify(r, "extra"));
        assertEquals(3, r.json.path("faultsInjected").path("loseMsg").asLong());
        assertTrue(r.out.contains("FAULT INJECTION: dup-push=0 lose-msg=3 drop-ack=0"), r.out);
        assertTrue(r.out.contains("VERDICT: FAIL"), r.out);
        assertTrue(r.out.contains("NOTE: consumers were idle at the cutoff"), r.out);
        JsonNode rec = assertRunRecordAgreesWithTheReferenceJson(dir, "lose", r.json, r.out, "FAIL");
        assertEquals(ExitCodes.VERDICT_FAIL, rec.path("verdict").path("exitCode").asInt());
        assertTrue(rec.path("verdict").path("findings").toString().contains("missing="), rec.toString());
        assertEquals(3, rec.path("section").path("faults").path("loseMsg").asLong());
    }

    @Test
    void dupPushCountsExactlyTheDuplicatedMessagesAsDuplicates() throws Exception {
        Run r = run("dup", "-tenants", "2", "-push-batch", "2", "-fault", "dup-push=2");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        assertEquals(2, r.json.path("faultsInjected").path("dupPush").asLong());
        long dupMsgs = r.json.path("additions").path("faultsAffected").path("dupPushMsgs").asLong();
        assertEquals(4, dupMsgs);
        assertEquals(dupMsgs, verify(r, "duplicate"));
        assertEquals(0, verify(r, "missing"));
        assertEquals(0, verify(r, "extra"));
    }

    @Test
    void dropAckSurfacesAsDuplicatesBecauseTheDrainIsSizedPastTheLease() throws Exception {
        Run r = run("drop", "-tenants", "1", "-fault", "drop-ack=1");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        assertTrue(r.out.contains("+ drain raised from 1s to 6s (leaseTime 1s + 5s)"), r.out);
        long dropped = r.json.path("additions").path("faultsAffected").path("dropAckMsgs").asLong();
        assertTrue(dropped > 0);
        assertEquals(dropped, verify(r, "duplicate"));
        assertEquals(0, verify(r, "missing"), "redelivered, not missing");
        assertEquals(6, r.json.path("config").path("drainSec").asInt());
    }

    @Test
    void dropAckIsNotInjectedInTheDrainWhereItsRedeliveryCouldNoLongerBeSeen() throws Exception {
        // A budget that outlasts the load phase: every batch dropped must still be redelivered before the verdict.
        Run r = run("drop-budget", "-tenants", "1", "-fault", "drop-ack=1000000");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        long dropped = r.json.path("additions").path("faultsAffected").path("dropAckMsgs").asLong();
        assertTrue(dropped > 0);
        assertEquals(dropped, verify(r, "duplicate"), "every dropped ack surfaces as a duplicate");
        assertEquals(0, verify(r, "missing"));
    }

    @Test
    void verifyOffRecordsNoAccountingRatherThanClaimingEverySentMessageMissing() throws Exception {
        Run r = run("noverify", "-tenants", "1", "-verify=false");
        assertEquals(0, r.code, r.out + r.err);
        assertEquals("UNVERIFIED", r.json.path("verdict").asText());
        assertTrue(r.json.path("achieved").path("poppedMsgs").asLong() > 0);
        assertEquals(0, verify(r, "missing"), r.jsonText);
        assertEquals(0, r.json.path("verify").path("tenants").get(0).path("missing").asLong(-1));
        assertFalse(r.out.contains("NOTE: consumers were idle"), r.out);
    }

    @Test
    void aSharedClientWithoutTheTenancyHeaderIsCaughtAsCrossTenant() throws Exception {
        // Non-waiting pops spaced 300 ms apart let both tenants' messages pile up in the one shared queue, so the
        // first consumer to pop takes some of the other tenant's: with long-polls the two consumers can settle into
        // strict alternation and each happen to see only its own tenant's messages (seen once in CI).
        Run r = run("control", "-tenants", "2", "-broker-tenant-header=false", "-pop-wait=false",
                "-empty-sleep", "300");
        assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
        assertTrue(verify(r, "crossTenant") > 0, r.out);
    }

    @Test
    void failOnVerifyFalseExitsZeroOnAFailedVerdict() throws Exception {
        Run r = run("nofail", "-tenants", "1", "-fault", "lose-msg=1", "-fail-on-verify=false");
        assertEquals(0, r.code, r.out + r.err);
        assertEquals("FAIL", r.json.path("verdict").asText());
    }

    private Path tenantsFile(int n) throws Exception {
        Path f = dir.resolve("tenants.json");
        SyntheticTenants.create(n, "camp", "bench").write(f);
        return f;
    }

    private static void assertNoKeyIn(TenantsFile file, Run r) {
        for (Tenant t : file.tenants()) {
            for (String text : List.of(r.out, r.err, r.jsonText, r.csv)) {
                assertFalse(text.contains(t.apiKey()), "API key of tenant " + t.idx() + " leaked");
            }
        }
    }

    @Test
    void theProxyTargetThroughTheEmbeddedProxyPassesAndNeverPrintsAKey() throws Exception {
        Path f = tenantsFile(2);
        Run r = run("proxy", "-target", "proxy", "-tenants-file", f.toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("VERDICT: PASS"), r.out);
        assertTrue(verify(r, "sentOk") > 0);
        assertNoKeyIn(TenantsFile.read(f), r);
    }

    @Test
    void theEmbeddedProxyWithoutATenantsFileSynthesizesTheTenantsIntoTheRunDirectory() throws Exception {
        Path absent = dir.resolve("no-such-tenants.json");
        Run r = run("synth", "-target", "proxy", "-tenants", "3", "-tenants-file", absent.toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("VERDICT: PASS"), r.out);
        Path synth = dir.resolve("synth.tenants.json");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(synth)));
        assertFalse(Files.exists(absent), "the named file is not created: the tenants belong to this run");
        TenantsFile written = TenantsFile.read(synth);
        assertEquals(3, written.tenants().size());
        List<String> notes = r.out.lines().filter(l -> l.startsWith("[cloud] ")).toList();
        assertEquals(List.of("[cloud] no tenants file (" + absent + ") -> synthesized 3 tenant(s) for the embedded proxy in "
                + synth + " (mode 0600; keys only there)"), notes);
        // the embedded proxy admitted every tenant's key: each one sent and received its own messages
        JsonNode tenants = r.json.path("verify").path("tenants");
        assertEquals(3, tenants.size(), r.jsonText);
        for (JsonNode t : tenants) {
            assertTrue(t.path("sentOk").asLong() > 0 && t.path("ok").asBoolean(), t.toString());
        }
        assertEquals(0, r.json.path("errors").path("push").path("total").asLong(), r.jsonText);
        assertEquals(synth.toString(), r.json.path("config").path("tenantsFile").asText());
        assertNoKeyIn(written, r);
        RecordSchema.assertValid(dir.resolve("synth.run.json"));
        dev.goload.report.RecordConsistency.assertConsistent(dir.resolve("synth.run.json"));
        String record = Files.readString(dir.resolve("synth.run.json"));
        assertTrue(record.contains("\"kind\" : \"tenantsFile\"") || record.contains("\"tenantsFile\""), record);
        for (Tenant t : written.tenants()) {
            assertFalse(record.contains(t.apiKey()), "API key of tenant " + t.idx() + " leaked into the run record");
        }
    }

    @Test
    void theProxysMisrouteSwitchMakesTheCrossTenantCheckFire() throws Exception {
        Path f = tenantsFile(2);
        TenantsFile file = TenantsFile.read(f);
        ProxyOptions proxy = ProxyOptions.of(file, ProxyLimits.UNLIMITED).withMisrouteFraction(0.5);
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults(), proxy)) {
            Run r = run("misroute", "-target", "proxy", "-tenants-file", f.toString(), "-url", b.url(),
                    "-pop-wait=false");
            assertEquals(ExitCodes.VERDICT_FAIL, r.code, r.out + r.err);
            assertTrue(verify(r, "crossTenant") > 0, r.out);
            assertNoKeyIn(file, r);
        }
    }

    @Test
    void proxyRefusalsAreAccountedByCodeWithRetryAfter() throws Exception {
        Path f = tenantsFile(2);
        TenantsFile file = TenantsFile.read(f);
        List<ProxyTenant> ts = new ArrayList<>(ProxyOptions.of(file, ProxyLimits.UNLIMITED).tenants());
        ts.set(0, ts.get(0).withSuspended(true));
        ts.set(1, ts.get(1).withLimits(new ProxyLimits(0, 5, 0))); // pushed msgs/s: pops stay free
        ProxyOptions proxy = ProxyOptions.of(file, ProxyLimits.UNLIMITED).withTenants(ts).withLog(s -> { });
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults(), proxy)) {
            Run r = run("codes", "-target", "proxy", "-tenants-file", f.toString(), "-url", b.url(),
                    "-skip-configure");
            JsonNode push = r.json.path("errors").path("push");
            assertTrue(push.path("byCode").path("403/cluster_suspended").asLong() > 0, push.toString());
            assertTrue(push.path("byCode").path("429/rate_limited").asLong() > 0, push.toString());
            assertTrue(push.path("byKind").path("http_429").asLong() > 0, push.toString());
            assertTrue(push.path("retryAfterSamples").asLong() > 0, push.toString());
            assertTrue(push.path("retryAfterMaxSec").asDouble() >= 1, push.toString());
            assertTrue(push.path("firstMessage").path("http_403").asText().length() <= 240);
            assertTrue(r.out.contains("errors push"), r.out);
            // refused pushes were never stored: nothing is missing, the run still verifies
            assertEquals(0, verify(r, "missing"), r.out);
            assertNoKeyIn(file, r);
        }
    }

    @Test
    void brokerTargetRefusesATenantWithoutABrokerTenantInsteadOfSendingNoTenancyHeader() throws Exception {
        Path f = tenantsFile(2);
        TenantsFile file = TenantsFile.read(f);
        file.put(file.tenants().get(1).withBrokerTenant("")).write(f); // provision's pending lookup
        Run r = run("pending", "-target", "broker", "-tenants-file", f.toString());
        assertEquals(ExitCodes.USAGE, r.code, r.out + r.err);
        assertTrue(r.err.contains("tenant 1") && r.err.contains("no brokerTenant"), r.err);
    }

    @Test
    void badFlagsExitTwoWithTheReferenceMessages() throws Exception {
        Run fault = run("bad", "-fault", "drop-msg=1");
        assertEquals(ExitCodes.USAGE, fault.code);
        assertTrue(fault.err.contains("unknown fault \"drop-msg\" (want dup-push|lose-msg|drop-ack)"), fault.err);
        Run proxy = run("bad2", "-target", "proxy", "-tenants-file", dir.resolve("none.json").toString(), "-url",
                "http://127.0.0.1:9");
        assertEquals(ExitCodes.USAGE, proxy.code);
        assertTrue(proxy.err.contains("goload -mode cloud -target proxy: cannot read"), proxy.err);
        assertTrue(proxy.err.contains("run: goload -mode provision -tenants N -file"), proxy.err);
        Run r429 = run("bad3", "-retry429-attempts", "-1");
        assertEquals(ExitCodes.USAGE, r429.code);
    }
}
