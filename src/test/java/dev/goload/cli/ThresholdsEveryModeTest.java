package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.RecordSchema;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thresholds end to end in every mode, through {@code Main.run} against the embedded broker (provision: a scripted
 * psql): a failing threshold exits 4 and leaves complete, schema-valid artifacts with the result recorded and printed
 * before {@code [artifacts]}; passing ones exit 0; an unknown metric exits 2 before a single connection is made.
 * ({@code -strict} on a loader-bound run, which cannot be forced deterministically in a real run, is
 * {@link ResultPipelineTest}'s, on a synthetic outcome through the same {@link ResultPipeline#finish}.)
 */
class ThresholdsEveryModeTest {
    @TempDir
    Path dir;

    /** A small embedded run of each mode (~1-2 s), and thresholds that hold on a healthy run of it. */
    private List<String> args(String mode) throws Exception {
        List<String> a = new ArrayList<>(switch (mode) {
            case "openloop" -> List.of("-embedded", "-rate", "200", "-push-batch", "10", "-partitions", "4",
                    "-consumers", "2", "-duration", "1", "-report", "1");
            case "max" -> List.of("-embedded", "-producers", "2", "-consumers", "2", "-partitions", "4",
                    "-duration", "1", "-report", "1");
            case "cloud" -> List.of("-embedded", "-target", "broker", "-tenants", "2", "-tenants-file",
                    dir.resolve("absent.json").toString(), "-rate", "40", "-duration", "1", "-drain", "2",
                    "-report", "1", "-pop-timeout", "500");
            case "order" -> List.of("-embedded", "-target", "broker", "-messages", "100", "-partitions", "2",
                    "-consumers", "2", "-pop-batch", "20", "-pop-timeout", "300", "-drain", "10");
            case "cm" -> List.of("-embedded", "-properties", "2", "-rate-events", "20", "-duration", "1",
                    "-logdir", dir.resolve("cm").toString(), "-warmup=false", "-final-targeted=false",
                    "-intermediate-targeted=false", "-pop-timeout", "200", "-db-sleep-min", "1", "-db-sleep-max", "1",
                    "-cal-sleep", "1", "-ota-sleep", "1");
            case "app" -> List.of("-embedded", "-duration", "1", "-report", "1", "-target-rate", "200",
                    "-producers", "2", "-sessions", "4", "-push-batch", "5", "-consumers-per-group", "2",
                    "-process-ms", "1", "-slow-msg-pct", "0", "-slow-part-pct", "0", "-stage2-consumers", "1",
                    "-payload-min", "8", "-payload-max", "16", "-pop-timeout", "300", "-seed", "7");
            case "tenants" -> List.of("-embedded", "-tenants", "2", "-queues-per-tenant", "2", "-phase-high", "10",
                    "-phase-low", "5", "-phase-sec", "1", "-duration", "2", "-report", "1", "-pop-timeout", "300",
                    "-payload", "16");
            case "provision" -> List.of("-tenants", "2", "-prefix", "t", "-file",
                    dir.resolve("tenants.json").toString(), "-psql-cmd", FakePsql.in(dir).toString(), "-key-name", "k1");
            default -> throw new IllegalArgumentException(mode);
        });
        a.addAll(0, List.of("-mode", mode));
        a.addAll(List.of("-out", dir.toString(), "-run-id", "run"));
        return a;
    }

    /** Thresholds that hold on a healthy small run of {@code mode}. */
    private static List<String> passing(String mode) {
        List<String> t = new ArrayList<>(List.of("errors.pop==0", "errors.configure==0"));
        switch (mode) {
            case "provision" -> t.add("duration<600s");
            case "tenants" -> t.addAll(List.of("pushed>=1", "errors.rate<50%"));
            case "order", "cm" -> t.addAll(List.of("pushed>=1", "errors.rate<50%", "push.p99<600s"));
            default -> t.addAll(List.of("pushed>=1", "errors.rate<50%", "push.p99<600s", "popped>=1"));
        }
        switch (mode) {
            case "cloud", "order" -> t.add("verify.missing==0");
            case "cm" -> t.add("verify.gaps==0");
            case "app" -> t.add("verify.violations==0");
            default -> { }
        }
        return t;
    }

    /** A threshold that cannot hold: nothing answers over HTTP within a microsecond, and a run takes time. */
    private static String failing(String mode) {
        return mode.equals("provision") ? "duration<1us" : "push.p99<1us";
    }

    private static List<String> thresholds(List<String> exprs) {
        List<String> a = new ArrayList<>();
        for (String e : exprs) a.addAll(List.of("-threshold", e));
        return a;
    }

    private static MainRun run(List<String> args) {
        return MainRun.of(args.toArray(String[]::new));
    }

    /** Where the run's artifacts are: -out, except cm's, beside its stage logs. */
    private Path artifacts(String mode) {
        return mode.equals("cm") ? dir.resolve("cm") : dir;
    }

    private Path record(String mode) {
        return artifacts(mode).resolve(mode.equals("cloud") || mode.equals("order") ? "run.run.json" : "run.json");
    }

    private JsonNode json(String mode) throws Exception {
        return new ObjectMapper().readTree(record(mode).toFile());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants", "provision"})
    void aFailingThresholdExits4WithCompleteArtifacts(String mode) throws Exception {
        List<String> a = args(mode);
        a.addAll(thresholds(List.of(failing(mode), "errors.pop==0")));
        MainRun r = run(a);
        assertEquals(ExitCodes.THRESHOLD_FAIL, r.code(), r.out() + r.err());
        RecordSchema.assertValid(record(mode));
        dev.goload.report.RecordConsistency.assertConsistent(record(mode));
        assertTrue(Files.size(artifacts(mode).resolve("run.intervals.csv")) > 0);
        assertTrue(Files.exists(artifacts(mode).resolve("run.hlog")));
        JsonNode t = json(mode).get("thresholds");
        assertEquals(2, t.size(), t.toString());
        assertEquals(failing(mode), t.get(0).get("expr").asText());
        assertEquals("FAIL", t.get(0).get("result").asText());
        assertEquals("PASS", t.get(1).get("result").asText());
        List<String> lines = r.out().lines().toList();
        int failLine = indexOf(lines, "[threshold] " + failing(mode) + " FAIL (");
        int artifacts = indexOf(lines, "[artifacts] ");
        assertTrue(failLine >= 0 && artifacts > failLine, r.out());
        assertEquals("[threshold] errors.pop==0 PASS (0)", lines.get(failLine + 1));
        // every mode's run leaves its HTML report, which a real browser renders without a JavaScript error and with
        // data in every chart it draws (provision's single interval has no series: the page lists none)
        Path page = artifacts(mode).resolve("run.html");
        assertTrue(Files.isRegularFile(page), "the run's report next to its record");
        Path profile = Files.createDirectories(artifacts(mode).resolve("chromium"));
        dev.goload.report.html.Chromium.assertRenderedWithData(
                dev.goload.report.html.Chromium.dumpDom(page, profile), mode.equals("provision") ? 0 : 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants", "provision"})
    void passingThresholdsExit0(String mode) throws Exception {
        List<String> a = args(mode);
        a.addAll(thresholds(passing(mode)));
        a.addAll(List.of("-metrics-addr", "127.0.0.1:0")); // every mode serves its live metrics through the pipeline
        MainRun r = run(a);
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("[metrics] serving http://127.0.0.1:"), r.err());
        assertFalse(r.err().contains("never answered"), r.err());
        RecordSchema.assertValid(record(mode));
        assertTrue(json(mode).get("setupFailure").isNull(), "the embedded broker answered");
        if (!mode.equals("provision")) {
            assertTrue(json(mode).get("loader").get("connections").get("answers").asLong() > 0);
        }
        dev.goload.report.RecordConsistency.assertConsistent(record(mode));
        for (JsonNode t : json(mode).get("thresholds")) assertEquals("PASS", t.get("result").asText(), t.toString());
        assertEquals(passing(mode).size(), r.out().lines().filter(l -> l.startsWith("[threshold] ")).count());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants", "provision"})
    void anUnknownMetricExits2BeforeAnyConnection(String mode) throws Exception {
        try (ServerSocket broker = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<String> a = new ArrayList<>(args(mode));
            a.remove("-embedded");
            String url = "http://127.0.0.1:" + broker.getLocalPort();
            if (!mode.equals("provision")) a.addAll(List.of("-url", url));
            else a.addAll(List.of("-pg-url", "jdbc:postgresql://127.0.0.1:" + broker.getLocalPort() + "/db"));
            a.addAll(thresholds(List.of("pushed>=1", "psuh.p99<10ms")));
            MainRun r = run(a);
            assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
            assertEquals("", r.out());
            assertTrue(r.err().contains("-threshold \"psuh.p99<10ms\": unknown metric psuh.p99; did you mean"
                    + " push.p99?"), r.err());
            broker.setSoTimeout(200);
            try {
                broker.accept().close();
                throw new AssertionError("the run connected to the broker");
            } catch (SocketTimeoutException expected) {
                // nothing was sent
            }
            assertFalse(Files.exists(record(mode)));
        }
    }

    /** A real run cannot be made loader-bound on purpose; whatever its verdict says, -strict must follow it. */
    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants", "provision"})
    void strictExits5ExactlyWhenTheRecordSaysLoaderBound(String mode) throws Exception {
        List<String> a = args(mode);
        a.add("-strict");
        a.addAll(thresholds(passing(mode)));
        MainRun r = run(a);
        boolean bound = json(mode).get("loader").get("loaderBound").asBoolean();
        assertEquals(bound ? ExitCodes.INVALID_RUN : ExitCodes.OK, r.code(), r.out() + r.err());
        assertEquals(bound, r.out().contains("\n[strict] loader-bound: "), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "cloud", "tenants"})
    void thresholdAbortStopsALongRunCleanlyWithCompleteArtifacts(String mode) throws Exception {
        List<String> a = args(mode);
        a.set(a.indexOf("-duration") + 1, "120");
        a.addAll(thresholds(List.of("errors.pop==0", failing(mode))));
        a.addAll(List.of("-threshold-abort", "1"));
        MainRun r = run(a);
        assertEquals(ExitCodes.THRESHOLD_FAIL, r.code(), r.out() + r.err());
        RecordSchema.assertValid(record(mode));
        dev.goload.report.RecordConsistency.assertConsistent(record(mode));
        JsonNode rec = json(mode);
        assertTrue(rec.get("durationSec").asDouble() < 60, "stopped long before its 120 s: " + rec.get("durationSec"));
        JsonNode t = rec.get("thresholds");
        assertTrue(t.get(1).get("abort").asBoolean(), t.toString());
        assertEquals("FAIL", t.get(1).get("result").asText());
        assertFalse(t.get(0).get("abort").asBoolean());
        if (!mode.equals("cloud")) { // cloud's engine names its own stop reasons (a stop is an interrupt there)
            assertEquals("threshold: " + failing(mode), rec.get("stopReason").asText());
        }
        assertTrue(r.out().contains("[threshold] " + failing(mode) + " FAIL ("), r.out());
        assertTrue(r.out().contains("; stopped the run)\n"), r.out());
        assertTrue(Files.size(artifacts(mode).resolve("run.intervals.csv")) > 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants", "provision"})
    void aMetricsAddressThatCannotBeBoundExits1BeforeTheRun(String mode) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> a = args(mode);
            a.addAll(List.of("-metrics-addr", "127.0.0.1:" + taken.getLocalPort()));
            MainRun r = run(a);
            assertEquals(ExitCodes.SETUP, r.code(), r.out() + r.err());
            assertTrue(r.err().lines().anyMatch(l -> l.startsWith("goload: ")
                    && l.contains(String.valueOf(taken.getLocalPort()))), r.err());
            assertFalse(r.out().contains("[threshold]"), r.out());
        }
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) return i;
        }
        return -1;
    }
}
