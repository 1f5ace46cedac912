package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.report.metrics.Exposition;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real openloop run against the embedded broker with {@code -metrics-addr 127.0.0.1:0}: scraped over loopback during
 * the run and at its end (the linger keeps the endpoint up until that scrape), the exposition parsed, and its final
 * figures compared with the run record's — counters, errors and every latency histogram's count. A bearer token is
 * set and must appear nowhere in what the endpoint serves.
 */
class MetricsEndpointEndToEndTest {
    private static final String SECRET = "tk-9f3c1e55-metrics-must-not-leak";
    private static final Pattern SERVING = Pattern.compile("\\[metrics] serving (http://127\\.0\\.0\\.1:\\d+/metrics)");

    /** The record's counters and the series that carries each. */
    private static final Map<String, String[]> SERIES = Map.ofEntries(
            Map.entry("offeredReq", new String[] {"goload_offered_requests_total"}),
            Map.entry("sentReq", new String[] {"goload_sent_requests_total"}),
            Map.entry("achievedReq", new String[] {"goload_achieved_requests_total"}),
            Map.entry("shedCapReq", new String[] {"goload_shed_requests_total", "reason", "cap"}),
            Map.entry("shedBehindReq", new String[] {"goload_shed_requests_total", "reason", "behind"}),
            Map.entry("pushedMsgs", new String[] {"goload_pushed_messages_total"}),
            Map.entry("pushErrReq", new String[] {"goload_push_failed_requests_total"}),
            Map.entry("pushCanceledReq", new String[] {"goload_push_canceled_requests_total"}),
            Map.entry("itemFailed", new String[] {"goload_push_items_total", "status", "failed"}),
            Map.entry("itemDuplicate", new String[] {"goload_push_items_total", "status", "duplicate"}),
            Map.entry("itemBuffered", new String[] {"goload_push_items_total", "status", "buffered"}),
            Map.entry("popCalls", new String[] {"goload_pop_calls_total"}),
            Map.entry("popErr", new String[] {"goload_pop_failed_calls_total"}),
            Map.entry("popCanceledCalls", new String[] {"goload_pop_canceled_calls_total"}),
            Map.entry("emptyPops", new String[] {"goload_empty_pops_total"}),
            Map.entry("popped", new String[] {"goload_popped_messages_total"}),
            Map.entry("ackCalls", new String[] {"goload_ack_calls_total"}),
            Map.entry("acked", new String[] {"goload_acked_messages_total"}),
            Map.entry("ackErr", new String[] {"goload_ack_failed_total"}),
            Map.entry("ackCanceledCalls", new String[] {"goload_ack_canceled_calls_total"}),
            Map.entry("backoffs", new String[] {"goload_backoffs_total"}));

    @TempDir
    Path dir;

    /** stderr as the run writes it, readable from the test thread. */
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void theEndpointServesTheRunLiveAndItsFinalFiguresEqualTheRecord() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] args = {"-mode", "openloop", "-embedded", "-rate", "400", "-push-batch", "10", "-duration", "3",
                "-report", "1", "-manual-ack", "-token", SECRET, "-metrics-addr", "127.0.0.1:0", "-metrics-linger",
                "2m", "-out", dir.toString(), "-run-id", "metrics-e2e"};
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String url = awaitUrl(run);

        Exposition during = awaitScrape(url, e -> e.value("goload_offered_requests_total") > 0, run);
        assertEquals(0, during.value("goload_run_finished"), "scraped while the run goes");
        assertSafe(during);

        // this scrape of the final figures ends the 2-minute linger: the run returns right after it
        Exposition last = awaitScrape(url, e -> e.value("goload_run_finished") == 1, run);
        assertEquals(0, run.get(60, TimeUnit.SECONDS), out + "\n" + err);
        assertSafe(last);

        JsonNode rec = new ObjectMapper().readTree(dir.resolve("metrics-e2e.json").toFile());
        JsonNode counters = rec.get("counters");
        List<String> unmapped = new ArrayList<>();
        counters.fieldNames().forEachRemaining(k -> {
            if (!SERIES.containsKey(k) && !k.equals("ackMicros") && !k.equals("backoffMillis")) unmapped.add(k);
        });
        assertEquals(List.of(), unmapped, "every counter of the record has a series");
        SERIES.forEach((key, series) -> assertEquals(counters.get(key).asDouble(), value(last, series), key));
        assertEquals(counters.get("ackMicros").asLong() / 1e6, last.value("goload_ack_call_seconds_total"), 1e-9);
        assertTrue(counters.get("achievedReq").asLong() > 0 && counters.get("acked").asLong() > 0, counters.toString());

        rec.get("errors").fields().forEachRemaining(op -> op.getValue().get("byKind").fields().forEachRemaining(k ->
                assertEquals(k.getValue().asDouble(), last.value("goload_errors_total", "operation", op.getKey(),
                        "kind", k.getKey()), op.getKey() + "." + k.getKey())));

        JsonNode latency = rec.get("latencyMs");
        assertTrue(latency.get("push").get("count").asLong() > 0);
        latency.fields().forEachRemaining(tag -> {
            long n = tag.getValue().get("count").asLong();
            assertEquals(n, last.value("goload_latency_seconds_count", "tag", tag.getKey()), tag.getKey());
            assertEquals(n, last.value("goload_latency_seconds_bucket", "tag", tag.getKey(), "le", "+Inf"));
            double mean = tag.getValue().get("mean").asDouble();
            if (n > 0) {
                assertEquals(mean, last.value("goload_latency_seconds_sum", "tag", tag.getKey()) / n * 1000,
                        1e-6 * Math.max(1, mean), tag.getKey() + " mean");
            }
        });
        assertTrue(last.value("goload_run_elapsed_seconds") >= 3, "the last interval ends after the 3 s duration");
        assertFalse(Files.readString(dir.resolve("metrics-e2e.json")).contains(SECRET));
        assertProgressLines(out.toString(StandardCharsets.UTF_8));
    }

    /** Each full interval's lines end with the progress line; the reference's lines are untouched around it. */
    private static void assertProgressLines(String stdout) {
        List<String> lines = stdout.lines().toList();
        Pattern progress = Pattern.compile("\\[\\d\\d:\\d\\d:\\d\\d] \\+ t=(\\d)s/3s \\((\\d+)%\\)");
        int seen = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = progress.matcher(lines.get(i));
            if (!m.matches()) continue;
            seen++;
            assertEquals(Integer.parseInt(m.group(1)) * 100 / 3, Integer.parseInt(m.group(2)), lines.get(i));
            String ts = lines.get(i).substring(0, 11);
            int j = i - 1;
            while (lines.get(j).startsWith(ts + "+ ") || lines.get(j).contains("WARNING")) j--;
            assertTrue(lines.get(j).startsWith(ts + "offered="), "after the interval's lines: " + lines.get(j));
        }
        assertTrue(seen >= 2, "a progress line per full interval:\n" + stdout);
    }

    private static double value(Exposition e, String[] series) {
        String[] labels = java.util.Arrays.copyOfRange(series, 1, series.length);
        return e.value(series[0], labels);
    }

    private static void assertSafe(Exposition e) {
        assertFalse(e.body().contains(SECRET), "the token leaked into the exposition");
        assertFalse(e.body().contains("Bearer"), e.body());
        for (Exposition.Sample s : e.samples()) {
            assertEquals("metrics-e2e", s.labels().get("run_id"), s.toString());
            assertEquals("openloop", s.labels().get("mode"), s.toString());
            assertFalse(s.labels().containsKey("shard"), "an unsharded run has no shard label");
        }
    }

    private String awaitUrl(CompletableFuture<Integer> run) throws InterruptedException {
        return dev.goload.support.ServingLine.await(SERVING, err, run, "metrics");
    }

    private Exposition awaitScrape(String url, Predicate<Exposition> until, CompletableFuture<Integer> run)
            throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            Exposition e = Exposition.scrape(url, Exposition.PROMETHEUS_TEXT);
            if (until.test(e)) return e;
            if (run.isDone()) throw new AssertionError("the run ended first: " + err + "\nlast scrape:\n" + e.body());
            Thread.sleep(50);
        }
        throw new AssertionError("condition never met at " + url);
    }
}
