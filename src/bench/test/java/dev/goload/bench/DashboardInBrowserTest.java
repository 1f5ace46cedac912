package dev.goload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.cli.Main;
import dev.goload.report.html.Chromium;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live dashboard in headless Chromium, held open over the DevTools protocol ({@link ChromiumPage}) while a real
 * embedded openloop run goes: the page renders its charts with no JavaScript error, its points grow while the run
 * goes, and at the end it shows the record's final figures, the verdict's why and the link to the HTML report.
 * Skipped (one line) without Chromium, failing under {@code CI=true}.
 *
 * <p>{@link #theJavaScriptHeapOfAPageOpenForALongRun} is the measurement of the page's own memory over a long run,
 * run only when asked: {@code GOLOAD_DASHBOARD_HEAP_MINUTES=10 scripts/test -Dtest='DashboardInBrowserTest#the*Heap*'}
 * (docs/dashboard.md, "Memory of the page").
 */
class DashboardInBrowserTest {
    private static final Pattern SERVING = Pattern.compile("\\[dashboard] serving (http://127\\.0\\.0\\.1:\\d+/)");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void thePageRendersUpdatesWhileTheRunGoesAndShowsTheFinalFigures() throws Exception {
        Chromium.require();
        CompletableFuture<Integer> run = start("-duration", "12", "-dashboard-linger", "20s", "-e2e");
        String url = awaitUrl(run);
        try (ChromiumPage page = ChromiumPage.open(Chromium.require(), url, dir.resolve("profile"))) {
            JsonNode early = await(page, c -> c.path("points").asInt() >= 1, "an interval drawn");
            assertTrue(!early.path("finished").asBoolean(), "the page opened while the run goes: " + early);
            JsonNode later = await(page, c -> c.path("points").asInt() > early.path("points").asInt(),
                    "more points while the run goes");
            assertEquals(0, later.path("errors").size(), "JavaScript errors: " + later);
            assertTrue(later.path("charts").has("rates") && later.path("charts").has("lat-push")
                    && later.path("charts").has("lat-e2e") && later.path("charts").has("cpu"), later.toString());
            later.path("charts").forEach(n -> assertEquals(later.path("points").asInt(), n.asInt(), "every chart "
                    + "has every point: " + later));
            assertTrue(page.eval("document.querySelectorAll('#charts canvas').length").asInt()
                    >= later.path("charts").size(), "the charts are drawn");

            JsonNode done = await(page, c -> c.path("finished").asBoolean(), "the final event");
            assertEquals(0, done.path("errors").size(), "JavaScript errors: " + done);
            JsonNode rec = JSON.readTree(dir.resolve("in-browser.json").toFile());
            assertEquals("verdict NONE", page.eval("document.getElementById('headline').textContent").asText());
            String offered = page.eval("(function(){var t=document.querySelectorAll('#final-counters tr');"
                    + "for(var i=0;i<t.length;i++){if(t[i].cells[0].textContent==='offeredReq')"
                    + "return t[i].cells[1].textContent;}return null;})()").asText();
            assertEquals(rec.path("counters").path("offeredReq").asText(), offered, "the record's figure is shown");
            assertEquals(String.format(Locale.ROOT, "%.3f", rec.path("latencyMs").path("push").path("p99")
                    .asDouble()), page.eval("document.querySelector('#final-latency tr:nth-child(2) td:nth-child(4)')"
                    + ".textContent").asText(), "push p99 of the record");
            assertEquals("report", page.eval("document.getElementById('report-link').getAttribute('href')").asText());
            assertTrue(page.eval("document.getElementById('status').textContent").asText().equals("finished"));
        }
        assertEquals(0, run.get(60, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Samples the page's JavaScript heap (after a GC) once a minute over a {@code -report 1} run of
     * {@code GOLOAD_DASHBOARD_HEAP_MINUTES} minutes, prints the samples and writes them to
     * {@code target/dashboard-heap.tsv}; asserts nothing about their size (a measurement, not a test), only that the
     * page kept working to the end.
     */
    @Test
    void theJavaScriptHeapOfAPageOpenForALongRun() throws Exception {
        String minutes = System.getenv("GOLOAD_DASHBOARD_HEAP_MINUTES");
        Assumptions.assumeTrue(minutes != null && !minutes.isBlank(),
                "set GOLOAD_DASHBOARD_HEAP_MINUTES=10 to measure the dashboard page's heap over a 10-minute run");
        Chromium.require();
        int m = Integer.parseInt(minutes.trim());
        CompletableFuture<Integer> run = start("-duration", Integer.toString(m * 60 + 5), "-e2e");
        String url = awaitUrl(run);
        List<String> rows = new ArrayList<>(List.of("minute\tpoints\theap_used_bytes"));
        try (ChromiumPage page = ChromiumPage.open(Chromium.require(), url, dir.resolve("profile"))) {
            await(page, c -> c.path("points").asInt() >= 1, "the first interval");
            for (int i = 0; i <= m; i++) {
                JsonNode c = check(page);
                rows.add(i + "\t" + c.path("points").asInt() + "\t" + page.heapUsedBytes());
                System.out.println("[dashboard-heap] " + rows.getLast());
                if (i < m) Thread.sleep(60_000);
            }
            assertEquals(0, check(page).path("errors").size());
        }
        Files.write(Path.of("target", "dashboard-heap.tsv"), rows);
        assertEquals(0, run.get(120, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
    }

    private CompletableFuture<Integer> start(String... extra) {
        List<String> a = new ArrayList<>(List.of("-mode", "openloop", "-embedded", "-rate", "2000", "-push-batch",
                "20", "-report", "1", "-consumers", "2", "-partitions", "4", "-dashboard", "127.0.0.1:0", "-out",
                dir.toString(), "-run-id", "in-browser"));
        a.addAll(List.of(extra));
        String[] args = a.toArray(String[]::new);
        // a thread of its own, not the common pool, which the browser's WebSocket client needs (one thread on 2 cores)
        CompletableFuture<Integer> run = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> run.complete(Main.run(args, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8))));
        return run;
    }

    private static JsonNode check(ChromiumPage page) throws Exception {
        return PageWatch.check(page);
    }

    private static JsonNode await(ChromiumPage page, Predicate<JsonNode> until, String what) throws Exception {
        JsonNode c = null;
        for (int i = 0; i < 600; i++) {
            c = check(page);
            if (until.test(c)) return c;
            Thread.sleep(100);
        }
        throw new AssertionError("the page never showed " + what + ": " + c);
    }

    private String awaitUrl(CompletableFuture<Integer> run) throws InterruptedException {
        return dev.goload.support.ServingLine.await(SERVING, err, run, "dashboard");
    }
}
