package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.dashboard.Sse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real openloop run against the embedded broker with {@code -dashboard 127.0.0.1:0}: its stream read over loopback
 * while the run goes (an event per report interval), the final event's figures compared with the record's, and a
 * bearer token that must appear nowhere the dashboard serves. Bad addresses and a port in use exit 2 before the run.
 */
class DashboardEndToEndTest {
    private static final String SECRET = "tk-51d2-dashboard-e2e-must-not-leak";
    private static final Pattern SERVING = Pattern.compile("\\[dashboard] serving (http://127\\.0\\.0\\.1:\\d+/)");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void theDashboardStreamsEveryIntervalAndEndsWithTheRecordsFigures() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] args = {"openloop", "--embedded", "--rate", "400", "--push-batch", "10", "--duration", "3",
                "--report", "1", "--token", SECRET, "--dashboard", "127.0.0.1:0", "--out", dir.toString(),
                "--run-id", "dash-e2e"};
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String url = awaitUrl(run);
        List<Sse.Event> events = new ArrayList<>();
        try (Sse sse = new Sse(url)) {
            for (Sse.Event e = sse.next(); e != Sse.EOF; e = sse.next()) events.add(e);
        }
        assertEquals(0, run.get(60, TimeUnit.SECONDS), out + "\n" + err);
        assertEquals("hello", events.getFirst().name());
        assertEquals("history", events.get(1).name());
        assertEquals("final", events.getLast().name());
        long intervals = events.stream().filter(e -> e.name().equals("interval")).count()
                + events.get(1).json().path("points").size();
        JsonNode rec = new ObjectMapper().readTree(dir.resolve("dash-e2e.json").toFile());
        // three full intervals and the partial last one, each once, in the history or live
        assertEquals(4, intervals, events.toString());
        JsonNode f = events.getLast().json();
        assertEquals(rec.path("counters"), f.path("counters"), "the final figures are the record's");
        assertEquals(rec.path("latencyMs").path("push").path("p99").asDouble(),
                f.path("latency").path("push").path("p99").asDouble());
        assertEquals("verdict NONE", f.path("headline").asText());
        assertEquals("report", f.path("report").asText(), "the HTML report is linked");
        long offered = 0;
        for (Sse.Event e : events) {
            if (e.name().equals("interval")) offered += e.json().path("point").path("c").path("offeredReq").asLong();
            if (e.name().equals("history")) {
                for (JsonNode p : e.json().path("points")) offered += p.path("c").path("offeredReq").asLong();
            }
            assertFalse(e.data().contains(SECRET), "the token leaked into " + e.name());
            assertFalse(e.data().contains("Bearer"), e.data());
        }
        assertEquals(rec.path("counters").path("offeredReq").asLong(), offered, "the intervals add up to the record");
    }

    @Test
    void aBadAddressOrAPortInUseExitsTwoBeforeTheRun() throws Exception {
        assertEquals(2, run("-mode", "openloop", "-embedded", "-rate", "10", "-duration", "1", "-dashboard", "5665"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("-dashboard wants HOST:PORT"), err.toString());
        err.reset();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(2, run("-mode", "openloop", "-embedded", "-rate", "10", "-duration", "1", "-dashboard",
                    "127.0.0.1:" + taken.getLocalPort()));
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("cannot listen there"), e);
        assertFalse(e.contains("[embedded] broker listening"), "refused before the broker starts: " + e);
        err.reset();
        assertEquals(2, run("-mode", "cloud", "-embedded", "-rate", "10", "-duration", "1", "-dashboard-linger",
                "-1s"));
    }

    private int run(String... args) {
        return Main.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String awaitUrl(CompletableFuture<Integer> run) throws InterruptedException {
        return dev.goload.support.ServingLine.await(SERVING, err, run, "dashboard");
    }
}
