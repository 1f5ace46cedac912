package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.RecordSchema;
import dev.goload.report.ReferenceLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 3, test 4: a run stopped by SIGINT or SIGTERM finishes like a timed run — exit 0, {@code [signal]
 * stopping...}, the final line, and complete artifacts (run record, interval CSV, .hlog). A real child JVM on the
 * test classpath (no jar needed), signalled by pid.
 */
class SignalStopArtifactsTest {
    @TempDir
    Path out;

    private Process child;

    @AfterEach
    void killChild() {
        if (child != null && child.isAlive()) {
            child.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void signalStopsTheRunCleanlyWithExitZeroAndCompleteArtifacts(String signal) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        child = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "dev.goload.cli.Main", "-mode", "openloop", "-embedded", "-rate", "2000", "-push-batch", "10",
                "-duration", "0", "-report", "1", "-consumers", "2", "-out", out.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Thread reader = Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException e) {
                // the child is gone
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (intervalLines(lines) < 1) {
            assertTrue(child.isAlive() && System.nanoTime() < deadline, "no report lines: " + lines);
            Thread.sleep(20);
        }
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
        assertEquals(0, kill.waitFor());
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the run stops after SIG" + signal);
        reader.join(5_000);

        assertEquals(0, child.exitValue(), "SIG" + signal + " ends a run normally (the reference exits 0)\n" + lines);
        assertTrue(lines.contains("[signal] stopping..."), lines.toString());
        var fin = ReferenceLines.single(lines, ReferenceLines.OPENLOOP_FINAL);

        JsonNode rec;
        try (Stream<Path> files = Files.list(out)) {
            Path json = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            rec = new ObjectMapper().readTree(json.toFile());
        }
        String runId = rec.get("runId").asText();
        assertEquals("signal", rec.get("stopReason").asText());
        JsonNode c = rec.get("counters");
        long offered = c.get("offeredReq").asLong();
        assertTrue(offered > 0);
        assertEquals(offered, c.get("sentReq").asLong() + c.get("shedCapReq").asLong() + c.get("shedBehindReq").asLong());
        assertEquals(c.get("achievedReq").asLong() * 10, c.get("pushedMsgs").asLong());
        assertEquals(0, c.get("pushErrReq").asLong(), "pushes cut off at shutdown are not errors");
        assertEquals(0, rec.get("inflightAtEnd").asInt());
        assertEquals(offered, ReferenceLines.num(fin, "offered"), "final line == run record");
        assertEquals(c.get("pushedMsgs").asLong(), ReferenceLines.num(fin, "pushed"));
        assertEquals(c.get("popped").asLong(), ReferenceLines.num(fin, "popped"));
        RecordSchema.assertValid(rec);
        dev.goload.report.RecordConsistency.assertConsistent(rec);
        int intervals = rec.get("intervals").asInt();
        assertTrue(intervals >= 2, "a timed interval and the last, partial one: " + intervals);
        long summed = 0;
        for (JsonNode p : rec.get("phases")) {
            summed += p.get("counters").get("offeredReq").asLong();
        }
        assertEquals(offered, summed, "the phases' counters add up to the totals");

        List<String> csv = Files.readAllLines(out.resolve(runId + ".intervals.csv"));
        List<String> header = List.of(csv.getFirst().split(","));
        assertTrue(header.containsAll(List.of("end_epoch_ms", "interval", "seconds", "offered_req_s", "achieved_req_s",
                "shed_cap_req", "shed_behind_req", "pushed_msgs_s", "popped_msgs_s", "inflight", "push_p50_ms",
                "push_p99_ms", "push_p999_ms", "pushed_total", "popped_total", "lag", "loader_bound")), header.toString());
        assertEquals(intervals, csv.size() - 1, "one row per interval");
        for (String row : csv.subList(1, csv.size())) {
            assertEquals(header.size(), row.split(",", -1).length, row);
        }

        Set<String> tags = new HashSet<>();
        int histograms = 0;
        try (var in = Files.newInputStream(out.resolve(runId + ".hlog"))) {
            HistogramLogReader r = new HistogramLogReader(in);
            for (EncodableHistogram h; (h = r.nextIntervalHistogram()) != null; histograms++) {
                tags.add(h.getTag());
            }
        }
        assertTrue(histograms >= intervals, "histograms: " + histograms);
        assertTrue(tags.containsAll(Set.of("push", "service", "lateness")), tags.toString());
    }

    private static long intervalLines(List<String> lines) {
        synchronized (lines) {
            return lines.stream().filter(l -> ReferenceLines.OPENLOOP_INTERVAL.matcher(l).matches()).count();
        }
    }
}
