package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.goload.report.RecordSchema;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run whose broker never answered (nothing listens on {@code 127.0.0.1:1}) exits 1 in every load mode, says why in
 * one stderr line, still prints the mode's reference last line on stdout, and records {@code setupFailure}; a
 * broker that answers every request with a 500 answered, and the run exits as before (docs/reliability.md, "A broker
 * that never answered"). The embedded runs that exit 0 are {@link ThresholdsEveryModeTest#passingThresholdsExit0}'s.
 */
class BrokerNeverAnsweredTest {
    private static final String NOBODY = "http://127.0.0.1:1";

    @TempDir
    Path dir;

    private List<String> args(String mode, String url) {
        List<String> a = new ArrayList<>(switch (mode) {
            case "openloop" -> List.of("-rate", "200", "-push-batch", "10", "-partitions", "2", "-consumers", "1",
                    "-duration", "1", "-report", "1");
            case "max" -> List.of("-producers", "1", "-consumers", "1", "-partitions", "2", "-duration", "1",
                    "-report", "1");
            case "cloud" -> List.of("-skip-configure", "-target", "broker", "-tenants", "1", "-tenants-file",
                    dir.resolve("absent.json").toString(), "-rate", "20", "-duration", "1", "-drain", "1",
                    "-report", "1", "-pop-timeout", "200");
            case "order" -> List.of("-target", "broker", "-messages", "10", "-partitions", "1", "-consumers", "1",
                    "-pop-timeout", "200", "-drain", "1");
            case "cm" -> List.of("-properties", "1", "-rate-events", "10", "-duration", "1", "-logdir",
                    dir.resolve("cm").toString(), "-warmup=false", "-final-targeted=false",
                    "-intermediate-targeted=false", "-pop-timeout", "200", "-db-sleep-min", "1", "-db-sleep-max", "1",
                    "-cal-sleep", "1", "-ota-sleep", "1");
            case "app" -> List.of("-duration", "1", "-report", "1", "-target-rate", "50", "-producers", "1",
                    "-sessions", "2", "-push-batch", "5", "-consumers-per-group", "1", "-process-ms", "1",
                    "-slow-msg-pct", "0", "-slow-part-pct", "0", "-stage2-consumers", "1", "-payload-min", "8",
                    "-payload-max", "16", "-pop-timeout", "200", "-seed", "7");
            case "tenants" -> List.of("-tenants", "1", "-queues-per-tenant", "1", "-phase-high", "10",
                    "-phase-low", "5", "-phase-sec", "1", "-duration", "1", "-report", "1", "-pop-timeout", "200",
                    "-payload", "16");
            default -> throw new IllegalArgumentException(mode);
        });
        a.addAll(0, List.of("-mode", mode, "-url", url));
        a.addAll(List.of("-out", dir.toString(), "-run-id", "run", "-html=false"));
        return a;
    }

    /** The reference's last line of the mode when its broker is unreachable (the run, or the setup it stops at). */
    private static final Map<String, String> LAST_LINE = Map.of(
            "openloop", "[final] offered=",
            "max", "[final] pushed=",
            "cloud", "VERDICT: ",
            "order", "configure: create queue failed: ",
            "cm", "VERDICT: ",
            "app", "VERDICT: ",
            "tenants", "[provision] FAILED: ");

    private Path record(String mode) {
        Path base = mode.equals("cm") ? dir.resolve("cm") : dir;
        return base.resolve(mode.equals("cloud") || mode.equals("order") ? "run.run.json" : "run.json");
    }

    /** The last stdout line that is not the [artifacts] block (goload's own paths, printed after the final block). */
    private static String lastReferenceLine(String out) {
        List<String> lines = out.lines().filter(l -> !l.isBlank() && !l.startsWith("[artifacts] ")
                && !l.startsWith("            ")).toList();
        return lines.isEmpty() ? "" : lines.getLast();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "order", "cm", "app", "tenants"})
    void aBrokerThatNeverAnsweredExits1AndSaysWhy(String mode) throws Exception {
        MainRun r = MainRun.of(args(mode, NOBODY).toArray(String[]::new));
        assertEquals(ExitCodes.SETUP, r.code(), r.out() + r.err());
        List<String> why = r.err().lines().filter(l -> l.startsWith("goload: the broker at " + NOBODY
                + " never answered: ")).toList();
        assertEquals(1, why.size(), r.err());
        assertTrue(why.getFirst().matches(".* never answered: [0-9,]+ requests, 0 answers \\(connection refused\\)"),
                why.getFirst());
        assertTrue(lastReferenceLine(r.out()).startsWith(LAST_LINE.get(mode)), r.out());
        if (mode.equals("order")) return; // its configure failure stops it before the run: no record (as before)
        RecordSchema.assertValid(record(mode));
        dev.goload.report.RecordConsistency.assertConsistent(record(mode)); // every failed call counted once
        JsonNode rec = new ObjectMapper().readTree(record(mode).toFile());
        JsonNode f = rec.get("setupFailure");
        assertEquals("brokerNeverAnswered", f.get("kind").asText(), f.toString());
        assertEquals("Connection refused", f.get("cause").asText());
        assertEquals(0, f.get("answers").asLong());
        JsonNode c = rec.get("loader").get("connections");
        assertTrue(c.get("requests").asLong() > 0, c.toString());
        assertEquals(c.get("requests").asLong(), f.get("requests").asLong());
        assertEquals(0, c.get("answers").asLong());
        assertEquals(why.getFirst(), "goload: " + f.get("message").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max"})
    void aBrokerAnswering500ToEverythingAnsweredAndExitsAsBefore(String mode) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", ex -> {
            byte[] body = "{\"error\":\"internal\"}".getBytes(StandardCharsets.UTF_8);
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(500, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            MainRun r = MainRun.of(args(mode, url).toArray(String[]::new));
            assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
            assertFalse(r.err().contains("never answered"), r.err());
            assertTrue(lastReferenceLine(r.out()).startsWith(LAST_LINE.get(mode)), r.out());
            dev.goload.report.RecordConsistency.assertConsistent(record(mode));
            JsonNode rec = new ObjectMapper().readTree(record(mode).toFile());
            assertTrue(rec.get("setupFailure").isNull(), rec.get("setupFailure").toString());
            JsonNode c = rec.get("loader").get("connections");
            assertTrue(c.get("answers").asLong() > 0, c.toString());
            assertTrue(rec.get("errors").get("push").get("byKind").get("http_5xx").asLong() > 0,
                    rec.get("errors").toString());
        } finally {
            server.stop(0);
        }
    }
}
